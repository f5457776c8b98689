import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import {
  Coinlane,
  CoinlaneApiError,
  CoinlaneAuthenticationError,
  CoinlaneConflictError,
  CoinlaneConnectionError,
  CoinlaneError,
  CoinlaneInvalidRequestError,
  CoinlaneNotFoundError,
  CoinlanePermissionError,
  CoinlaneRateLimitError,
  type Payment,
} from '../src/index.ts';
import { type CoinlaneServer, startCoinlaneServer } from './support/coinlane-server.ts';
import { type Fault, startFaultProxy } from './support/fault-proxy.ts';

let server: CoinlaneServer;
let key: string;
let coinlane: Coinlane;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  server = await startCoinlaneServer();
  ({ key } = await server.merchant());
  coinlane = new Coinlane({ apiKey: key, baseUrl: server.url });
});
afterAll(async () => {
  for (const f of cleanups.reverse()) await f();
  await server.close();
});

/** A client going through a fault proxy that decides each request's fate. */
async function throughProxy(
  decide: (req: { method: string; path: string }, i: number) => Fault,
  maxRetries = 2,
) {
  const proxy = await startFaultProxy(server.url, decide);
  cleanups.push(proxy.close);
  return { proxy, client: new Coinlane({ apiKey: key, baseUrl: proxy.url, maxRetries }) };
}

/** Confirms every simulated transfer: the test network's blocks, mined at once. */
async function mineBlocks(n = 12) {
  for (let i = 0; i < n; i++) {
    await advanceTestNetwork({
      deps: server.ctx.app.payments,
      db: server.ctx.db,
      blockSeconds: 0,
      now: new Date(Date.now() + i * 1000),
    });
  }
}

describe('the client against a real server', () => {
  it('tells test and live keys apart, and refuses something that is not a key', () => {
    expect(coinlane.mode).toBe('test');
    expect(new Coinlane({ apiKey: 'cl_live_abc', baseUrl: server.url }).mode).toBe('live');
    expect(() => new Coinlane({ apiKey: 'sk_test_abc', baseUrl: server.url })).toThrow(CoinlaneError);
  });

  it('creates, reads, lists, simulates, accepts and cancels payments', async () => {
    const created = await coinlane.payments.create({
      amount: '0.25',
      currency: 'BTC',
      metadata: { order: 'A-1' },
    });
    expect(created).toMatchObject({ mode: 'test', status: 'pending', amount: '0.25', currency: 'BTC' });
    const detail = await coinlane.payments.retrieve(created.id);
    expect(detail).toMatchObject({ id: created.id, transfers: [], metadata: { order: 'A-1' } });

    const sim = await coinlane.payments.simulate(created.id, { amount: '0.1' });
    expect(sim.payment.status).toBe('partial');
    expect(sim.transfer.amount).toBe('0.1');

    const other = await coinlane.payments.create({ amount: '1', currency: 'BTC' });
    const cancelled = await coinlane.payments.cancel(other.id);
    expect(cancelled.status).toBe('failed');
    await expect(coinlane.payments.cancel(other.id)).rejects.toBeInstanceOf(CoinlaneConflictError);
    await expect(coinlane.payments.accept(other.id)).rejects.toMatchObject({
      status: 409,
      code: 'INVALID_STATE',
    });

    const page = await coinlane.payments.list({ limit: 1 });
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toMatchObject({ limit: 1, offset: 0, total: 2, hasMore: true });
    const all: Payment[] = [];
    for await (const p of coinlane.payments.list({ limit: 1 })) all.push(p);
    expect(all.map((p) => p.id).sort()).toEqual([created.id, other.id].sort());

    // Not a live forwarder payment: refused with a typed API error.
    await expect(coinlane.payments.flushTransaction(created.id)).rejects.toBeInstanceOf(CoinlaneApiError);
  });

  it('creates, reads, lists and updates payment links', async () => {
    const link = await coinlane.paymentLinks.create({
      fiatAmount: '25.00',
      fiatCurrency: 'USD',
      currency: 'BTC',
    });
    expect(link).toMatchObject({ fiatAmount: '25.00' });
    expect((await coinlane.paymentLinks.retrieve(link.id)).id).toBe(link.id);
    const updated = await coinlane.paymentLinks.update(link.id, { description: 'Blue mug' });
    expect(updated.description).toBe('Blue mug');
    const ids: string[] = [];
    for await (const l of coinlane.paymentLinks.list()) ids.push(l.id);
    expect(ids).toContain(link.id);
  });

  it('issues, lists, simulates and cancels refunds of a confirmed payment', async () => {
    const payment = await coinlane.payments.create({
      amount: '0.5',
      currency: 'BTC',
      customerEmail: 'buyer@example.com',
    });
    await coinlane.payments.simulate(payment.id);
    await mineBlocks();
    expect((await coinlane.payments.retrieve(payment.id)).status).toBe('confirmed');

    const refund = await coinlane.refunds.create(payment.id, { amount: '0.1', reason: 'Damaged' });
    expect(refund).toMatchObject({ paymentId: payment.id, amount: '0.1', status: 'awaiting_address' });
    const listed = await coinlane.refunds.listForPayment(payment.id);
    expect(listed).toMatchObject({ paymentId: payment.id, refundable: '0.4' });
    const cancelled = await coinlane.refunds.cancel(refund.id);
    expect(cancelled.status).toBe('canceled');
    await expect(coinlane.refunds.simulate(refund.id)).rejects.toMatchObject({ code: 'INVALID_STATE' });
    await expect(coinlane.refunds.qrSvg(refund.id)).rejects.toBeInstanceOf(CoinlaneNotFoundError);
    await expect(coinlane.refunds.create(payment.id, { amount: '9' })).rejects.toMatchObject({
      status: 409,
      code: 'REFUND_TOO_LARGE',
    });
  });

  it('lists transactions, exports them as CSV, and reads analytics, rates and payouts', async () => {
    const txs = await coinlane.transactions.list({ limit: 2 });
    expect(txs.pagination).toMatchObject({ page: 1, limit: 2 });
    expect(txs.summary).toBeDefined();
    let count = 0;
    for await (const _ of coinlane.transactions.list({ limit: 2 })) count++;
    expect(count).toBe(txs.pagination.total);
    const csv = await coinlane.transactions.exportCsv();
    expect(csv.split('\n')[0]).toContain('Amount');
    expect(csv.trim().split('\n')).toHaveLength(txs.pagination.total + 1);

    expect(await coinlane.analytics.payments({ timeZone: 'UTC' })).toMatchObject({ timeZone: 'UTC' });
    expect(await coinlane.analytics.balances()).toBeDefined();
    expect(await coinlane.exchangeRates.list({ currencies: 'BTC' })).toHaveProperty('BTC');
    expect(await coinlane.exchangeRates.status()).toBeDefined();
    expect(await coinlane.payouts.history()).toEqual({ items: [], nextCursor: null });
    const entries = [];
    for await (const e of coinlane.payouts.history()) entries.push(e);
    expect(entries).toEqual([]);
    expect(await coinlane.payouts.summary()).toBeDefined();
    expect(await coinlane.payouts.moveNow()).toMatchObject({ payments: 0 });
  });

  it('manages subscription plans and subscribers', async () => {
    const plan = await coinlane.subscriptions.plans.create({ name: 'Pro', price: '10' });
    expect(plan).toMatchObject({ name: 'Pro', currency: 'USD', interval: 'monthly' });
    expect((await coinlane.subscriptions.plans.update(plan.id, { name: 'Pro+' })).name).toBe('Pro+');
    const sub = await coinlane.subscriptions.subscribers.create({
      planId: plan.id,
      email: 'sub@example.com',
      currency: 'BTC',
    });
    expect(sub).toMatchObject({ planId: plan.id, status: 'incomplete' });
    expect((await coinlane.subscriptions.subscribers.retrieve(sub.id)).invoices).toHaveLength(1);
    expect((await coinlane.subscriptions.subscribers.update(sub.id, { action: 'cancel_now' })).status).toBe(
      'cancelled',
    );
    const other = await coinlane.subscriptions.subscribers.create({
      planId: plan.id,
      email: 'two@example.com',
      currency: 'BTC',
    });
    const moved = await coinlane.subscriptions.subscribers.advanceTestClock(other.id, { advance: 'day' });
    expect(moved.testClock).not.toBe(other.testClock);
    const subs = [];
    for await (const s of coinlane.subscriptions.subscribers.list()) subs.push(s.id);
    expect(subs.sort()).toEqual([sub.id, other.id].sort());
    expect((await coinlane.subscriptions.plans.list()).data.map((p) => p.id)).toEqual([plan.id]);
    expect(await coinlane.subscriptions.summary()).toBeDefined();
    const spare = await coinlane.subscriptions.plans.create({ name: 'Spare', price: '1' });
    expect(await coinlane.subscriptions.plans.del(spare.id)).toMatchObject({ ok: true });
  });

  it('raises typed errors: validation with fields, authentication, permission, not found', async () => {
    const bad = await coinlane.payments.create({ currency: 'BTC' }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CoinlaneInvalidRequestError);
    expect(bad).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      fields: { amount: expect.any(String) },
    });

    const stranger = new Coinlane({ apiKey: `cl_test_${'x'.repeat(43)}`, baseUrl: server.url });
    await expect(stranger.payments.list()).rejects.toBeInstanceOf(CoinlaneAuthenticationError);

    const { key: readOnly } = await server.merchant({ permissions: ['read'] });
    const reader = new Coinlane({ apiKey: readOnly, baseUrl: server.url });
    await expect(reader.payments.create({ amount: '1', currency: 'BTC' })).rejects.toBeInstanceOf(
      CoinlanePermissionError,
    );
    await expect(coinlane.payments.retrieve('pay_missing')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('retries and idempotency', () => {
  it('a create whose reply is lost is retried with the same Idempotency-Key and creates one payment', async () => {
    let dropped = false;
    const { proxy, client } = await throughProxy((req) => {
      if (req.method === 'POST' && req.path === '/api/v1/payments' && !dropped) {
        dropped = true;
        return 'drop-response';
      }
      return 'pass';
    });
    const before = (await coinlane.payments.list()).pagination.total;
    const payment = await client.payments.create({ amount: '0.3', currency: 'LTC' });
    const posts = proxy.seen.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    const after = await coinlane.payments.list({ limit: 100 });
    expect(after.pagination.total).toBe(before + 1);
    expect(after.data.filter((p) => p.amount === '0.3' && p.currency === 'LTC').map((p) => p.id)).toEqual([
      payment.id,
    ]);
  });

  it('two calls get two keys: a second create is a second payment', async () => {
    const { proxy, client } = await throughProxy(() => 'pass');
    await client.payments.create({ amount: '0.01', currency: 'BTC' });
    await client.payments.create({ amount: '0.01', currency: 'BTC' });
    const keys = proxy.seen.map((r) => r.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(2);
  });

  it('a 429 is retried after its Retry-After', async () => {
    const { proxy, client } = await throughProxy((_req, i) =>
      i === 0
        ? {
            // The proxy's own 429 (a fake rate limit), in the server's error format.
            status: 429,
            headers: { 'retry-after': '1' },
            body: JSON.stringify({
              success: false,
              data: null,
              error: { code: 'RATE_LIMITED', message: 'Slow down' },
            }),
          }
        : 'pass',
    );
    const page = await client.payments.list();
    expect(page.data.length).toBeGreaterThan(0);
    expect(proxy.seen).toHaveLength(2);
    expect(proxy.seen[1]!.at - proxy.seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up after maxRetries and raises the last error', async () => {
    const limited = {
      status: 429,
      headers: { 'retry-after': '0' },
      body: JSON.stringify({
        success: false,
        data: null,
        error: { code: 'RATE_LIMITED', message: 'Slow down' },
      }),
    };
    const { proxy, client } = await throughProxy(() => limited, 1);
    const error = await client.payments.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoinlaneRateLimitError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 0 });
    expect(proxy.seen).toHaveLength(2);
  });

  it('a 4xx is not retried', async () => {
    const { proxy, client } = await throughProxy(() => 'pass');
    await expect(client.payments.create({ amount: '-1', currency: 'BTC' })).rejects.toBeInstanceOf(
      CoinlaneInvalidRequestError,
    );
    expect(proxy.seen).toHaveLength(1);
  });

  it('an action whose reply is lost is not repeated (it carries no key), and says the connection failed', async () => {
    const payment = await coinlane.payments.create({ amount: '0.2', currency: 'BTC' });
    const { proxy, client } = await throughProxy((req) => (req.method === 'POST' ? 'drop-response' : 'pass'));
    await expect(client.payments.cancel(payment.id)).rejects.toBeInstanceOf(CoinlaneConnectionError);
    expect(proxy.seen).toHaveLength(1);
    expect((await coinlane.payments.retrieve(payment.id)).status).toBe('failed');
  });

  it('network errors are retried, then raised as a connection error', async () => {
    const { proxy, client } = await throughProxy(() => 'drop-response', 2);
    await expect(client.payments.list()).rejects.toBeInstanceOf(CoinlaneConnectionError);
    expect(proxy.seen).toHaveLength(3);
  });
});
