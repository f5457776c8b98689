/** The OpenAPI 3.1 document the server generates from its zod route schemas (GET /api/v1/openapi.json). */
export const OPENAPI_URL = '/api/v1/openapi.json';
export const openapiKey = ['openapi', OPENAPI_URL] as const;

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  examples?: unknown[];
  example?: unknown;
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
};

export type OpenApiParameter = {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
};

type Content = Record<string, { schema?: JsonSchema }>;

export type OpenApiOperation = {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Content };
  responses?: Record<string, { description?: string; content?: Content }>;
  'x-api-key-permission'?: string;
  'x-idempotent'?: boolean;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** A non-OK reply for the document; its status goes into the message. */
export class OpenApiHttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
    this.name = 'OpenApiHttpError';
  }
}

export async function fetchOpenApi({ signal }: { signal?: AbortSignal } = {}): Promise<OpenApiDocument> {
  const res = await fetch(OPENAPI_URL, { signal, headers: { Accept: 'application/json' } });
  if (!res.ok) throw new OpenApiHttpError(res.status);
  const doc = (await res.json()) as OpenApiDocument;
  if (!doc || typeof doc !== 'object' || !doc.paths) throw new OpenApiHttpError(500);
  return doc;
}
