import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createTestContextWithRoutes } from '#app/test/app-with-routes.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// The hosted page's test panel: POST /checkout/{linkId}/simulate, public (no sign-in), test-mode links only.
// No market source here: test mode prices from the built-in test prices (BTC 95000 USD, USDT 1 USD).

let ctx: TestContext;
let merchant: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  merchant = await createMerchant(ctx, { name: 'Chez Marie' });
});
afterAll(() => ctx.close());

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
async function newLink(
  payload: Record<string, unknown> = { fiatAmount: '100', currency: 'USDT', network: 'ethereum' },
) {
  const res = await merchant.call({ method: 'POST', url: '/api/v1/payment-links', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
}
const start = (id: string) => ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${id}` });
const simulate = (id: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${id}/simulate`, payload });
const transfersOf = (paymentId: string) =>
  ctx.db.selectFrom('transfers').selectAll().where('payment_id', '=', paymentId).execute();

describe('POST /checkout/{linkId}/simulate', () => {
  it('lets an anonymous payer send part, then the rest, and the payment confirms as blocks pass', async () => {
    const link = await newLink();
    const payment = (await start(link.id)).json().data.payment;
    expect(payment).toMatchObject({ status: 'pending', amount: '100', amountRemaining: '100' });

    const half = await simulate(link.id, { amount: '50' });
    expect(half.statusCode, half.body).toBe(200);
    expect(half.json().data.payment).toMatchObject({
      id: payment.id,
      status: 'partial',
      exception: 'paid_partial',
      amountReceived: '50',
      amountRemaining: '50',
      confirmations: 0,
    });
    // No merchant-only fields in the public reply.
    expect(half.json().data.payment).not.toHaveProperty('customerEmail');
    expect(half.json().data.payment).not.toHaveProperty('metadata');

    // Without an amount: what is still due.
    const rest = await simulate(link.id);
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.payment).toMatchObject({ amountReceived: '100', amountRemaining: '0' });

    // Ethereum needs 12 confirmations; the test network makes one block per 2 s.
    await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(10), blockSeconds: 2 });
    const mid = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${payment.id}/status` })).json()
      .data;
    expect(mid).toMatchObject({
      status: 'pending',
      amountRemaining: '0',
      confirmations: 5,
      requiredConfirmations: 12,
    });
    await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(30), blockSeconds: 2 });
    const view = (await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${link.id}` })).json().data;
    expect(view).toMatchObject({
      link: { status: 'completed' },
      payment: { id: payment.id, status: 'confirmed', exception: 'none', confirmations: 12 },
    });
    expect(await transfersOf(payment.id)).toHaveLength(2);
  });

  it('records an overpayment as paid_over', async () => {
    const link = await newLink();
    const payment = (await start(link.id)).json().data.payment;
    const res = await simulate(link.id, { amount: '110' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.payment).toMatchObject({
      id: payment.id,
      amountReceived: '110',
      amountRemaining: '0',
      exception: 'paid_over',
    });
  });

  it('refuses a live link with a clear error and records nothing', async () => {
    const link = await newLink();
    const payment = (await start(link.id)).json().data.payment;
    // A live link with its attempt (made live in the database: live chains are not configured in tests).
    await ctx.db.updateTable('payment_links').set({ mode: 'live' }).where('id', '=', link.id).execute();
    await ctx.db.updateTable('payments').set({ mode: 'live' }).where('id', '=', payment.id).execute();
    const res = await simulate(link.id, { amount: '100' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'FORBIDDEN',
      message: 'Payments can only be simulated in test mode',
    });
    expect(await transfersOf(payment.id)).toEqual([]);
  });

  it('refuses before the payment has started, for an unknown link, and for bad amounts', async () => {
    const link = await newLink();
    const early = await simulate(link.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'This payment link has no payment to simulate yet: start the payment first',
    );

    const unknown = await simulate('lnk_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Payment link not found');

    const payment = (await start(link.id)).json().data.payment;
    for (const amount of [12, '-1', '0', 'abc']) {
      const res = await simulate(link.id, { amount });
      expect(res.statusCode, String(amount)).toBe(400);
    }
    const tooFine = await simulate(link.id, { amount: '1.0000001' }); // USDT has 6 decimals
    expect(tooFine.statusCode).toBe(400);
    expect(tooFine.json().error.message).toMatch(/USDT/);
    expect(await transfersOf(payment.id)).toEqual([]);
  });
});

describe('rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContextWithRoutes(async () => {}, {
      apiRateLimitPerMinute: 2,
      apiRateLimitPerHour: 100,
    });
  });
  afterAll(() => limited.close());

  it('is limited per client IP like the other public routes', async () => {
    const call = () => limited.app.inject({ method: 'POST', url: '/api/v1/checkout/lnk_unknown/simulate' });
    expect((await call()).statusCode).toBe(404);
    expect((await call()).statusCode).toBe(404);
    const over = await call();
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });
});
