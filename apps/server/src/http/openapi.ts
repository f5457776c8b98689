import fs from 'node:fs';
import { API_KEY_PERMISSION_INFO } from '@coinlane/core/api/api-keys';
import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';
import { SESSION_COOKIE } from '#app/modules/auth/sessions.ts';
import { type AuthRequirement, authRequirementOf } from './auth.ts';
import { idempotent } from './idempotency.ts';
import { PUBLIC_ROUTE_PATTERNS } from './rate-limit.ts';

export const OPENAPI_PATH = '/api/v1/openapi.json';
const API_BASE = '/api/v1';
const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Tags, one per module, in the order the reference shows them; routes get theirs from their path. */
export const OPENAPI_TAGS = [
  {
    name: 'Payments',
    prefix: ['/payments'],
    description: 'One attempt to pay: address, amount due, status.',
  },
  {
    name: 'Payment links',
    prefix: ['/payment-links'],
    description: 'A fiat price in a chosen crypto, shared as a hosted payment page.',
  },
  {
    name: 'Checkout',
    prefix: ['/checkout'],
    description: 'What the hosted payment page calls, without sign-in (limited per client IP).',
  },
  {
    name: 'Rates and currencies',
    prefix: ['/exchange-rates', '/currencies', '/cryptocurrencies'],
    description: 'Exchange rates and the supported coins and networks.',
  },
  {
    name: 'API keys',
    prefix: ['/api-keys'],
    description: 'Keys for server-to-server calls. Managed from a signed-in session only.',
  },
  {
    name: 'Payouts',
    prefix: ['/payouts'],
    description:
      'Auto Conversion to stablecoins, payout rules, the payout history and its summary. Account-wide (test and live show the same).',
  },
  { name: 'Webhooks', prefix: ['/webhooks'], description: 'Signed event deliveries to your server.' },
  {
    name: 'Point of sale',
    prefix: ['/pos'],
    description:
      "A shop counter's tablet or phone: devices managed from a session, paired with a one-time code, whose credential only rings up sales and follows them (decision 026).",
  },
  {
    name: 'Account',
    prefix: ['/merchant', '/settings'],
    description: 'Profile and preferences (session only).',
  },
  { name: 'Support', prefix: ['/support'], description: 'Your support tickets (session only).' },
  {
    name: 'Authentication',
    prefix: ['/auth'],
    description: 'Sign-up and the two-step sign-in of the dashboard.',
  },
  { name: 'Admin', prefix: ['/admin'], description: 'The back-office (administrators, session only).' },
  {
    name: 'Platform',
    prefix: ['/health', '/public'],
    description: 'Health and public platform information.',
  },
] as const;

/**
 * Paths whose guards are registered for the whole plugin (not per route) and so are invisible to the generator:
 * documented as session-only. Keep in step with the modules (profile, admin, auth).
 */
const SESSION_AREAS = [/^\/merchant\//, /^\/settings$/, /^\/admin\//, /^\/auth\/(session|mode|password)$/];

const DESCRIPTION = `Every reply is \`{ "success": true, "data": ..., "error": null }\`, or on failure
\`{ "success": false, "data": null, "error": { "message": "...", "code": "VALIDATION_ERROR" } }\` with an HTTP status
of 4xx or 5xx (validation failures add \`error.fields\`, one message per field).

**Authentication.** Server-to-server calls send an API key: \`Authorization: Bearer cl_test_...\` (test mode) or
\`cl_live_...\` (live mode). A key acts only in its own mode and only where its permissions allow: read (view
payments), write (create payments and payment links), webhook (manage webhook endpoints). The dashboard uses a
session cookie instead; key management, profile, settings and admin routes accept the session only.

**Requests from browsers (cross-site request forgery).** A request that changes something (any method but GET,
HEAD and OPTIONS) and carries no API key is refused with 403 \`FORBIDDEN\` when a browser says it comes from
another origin: its \`Origin\` header, or without one \`Sec-Fetch-Site\` (anything but \`same-origin\`), or without
both its \`Referer\`, names a site other than this server (another port or subdomain counts as another origin).
It is refused before authentication, whatever the body's content type. Calls with \`Authorization: Bearer\`
are not concerned, nor are clients that send none of these headers (servers, scripts, the command line): call
the API with a key from your server, never from a customer's browser.

**Bad input.** Text that cannot be stored (a NUL character, a lone UTF-16 surrogate such as \`\\ud800\`) in a
body, query or path parameter is refused with 400 \`VALIDATION_ERROR\` before anything happens. Authentication
and permissions are checked before the body is read: an anonymous call gets 401, not a validation message.

**Idempotency.** POST routes that create money objects accept an \`Idempotency-Key\` header (1 to 255 printable
characters). Retrying with the same key and body returns the first reply again (\`Idempotent-Replayed: true\`);
the same key with another body is refused (409). Keys are kept 24 hours.

**Rate limits.** Calls with an API key, and the public routes per client IP, are limited per minute and per hour
(60 and 1000 unless the platform sets otherwise). Replies carry \`RateLimit-Limit\`, \`RateLimit-Remaining\`,
\`RateLimit-Reset\`; over the limit: 429 with \`Retry-After\`.

**Amounts.** Crypto amounts are decimal strings ("0.00123456"), never JSON numbers.`;

const ERROR_ENVELOPE = {
  description: 'Failure: `success` is false and `error` says why.',
  type: 'object',
  properties: {
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    error: {
      type: 'object',
      properties: {
        message: { type: 'string', examples: ['Invalid input'] },
        code: { type: 'string', examples: ['VALIDATION_ERROR'] },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      required: ['message', 'code'],
    },
  },
  required: ['success', 'data', 'error'],
};

const IDEMPOTENCY_HEADER_SCHEMA = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  description:
    'Optional. Retry safely: the same key with the same body returns the first reply again; another body gives 409. Kept 24 hours.',
};

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route?: RouteOptions };
type JsonObject = Record<string, unknown>;
const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const;
const isZod = (v: unknown): v is $ZodType => v instanceof $ZodType;

/** The route-level hooks of a route, flattened. */
function hooksOf(route: RouteOptions | undefined): unknown[] {
  if (!route) return [];
  return [route.onRequest, route.preValidation, route.preHandler].flatMap((h) =>
    Array.isArray(h) ? h : h ? [h] : [],
  );
}

const adminPermissionNote = (permissions: readonly string[]) =>
  permissions.length === 0 ? '' : `, permission ${permissions.map((p) => `\`${p}\``).join(' or ')}`;

/** Who may call the route: from its guards, else from what is known of its area. */
function securityOf(route: RouteOptions | undefined, path: string) {
  const reqs = hooksOf(route)
    .map(authRequirementOf)
    .filter((r): r is AuthRequirement => r !== undefined);
  const permission = reqs.find((r) => r.kind === 'permission');
  if (permission) {
    const info = API_KEY_PERMISSION_INFO[permission.permission];
    return {
      security: [{ apiKey: [] }, { sessionCookie: [] }],
      'x-api-key-permission': permission.permission,
      note: `API key permission: \`${permission.permission}\` (${info.label}: ${info.description.toLowerCase()}), or a signed-in session.`,
    };
  }
  if (reqs.some((r) => r.kind === 'device')) {
    return {
      security: [{ posDevice: [] }],
      note: 'A paired point-of-sale device only: sessions and API keys are refused.',
    };
  }
  const admin = reqs.find((r) => r.kind === 'admin');
  if (admin) {
    return {
      security: [{ sessionCookie: [] }],
      // Machine-readable: an administrator holding any one of these may call the route (none: any administrator).
      'x-admin-permissions': [...admin.permissions],
      note: `Administrators only (signed-in session${adminPermissionNote(admin.permissions)}).`,
    };
  }
  if (reqs.length > 0 || SESSION_AREAS.some((p) => p.test(path))) {
    return { security: [{ sessionCookie: [] }], note: 'Signed-in session only: API keys are refused.' };
  }
  // Modules put their guards on each route (the convention), so a route without one is public.
  const limited = PUBLIC_ROUTE_PATTERNS.some((p) => p.test(`${API_BASE}${path}`));
  return { security: [], note: `Public: no authentication${limited ? '; limited per client IP' : ''}.` };
}

/** One schema part converted on its own, so that a part zod cannot express does not cost the others. */
function convert(input: TransformInput, part: JsonObject): JsonObject {
  const out = jsonSchemaTransform({ ...input, schema: part } as TransformInput);
  return (out.schema ?? {}) as JsonObject;
}

/**
 * Turns a route's zod schemas into OpenAPI (through fastify-type-provider-zod), passes plain JSON schemas through
 * untouched, never lets one route break the document, hides routes outside /api/v1, and adds what the API
 * adds to every route: tag, authentication, idempotency header, error envelope.
 */
export function transformRoute(input: TransformInput): { schema: JsonObject; url: string } {
  const { url, route } = input;
  const schema = (input.schema ?? {}) as JsonObject;
  if (
    !url.startsWith(`${API_BASE}/`) ||
    url === OPENAPI_PATH ||
    url.startsWith(`${API_BASE}/dev/`) ||
    schema.hide
  ) {
    return { schema: { hide: true }, url };
  }
  const path = url.slice(API_BASE.length);
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (!(SCHEMA_PARTS as readonly string[]).includes(k) && k !== 'response') out[k] = v;
  }
  for (const part of SCHEMA_PARTS) {
    const value = schema[part];
    if (!value) continue;
    if (!isZod(value)) {
      out[part] = value;
      continue;
    }
    try {
      const converted = convert(input, { [part]: value });
      if (converted[part]) out[part] = converted[part];
    } catch {
      out.description =
        `${out.description ?? ''}\n\n(The ${part} schema of this route cannot be shown.)`.trim();
    }
  }
  const responses: JsonObject = {};
  for (const [status, value] of Object.entries((schema.response ?? {}) as JsonObject)) {
    try {
      const converted = isZod(value) ? convert(input, { response: { [status]: value } }) : null;
      responses[status] = converted ? (converted.response as JsonObject)[status] : value;
    } catch {
      responses[status] = { description: 'Reply (schema not available)' };
    }
  }
  if (!responses.default) responses.default = ERROR_ENVELOPE;
  out.response = responses;

  if (!out.tags) {
    const tag = OPENAPI_TAGS.find((t) => t.prefix.some((p) => path === p || path.startsWith(`${p}/`)));
    out.tags = [tag?.name ?? 'Other'];
  }
  if (!out.summary) {
    const method = Array.isArray(route?.method) ? route.method[0] : route?.method;
    out.summary = `${method ?? ''} ${path.replace(/:(\w+)/g, '{$1}')}`.trim();
  }

  const auth = out.security === undefined ? securityOf(route, path) : null;
  if (auth) {
    out.security = auth.security;
    if ('x-api-key-permission' in auth) out['x-api-key-permission'] = auth['x-api-key-permission'];
    if ('x-admin-permissions' in auth) out['x-admin-permissions'] = auth['x-admin-permissions'];
    out.description = [out.description, auth.note].filter(Boolean).join('\n\n');
  }
  if (hooksOf(route).includes(idempotent)) {
    out['x-idempotent'] = true;
    const headers = (out.headers ?? { type: 'object', properties: {} }) as JsonObject & {
      properties?: JsonObject;
    };
    out.headers = {
      ...headers,
      properties: { ...headers.properties, 'Idempotency-Key': IDEMPOTENCY_HEADER_SCHEMA },
    };
  }
  return { schema: out, url };
}

/**
 * Generates the OpenAPI 3.1 document from the route schemas and serves it, public, at GET /api/v1/openapi.json.
 * Register before the routes (it collects them as they are added).
 */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Coinlane API', version: VERSION, description: DESCRIPTION },
      servers: [{ url: `${app.config.appUrl}${API_BASE}`, description: 'This Coinlane server' }],
      tags: OPENAPI_TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cl_test_… or cl_live_…',
            description: 'An API key made on the API Keys page: `Authorization: Bearer cl_test_...`.',
          },
          posDevice: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'cl_pos_test_… or cl_pos_live_…',
            description:
              'A point-of-sale device credential, from POST /pos/pair: accepted only by the /pos/session and /pos/sales routes.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The dashboard session, set by the two-step sign-in.',
          },
        },
      },
    },
    transform: transformRoute as never,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(app.swagger()),
  );
});
