import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * Text that cannot be stored (lone UTF-16 surrogates, NUL) and malformed bodies are refused with a 4xx from the
 * error catalogue before anything is written or streamed (http/well-formed-input.ts). Each case answered 500, or
 * a CSV cut short, before.
 */
let ctx: TestContext;
let merchant: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  merchant = await signIn({ app: ctx.app, userId: (await createUser({ db: ctx.db })).id });
  admin = await signIn({
    app: ctx.app,
    userId: (await createUser({ db: ctx.db, adminRole: 'super_admin' })).id,
  });
});
afterAll(() => ctx.close());

const send = (cookie: string, method: 'POST' | 'PUT', url: string, json: string) =>
  ctx.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload: json });

/** A JSON text holding a lone surrogate escape (JSON.stringify would write it the same way). */
const LONE = '"\\ud800x"';

const expectRefused = (res: {
  statusCode: number;
  json: () => { error: { code: string; message: string } };
}) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('VALIDATION_ERROR');
  expect(res.json().error.message).toMatch(/cannot be stored/);
};

describe('lone surrogates in JSON strings', () => {
  it('are refused in an API key name, admin settings, payment and payment-link metadata, changing nothing', async () => {
    const count = async (table: 'api_keys' | 'payments' | 'payment_links') =>
      Number(
        (
          await ctx.db
            .selectFrom(table)
            .select((e) => e.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const settingsBefore = await ctx.db.selectFrom('system_settings').selectAll().orderBy('key').execute();

    expectRefused(
      await send(merchant, 'POST', '/api/v1/api-keys', `{"name": ${LONE}, "permissions": ["read"]}`),
    );
    expectRefused(
      await send(admin, 'PUT', '/api/v1/admin/settings', `{"general": {"platform_name": ${LONE}}}`),
    );
    expectRefused(
      await send(
        merchant,
        'POST',
        '/api/v1/payments',
        `{"amount": "0.01", "currency": "BTC", "metadata": {"order": ${LONE}}}`,
      ),
    );
    expectRefused(
      await send(
        merchant,
        'POST',
        '/api/v1/payment-links',
        `{"fiatAmount": 10, "currency": "BTC", "metadata": {${LONE}: 1}}`,
      ),
    );

    expect(await count('api_keys')).toBe(0);
    expect(await count('payments')).toBe(0);
    expect(await count('payment_links')).toBe(0);
    expect(await ctx.db.selectFrom('system_settings').selectAll().orderBy('key').execute()).toEqual(
      settingsBefore,
    );
  });

  it('keeps well-formed text outside the Basic Multilingual Plane (a surrogate pair) working', async () => {
    const res = await send(
      merchant,
      'POST',
      '/api/v1/api-keys',
      '{"name": "Shop \\ud83d\\ude00", "permissions": ["read"]}',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Shop 😀');
  });
});

describe('the avatar upload', () => {
  it('answers 400 to multipart/form-data without a boundary', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/merchant/avatar',
      headers: { cookie: merchant, 'content-type': 'multipart/form-data' },
      payload: 'not really multipart',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });
});

describe('the CSV export', () => {
  it('refuses a NUL byte in the search before the first byte of the file', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/transactions/export.csv?search=a%00b',
      headers: { cookie: merchant },
    });
    expectRefused(res);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('is still a CSV file over a real connection for good input', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/transactions/export.csv?search=ab`, {
      headers: { cookie: merchant },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).toString('utf8')).toMatch(/^\uFEFFTransaction ID,/);
  });
});

describe('bodies and paths the parser or router cannot use', () => {
  it('refuses a body nested deeper than any request needs, with an Idempotency-Key too (was a stack overflow)', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { cookie: merchant, 'content-type': 'application/json', 'idempotency-key': 'deep-1' },
      payload: `{"amount": "0.01", "currency": "BTC", "metadata": {"a": ${deep}}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('answers a malformed or over-long path in the API envelope', async () => {
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/payments/%zz',
      headers: { cookie: merchant },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, data: null, error: { code: 'BAD_REQUEST' } });
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/payments/pay_${'a'.repeat(300)}`,
      headers: { cookie: merchant },
    });
    expect(long.statusCode).toBe(404);
    expect(long.json()).toMatchObject({ success: false, data: null, error: { code: 'NOT_FOUND' } });
  });
});
