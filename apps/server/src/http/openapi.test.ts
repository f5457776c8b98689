import Ajv2020 from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestContextWithRoutes } from '#app/test/app-with-routes.ts';
import type { TestContext } from '#app/test/test-app.ts';
import { requirePermission } from './auth.ts';
import { ok } from './errors.ts';
import { idempotent } from './idempotency.ts';

// Test-only routes of every shape a module might register: no schema, a plain JSON schema, zod parts that JSON
// Schema cannot express, and a money route with a permission and Idempotency-Key.
async function testRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get('/api/v1/_test/no-schema', async () => ok({}));
  app.post(
    '/api/v1/_test/json-schema',
    {
      schema: {
        body: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
        response: { 200: { type: 'object', properties: { success: { type: 'boolean' } } } },
      },
      // A plain JSON schema route in a zod app: validated by ajv, as Fastify would do alone.
      validatorCompiler: () => () => true,
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async () => ({ success: true }),
  );
  app.post(
    '/api/v1/_test/odd-zod/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        body: z.object({ when: z.date(), big: z.bigint(), custom: z.custom<string>(() => true) }),
        response: { 200: z.object({ at: z.date(), n: z.string().transform((v) => v.length) }) },
      },
    },
    async () => ({ at: new Date(), n: 'abc' }) as never,
  );
  app.post(
    '/api/v1/_test/money',
    {
      preHandler: [requirePermission('write'), idempotent],
      schema: {
        summary: 'Create a test money object',
        tags: ['Payments'],
        body: z.object({ amount: z.string().describe('Decimal string') }),
        response: {
          200: z.object({ success: z.literal(true), data: z.object({ id: z.string() }), error: z.null() }),
        },
      },
    },
    async () => ok({ id: 'x' }),
  );
}

let ctx: TestContext;
// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON
let doc: any;
beforeAll(async () => {
  ctx = await createTestContextWithRoutes(testRoutes);
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = JSON.parse(res.body);
});
afterAll(() => ctx.close());

/** Every `$ref` of the document points at something that exists. */
function danglingRefs(node: unknown, root: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const n of node) danglingRefs(n, root, out);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') {
        const target = v
          .replace(/^#\//, '')
          .split('/')
          .reduce<unknown>((o, part) => (o as Record<string, unknown> | undefined)?.[part], root);
        if (target === undefined) out.push(v);
      } else danglingRefs(v, root, out);
    }
  }
  return out;
}

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the Coinlane API, served publicly', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info).toMatchObject({
      title: 'Coinlane API',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    expect(doc.info.description).toContain('Idempotency-Key');
    expect(doc.servers).toEqual([
      { url: 'http://localhost:3000/api/v1', description: 'This Coinlane server' },
    ]);
    expect(doc.components.securitySchemes).toMatchObject({
      apiKey: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'cl_session' },
    });
    expect(doc.tags.map((t: { name: string }) => t.name)).toContain('API keys');
    expect(danglingRefs(doc, doc)).toEqual([]);
  });

  it('holds JSON Schema 2020-12 schemas that compile, for every body, parameter and reply', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    const rebase = (schema: object) =>
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    let compiled = 0;
    type Content = Record<string, { schema: object }>;
    type Operation = {
      requestBody?: { content: Content };
      parameters?: Array<{ schema: object }>;
      responses?: Record<string, { content?: Content }>;
    };
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(item)) {
        const schemas = [
          ...Object.values(op.requestBody?.content ?? {}).map((c) => c.schema),
          ...(op.parameters ?? []).map((p) => p.schema),
          ...Object.values(op.responses ?? {}).flatMap((r) =>
            Object.values(r.content ?? {}).map((c) => c.schema),
          ),
        ];
        for (const schema of schemas) {
          expect(() => ajv.compile(rebase(schema)), `${method} ${path}`).not.toThrow();
          compiled++;
        }
      }
    }
    expect(compiled).toBeGreaterThan(40);
  });

  it('describes the API key routes with summaries, tags, parameters, bodies and replies', () => {
    const keys = doc.paths['/api-keys'];
    expect(Object.keys(keys).sort()).toEqual(['get', 'post']);
    expect(keys.post).toMatchObject({
      summary: 'Create an API key',
      tags: ['API keys'],
      security: [{ sessionCookie: [] }],
      requestBody: { required: true },
    });
    const body = keys.post.requestBody.content['application/json'].schema;
    expect(body.properties.name).toMatchObject({ type: 'string', minLength: 1, maxLength: 100 });
    expect(body.properties.permissions.items.enum).toEqual(['read', 'write', 'webhook']);
    expect(body.required).toEqual(['name']);
    const reply = keys.post.responses['200'].content['application/json'].schema;
    expect(reply.properties.data.properties.key.type).toBe('string');
    expect(keys.post.responses.default.description).toContain('success');
    expect(doc.paths['/api-keys/{id}'].put.parameters).toEqual([
      expect.objectContaining({ in: 'path', name: 'id', required: true }),
    ]);
    expect(doc.paths['/api-keys/{id}'].delete.summary).toBe('Delete an API key');
    expect(doc.paths['/api-keys/{id}/rotate'].post.summary).toBe('Rotate an API key');
  });

  it('documents authentication, permission and Idempotency-Key from the route guards', () => {
    const money = doc.paths['/_test/money'].post;
    expect(money.security).toEqual([{ apiKey: [] }, { sessionCookie: [] }]);
    expect(money['x-api-key-permission']).toBe('write');
    expect(money['x-idempotent']).toBe(true);
    expect(money.description).toContain('API key permission: `write`');
    expect(money.parameters).toEqual([
      expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false }),
    ]);
    expect(money.requestBody.content['application/json'].schema.properties.amount.description).toBe(
      'Decimal string',
    );
    expect(doc.paths['/merchant/profile'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths['/health'].get.security).toEqual([]);
  });

  it('keeps routes without zod schemas, with plain JSON schemas or with odd zod types', () => {
    expect(doc.paths['/_test/no-schema'].get.summary).toBe('GET /_test/no-schema');
    const json = doc.paths['/_test/json-schema'].post;
    expect(json.requestBody.content['application/json'].schema.properties.a.type).toBe('string');
    const odd = doc.paths['/_test/odd-zod/{id}'].post;
    expect(odd.summary).toBe('POST /_test/odd-zod/{id}');
    expect(odd.responses['200']).toBeDefined();
  });

  it('lists only the API, not itself, static files or the development outbox', () => {
    const paths = Object.keys(doc.paths);
    expect(paths).not.toContain('/openapi.json');
    expect(
      paths.some((p) => p.startsWith('/uploads') || p.startsWith('/dev/') || p.startsWith('/api/')),
    ).toBe(false);
  });
});
