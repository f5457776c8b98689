import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * One hook order for every route (http/auth.ts): the caller is authenticated and authorised before the body is
 * parsed or validated. Walks every operation of the OpenAPI document that needs a caller and sends it a body
 * and query that would fail validation: an anonymous caller must get 401, and a merchant on an admin route 403,
 * never a 400 describing the route's schema.
 */
let ctx: TestContext;
type Operation = { method: string; path: string; security: unknown[] };
let operations: Operation[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      security: op.security ?? [],
    })),
  );
});
afterAll(() => ctx.close());

/** The operation's URL with made-up ids, and a query and body no schema accepts. */
const urlOf = (path: string) => `/api/v1${path.replace(/\{[^}]+\}/g, 'x')}?limit=-1&page=NaN`;
const badBody = { amount: 'not a number', currency: 12, unexpected: ['\u0000'] };

describe('authentication comes before validation', () => {
  it('answers 401 to an anonymous caller on every guarded operation, whatever the body', async () => {
    const guarded = operations.filter((o) => o.security.length > 0);
    expect(guarded.length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const op of guarded) {
      const res = await ctx.app.inject({ method: op.method as 'GET', url: urlOf(op.path), payload: badBody });
      if (res.statusCode !== 401)
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 to a merchant on every admin operation, before looking at the body', async () => {
    const merchant = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: merchant.id });
    const admin = operations.filter((o) => o.path.startsWith('/admin/'));
    expect(admin.length).toBeGreaterThan(3);
    const wrong: string[] = [];
    for (const op of admin) {
      const res = await ctx.app.inject({
        method: op.method as 'GET',
        url: urlOf(op.path),
        payload: badBody,
        headers: { cookie },
      });
      if (res.statusCode !== 403)
        wrong.push(`${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 before reading a malformed JSON body (the admin rate route of the review)', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/admin/rates/BTC',
      headers: { 'content-type': 'application/json' },
      payload: '{"rate": ',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    expect(res.body).not.toMatch(/fields|expected/i);
  });
});
