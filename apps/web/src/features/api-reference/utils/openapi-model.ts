import type { JsonSchema, OpenApiDocument, OpenApiOperation } from '../api/openapi.ts';

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type Endpoint = { id: string; method: HttpMethod; path: string; op: OpenApiOperation };
export type TagGroup = { name: string; description?: string; endpoints: Endpoint[] };

/** A stable anchor for an operation: `post-payments-id-cancel`. */
export const endpointId = (method: string, path: string) =>
  `${method}-${path
    .replace(/[{}]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`.toLowerCase();

/** Operations grouped by their first tag, in the document's tag order (unknown tags last, by name). */
export function groupByTag(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const t of doc.tags ?? [])
    groups.set(t.name, { name: t.name, description: t.description, endpoints: [] });
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      if (!groups.has(tag)) groups.set(tag, { name: tag, endpoints: [] });
      groups.get(tag)!.endpoints.push({ id: endpointId(method, path), method, path, op });
    }
  }
  const known = new Set((doc.tags ?? []).map((t) => t.name));
  return [...groups.values()]
    .filter((g) => g.endpoints.length > 0)
    .sort((a, b) => (known.has(a.name) === known.has(b.name) ? 0 : known.has(a.name) ? -1 : 1))
    .map((g) => ({ ...g, endpoints: g.endpoints.sort((a, b) => a.path.localeCompare(b.path)) }));
}

/** Follows a local `$ref` (`#/components/schemas/X`), a few levels deep. */
export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): JsonSchema {
  if (!schema) return {};
  if (!schema.$ref || depth > 8) return schema;
  const target = schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
  return resolveSchema(doc, (target as JsonSchema | undefined) ?? {}, depth + 1);
}

const isNull = (s: JsonSchema) => s.type === 'null' || (s.const === null && s.type === undefined);

/** The variants of a union, without the `null` one, and whether null is allowed. */
export function variantsOf(
  doc: OpenApiDocument,
  schema: JsonSchema,
): { variants: JsonSchema[]; nullable: boolean } {
  const s = resolveSchema(doc, schema);
  const union = s.anyOf ?? s.oneOf;
  if (union) {
    const resolved = union.map((v) => resolveSchema(doc, v));
    const variants = resolved.filter((v) => !isNull(v));
    return { variants, nullable: variants.length < resolved.length || s.nullable === true };
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const rest = s.type.filter((t) => t !== 'null');
    return { variants: [{ ...s, type: rest.length === 1 ? rest[0] : rest }], nullable: true };
  }
  return { variants: [s], nullable: s.nullable === true };
}

/** A short type name: `string`, `integer`, `array of object`, `"read" | "write"`, `string | number`. */
export function typeName(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): string {
  if (!schema) return 'any';
  const { variants, nullable } = variantsOf(doc, schema);
  const names = variants.map((v) => {
    if (v.const !== undefined) return JSON.stringify(v.const);
    if (v.enum) return v.enum.map((e) => JSON.stringify(e)).join(' | ');
    if (v.allOf?.length === 1) return typeName(doc, v.allOf[0], depth + 1);
    const t = Array.isArray(v.type) ? v.type.join(' | ') : v.type;
    if (t === 'array') return depth > 3 ? 'array' : `array of ${typeName(doc, v.items, depth + 1)}`;
    if (t) return t;
    if (v.properties) return 'object';
    return 'any';
  });
  const unique = [...new Set(names)];
  return [...unique, ...(nullable ? ['null'] : [])].join(' | ') || 'any';
}

/** The constraints worth showing next to a field. */
export function constraintsOf(schema: JsonSchema): string[] {
  const out: string[] = [];
  if (schema.format) out.push(schema.format);
  if (schema.minLength !== undefined && schema.maxLength !== undefined) {
    out.push(`${schema.minLength}–${schema.maxLength} chars`);
  } else if (schema.minLength !== undefined && schema.minLength > 0) out.push(`≥ ${schema.minLength} chars`);
  else if (schema.maxLength !== undefined) out.push(`≤ ${schema.maxLength} chars`);
  if (schema.minimum !== undefined) out.push(`≥ ${schema.minimum}`);
  if (schema.exclusiveMinimum !== undefined) out.push(`> ${schema.exclusiveMinimum}`);
  if (schema.maximum !== undefined) out.push(`≤ ${schema.maximum}`);
  if (schema.exclusiveMaximum !== undefined) out.push(`< ${schema.exclusiveMaximum}`);
  if (schema.minItems !== undefined && schema.minItems > 0) out.push(`≥ ${schema.minItems} items`);
  if (schema.maxItems !== undefined) out.push(`≤ ${schema.maxItems} items`);
  if (schema.pattern) out.push(`/${schema.pattern}/`);
  if (schema.default !== undefined) out.push(`default ${JSON.stringify(schema.default)}`);
  return out;
}

const STRING_EXAMPLES: Record<string, string> = {
  'date-time': '2026-01-31T12:00:00Z',
  date: '2026-01-31',
  email: 'customer@example.com',
  uri: 'https://shop.example.com/thanks',
  url: 'https://shop.example.com/thanks',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
};

/** A plausible example value for a schema: its own example when it has one, else one built from its type. */
export function exampleOf(doc: OpenApiDocument, schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return undefined;
  const s = resolveSchema(doc, schema);
  if (s.examples?.length) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const { variants } = variantsOf(doc, s);
  if (variants.length !== 1 || variants[0] !== s) return exampleOf(doc, variants[0], depth + 1) ?? null;
  if (s.allOf?.length) return exampleOf(doc, s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'string':
      return (s.format && STRING_EXAMPLES[s.format]) ?? 'string';
    case 'integer':
    case 'number':
      return s.minimum ?? s.exclusiveMinimum ?? 0;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const item = exampleOf(doc, s.items, depth + 1);
      return item === undefined ? [] : [item];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, prop] of Object.entries(s.properties ?? {})) {
        const value = exampleOf(doc, prop, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** The JSON body schema of a request or reply, if it has one. */
export const jsonSchemaOf = (content: Record<string, { schema?: JsonSchema }> | undefined) =>
  content?.['application/json']?.schema ?? Object.values(content ?? {})[0]?.schema;

export type AuthKind =
  | { kind: 'public' }
  | { kind: 'session' }
  | { kind: 'apiKey'; permission?: string }
  | null;

/** Who may call an operation, from its `security` and the permission extension. */
export function authOf(op: OpenApiOperation): AuthKind {
  if (!op.security) return null;
  if (op.security.length === 0) return { kind: 'public' };
  if (op.security.some((s) => 'apiKey' in s))
    return { kind: 'apiKey', permission: op['x-api-key-permission'] };
  return { kind: 'session' };
}

const shellQuote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** A ready-to-paste curl call of the operation against `baseUrl`. */
export function curlFor(doc: OpenApiDocument, endpoint: Endpoint, baseUrl: string): string {
  const { op, method } = endpoint;
  const params = op.parameters ?? [];
  let path = endpoint.path;
  for (const p of params.filter((p) => p.in === 'path')) {
    const example = exampleOf(doc, p.schema);
    const value = typeof example === 'string' && example !== 'string' ? example : `<${p.name}>`;
    path = path.replace(`{${p.name}}`, value);
  }
  const query = params
    .filter((p) => p.in === 'query' && p.required)
    .map(
      (p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(exampleOf(doc, p.schema) ?? ''))}`,
    );
  const lines = [
    `curl -X ${method.toUpperCase()} ${shellQuote(`${baseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`)}`,
  ];
  const auth = authOf(op);
  if (auth?.kind === 'apiKey') lines.push(`-H "Authorization: Bearer $COINLANE_API_KEY"`);
  if (auth?.kind === 'session') lines.push(`-b 'cl_session=<your session cookie>'`);
  if (op['x-idempotent']) lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  const bodySchema = jsonSchemaOf(op.requestBody?.content);
  if (bodySchema) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(exampleOf(doc, bodySchema) ?? {}, null, 2))}`);
  }
  return lines.join(' \\\n  ');
}
