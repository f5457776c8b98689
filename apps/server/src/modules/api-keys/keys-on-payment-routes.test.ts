import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// API keys against the merchant API of the payment engine: permissions, modes, owners, idempotency.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (key: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, extra = {}) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(key), ...extra },
    ...(payload ? { payload } : {}),
  });

/**
 * A live-mode copy of a payment (live chains are not configured in tests, so the API cannot make one): the same
 * row with another id, mode and address, whatever columns the payments table has.
 */
async function liveCopyOf(paymentId: string): Promise<string> {
  const id = `${paymentId}live`;
  await sql`
    INSERT INTO payments
    SELECT (jsonb_populate_record(null::payments, to_jsonb(p) || jsonb_build_object(
      'id', ${id}::text, 'mode', 'live', 'address', p.address || 'live'))).*
    FROM payments p WHERE p.id = ${paymentId}
  `.execute(ctx.db);
  return id;
}

describe('API keys on the payment routes', () => {
  it('need the permission of each route: read to look, write to create, cancel or change', async () => {
    const user = await createUser({ db: ctx.db });
    const read = (await createKeyFor({ app: ctx.app, userId: user.id, permissions: ['read'] })).key;
    const write = (await createKeyFor({ app: ctx.app, userId: user.id, permissions: ['write'] })).key;
    const webhook = (await createKeyFor({ app: ctx.app, userId: user.id, permissions: ['webhook'] })).key;

    const made = await call(write, 'POST', '/payments', { amount: '0.001', currency: 'BTC' });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as string;

    expect((await call(read, 'GET', '/payments')).statusCode).toBe(200);
    expect((await call(read, 'GET', `/payments/${id}`)).statusCode).toBe(200);
    expect((await call(read, 'GET', '/payment-links')).statusCode).toBe(200);

    for (const [key, method, url, payload, permission] of [
      [read, 'POST', '/payments', { amount: '0.001', currency: 'BTC' }, 'write'],
      [read, 'POST', `/payments/${id}/cancel`, undefined, 'write'],
      [read, 'POST', '/payment-links', { fiatAmount: '10', fiatCurrency: 'USD', currency: 'BTC' }, 'write'],
      [write, 'GET', '/payments', undefined, 'read'],
      [write, 'GET', `/payments/${id}`, undefined, 'read'],
      [webhook, 'GET', '/payments', undefined, 'read'],
      [webhook, 'POST', '/payments', { amount: '0.001', currency: 'BTC' }, 'write'],
    ] as const) {
      const res = await call(key, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: T.apiKeyMissingPermission(permission) });
    }
    // Nothing was cancelled by the refused call.
    expect((await call(read, 'GET', `/payments/${id}`)).json().data.status).toBe('pending');
  });

  it('act in their own mode only: a test key never sees live data, a live key never sees test data', async () => {
    const user = await createUser({ db: ctx.db });
    const testKey = (await createKeyFor({ app: ctx.app, userId: user.id, mode: 'test' })).key;
    const liveKey = (await createKeyFor({ app: ctx.app, userId: user.id, mode: 'live' })).key;
    const testPayment = (
      await call(testKey, 'POST', '/payments', { amount: '0.002', currency: 'BTC' })
    ).json().data.id as string;
    const livePayment = await liveCopyOf(testPayment);

    // The live key: its own live payment only.
    expect((await call(liveKey, 'GET', `/payments/${livePayment}`)).statusCode).toBe(200);
    const liveList = (await call(liveKey, 'GET', '/payments')).json().data.map((p: { id: string }) => p.id);
    expect(liveList).toEqual([livePayment]);
    for (const res of [
      await call(liveKey, 'GET', `/payments/${testPayment}`),
      await call(liveKey, 'POST', `/payments/${testPayment}/cancel`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(testPayment);
    }
    // The live key cannot make test-network payments either: live mode prices and pays on real chains only.
    const liveCreate = await call(liveKey, 'POST', '/payments', { amount: '0.002', currency: 'BTC' });
    expect(liveCreate.statusCode).toBeGreaterThanOrEqual(400);
    expect(liveCreate.statusCode).toBeLessThan(500);

    // The test key: the reverse.
    const testList = (await call(testKey, 'GET', '/payments')).json().data.map((p: { id: string }) => p.id);
    expect(testList).toEqual([testPayment]);
    for (const res of [
      await call(testKey, 'GET', `/payments/${livePayment}`),
      await call(testKey, 'POST', `/payments/${livePayment}/cancel`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(livePayment);
    }
    const live = await ctx.db
      .selectFrom('payments')
      .select('status')
      .where('id', '=', livePayment)
      .executeTakeFirstOrThrow();
    expect(live.status).toBe('pending');
  });

  it("never reach another merchant's payments", async () => {
    const alice = await createUser({ db: ctx.db });
    const bob = await createUser({ db: ctx.db });
    const aliceKey = (await createKeyFor({ app: ctx.app, userId: alice.id })).key;
    const bobKey = (await createKeyFor({ app: ctx.app, userId: bob.id })).key;
    const id = (await call(aliceKey, 'POST', '/payments', { amount: '0.003', currency: 'BTC' })).json().data
      .id;
    expect((await call(bobKey, 'GET', `/payments/${id}`)).statusCode).toBe(404);
    expect((await call(bobKey, 'POST', `/payments/${id}/cancel`)).statusCode).toBe(404);
    expect((await call(bobKey, 'GET', '/payments')).json().data).toEqual([]);
  });

  it('replay POST /payments with the same Idempotency-Key: one payment', async () => {
    const user = await createUser({ db: ctx.db });
    const key = (await createKeyFor({ app: ctx.app, userId: user.id })).key;
    const body = { amount: '0.004', currency: 'BTC', description: 'order 42' };
    const first = await call(key, 'POST', '/payments', body, { 'idempotency-key': 'order-42' });
    const again = await call(key, 'POST', '/payments', body, { 'idempotency-key': 'order-42' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const other = await call(
      key,
      'POST',
      '/payments',
      { ...body, amount: '0.005' },
      { 'idempotency-key': 'order-42' },
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().error.message).toBe(T.idempotencyKeyReused);
    expect((await call(key, 'GET', '/payments')).json().data).toHaveLength(1);
  });
});
