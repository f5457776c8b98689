import { T } from '@coinlane/core/texts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEvents } from '#app/modules/outbox/list-outbox-events.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { expireDuePayments } from './expire-due-payments.ts';
import { removePaymentTransfer } from './record-payment-transfer.ts';

// No rate source is configured in these tests: test mode prices from the built-in test prices
// (BTC 95000 USD, ETH 3500, USDT 1; see modules/rates/static-sources.ts).

let ctx: TestContext;
let alice: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  bob = await createMerchant(ctx, { name: 'Bob Store' });
});
afterAll(() => ctx.close());

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
const blockSeconds = 2;
const tick = (seconds: number) =>
  advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(seconds), blockSeconds });
/** The test network at a given moment (ms): for blocks counted from when a transfer was seen. */
const tickAt = (ms: number) =>
  advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: new Date(ms), blockSeconds });

async function create(m: Merchant, payload: Record<string, unknown>) {
  const res = await m.call({ method: 'POST', url: '/api/v1/payments', payload });
  return res;
}
async function created(m: Merchant, payload: Record<string, unknown>) {
  const res = await create(m, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const get = (m: Merchant, id: string) => m.call({ method: 'GET', url: `/api/v1/payments/${id}` });
const simulate = (m: Merchant, id: string, payload?: Record<string, unknown>) =>
  m.call({ method: 'POST', url: `/api/v1/payments/${id}/simulate`, ...(payload ? { payload } : {}) });
const countPayments = async () =>
  Number(
    (
      await ctx.db
        .selectFrom('payments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const eventTypes = async (m: Merchant, id: string) =>
  (await listOutboxEvents({ db: ctx.db, userId: m.id, mode: 'test', entityId: id })).map((e) => e.type);

describe('POST /payments', () => {
  it('replies, and announces in payment.created, the payment exactly as it was stored', async () => {
    // The creation is one statement whose reply and event payload are built before it runs (decision 029): both
    // must be what a read of the stored row gives, field for field (metadata and all).
    const p = await created(alice, {
      fiatAmount: '12.34',
      fiatCurrency: 'EUR',
      currency: 'ETH',
      description: 'Order #8',
      customerEmail: 'Buyer@Example.com',
      customerIp: '203.0.113.9',
      metadata: { orderId: 'A-17', zeta: [1, 2.5, { b: null, a: 'x' }], alpha: true },
    });
    // (GET adds the payment's transfers and price history, both empty here)
    const { transfers, priceChanges, ...stored } = (await get(alice, p.id)).json().data;
    expect([transfers, priceChanges]).toEqual([[], []]);
    expect(p).toEqual(stored);
    const [event] = await listOutboxEvents({ db: ctx.db, userId: alice.id, mode: 'test', entityId: p.id });
    expect(event?.type).toBe('payment.created');
    expect(event?.payload).toEqual(stored);
    const row = await ctx.db
      .selectFrom('payments')
      .select(['risk_scored_at', 'customer_ip', 'customer_country', 'fiat_amount', 'usd_amount'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    // scored by its own insert; the API caller's IP kept with its country
    expect(row.risk_scored_at).not.toBeNull();
    expect(row).toMatchObject({ customer_ip: '203.0.113.9', fiat_amount: '12.34' });
    expect(row.usd_amount).toBe(stored.usdAmount);
  });

  it('creates a payment from a crypto amount, on the test network', async () => {
    const p = await created(alice, { amount: '0.001', currency: 'BTC', description: 'Order #7' });
    expect(p).toMatchObject({
      id: expect.stringMatching(/^pay_[a-z2-7]{26}$/),
      mode: 'test',
      status: 'pending',
      exception: 'none',
      amount: '0.001',
      amountReceived: '0',
      amountRemaining: '0.001',
      currency: 'BTC',
      network: 'bitcoin',
      networkName: 'Bitcoin',
      decimals: 8,
      confirmations: 0,
      requiredConfirmations: 1,
      txHash: null,
      fiatAmount: null,
      rate: null,
      usdAmount: '95.00',
      description: 'Order #7',
      attempt: 1,
      paymentLinkId: null,
    });
    expect(p.address).toMatch(/^test_bitcoin_[a-z2-7]{26}$/);
    expect(p.paymentUri).toBe(`bitcoin:${p.address}?amount=0.001&message=Order%20%237`);
    const window = new Date(p.expiresAt).getTime() - Date.now();
    expect(window).toBeGreaterThan(14 * 60_000);
    expect(window).toBeLessThanOrEqual(15 * 60_000);
    expect(await eventTypes(alice, p.id)).toEqual(['payment.created']);
    const audit = await ctx.db.selectFrom('audit_log').selectAll().where('entity_id', '=', p.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['payment.created']);
  });

  it('prices a fiat amount at a locked rate, rounded up at display precision', async () => {
    const p = await created(alice, { fiatAmount: 100, fiatCurrency: 'usd', currency: 'bitcoin' });
    // 100 / 95000 = 0.00105263157.. -> 0.00105264 BTC.
    expect(p).toMatchObject({
      amount: '0.00105264',
      fiatAmount: '100.00',
      fiatCurrency: 'USD',
      usdAmount: '100.00',
      rate: { cryptoRate: '0.0000105263157894736842', fiatRate: '1', source: 'test-prices' },
    });
  });

  it('prices a token with 18 decimals and builds an EIP-681 token URI in base units', async () => {
    const p = await created(alice, {
      fiatAmount: '10.00',
      fiatCurrency: 'EUR',
      cryptocurrency: 'tether',
      network: 'bsc',
    });
    // 10 EUR / 0.85 = 11.7647.. USD -> 11.77 USDT (2 decimals, up), in 18-decimal units.
    expect(p).toMatchObject({
      amount: '11.77',
      decimals: 18,
      network: 'binance-smart-chain',
      usdAmount: '11.76',
    });
    expect(p.paymentUri).toBe(
      `ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=${p.address}&uint256=11770000000000000000`,
    );
  });

  it('takes whole yen only', async () => {
    const ok = await created(alice, { fiatAmount: 1500, fiatCurrency: 'JPY', currency: 'ETH' });
    expect(ok.fiatAmount).toBe('1500');
    const bad = await create(alice, { fiatAmount: '1500.5', fiatCurrency: 'JPY', currency: 'ETH' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('JPY amounts must be whole numbers');
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    [
      'a JSON number as crypto amount',
      { amount: 0.001, currency: 'BTC' },
      400,
      'Crypto amounts must be sent as decimal strings such as "0.00123456", not as JSON numbers',
    ],
    ['no amount', { currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    ['a zero amount', { amount: '0', currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    ['a negative amount', { amount: '-1', currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    ['an exponent', { amount: '1e5', currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    ['hex', { amount: '0x10', currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    ['two dots', { amount: '1.2.3', currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    [
      'more decimals than the coin',
      { amount: '0.000000001', currency: 'BTC' },
      400,
      'BTC amounts have at most 8 decimal places',
    ],
    ['a zero fiat amount', { fiatAmount: 0, currency: 'BTC' }, 400, 'Please enter a valid payment amount'],
    [
      'a negative fiat amount',
      { fiatAmount: -5, currency: 'BTC' },
      400,
      'Please enter a valid payment amount',
    ],
    [
      'cents of cents',
      { fiatAmount: '10.001', currency: 'BTC' },
      400,
      'USD amounts have at most 2 decimal places',
    ],
    [
      'both amounts',
      { amount: '1', fiatAmount: '1', currency: 'BTC' },
      400,
      'Please give either a crypto amount or a fiat amount, not both',
    ],
    ['no currency', { amount: '1' }, 400, 'Please select a cryptocurrency'],
    ['an unknown coin', { amount: '1', currency: 'XYZ' }, 400, 'Unsupported currency: XYZ'],
    [
      'a coin on several networks without one',
      { amount: '1', currency: 'USDT' },
      400,
      'Please select a network for USDT',
    ],
    [
      'a network the coin is not on',
      { amount: '1', currency: 'USDT', network: 'solana' },
      400,
      'USDT is not available on the solana network',
    ],
    [
      'an unknown fiat',
      { fiatAmount: '1', fiatCurrency: 'XXX', currency: 'BTC' },
      400,
      'Unsupported fiat currency: XXX. Use one of USD, EUR, GBP, JPY, CAD, AUD, CHF, CNY.',
    ],
    [
      'below the minimum',
      { amount: '0.001', currency: 'USDT', network: 'ethereum' },
      400,
      'The minimum amount is 0.01 USDT',
    ],
    ['above the maximum', { amount: '1000000.1', currency: 'BTC' }, 400, 'The maximum amount is 1000000 BTC'],
    [
      'an expiry in the past',
      { amount: '1', currency: 'BTC', expiresAt: '2020-01-01T00:00:00Z' },
      400,
      'The expiry must be in the future',
    ],
    [
      'an expiry too far',
      { amount: '1', currency: 'BTC', expiresAt: '2099-01-01T00:00:00Z' },
      400,
      'The expiry must be within 30 days',
    ],
    [
      'a description too long',
      { amount: '1', currency: 'BTC', description: 'x'.repeat(501) },
      400,
      'Description must be at most 500 characters',
    ],
    [
      'another merchant id',
      { amount: '1', currency: 'BTC', merchantId: 'usr_other' },
      403,
      'merchantId does not match the authenticated merchant',
    ],
  ])('refuses %s, creating nothing', async (_name, payload, status, message) => {
    const before = await countPayments();
    const res = await create(alice, payload);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ success: false, data: null, error: { message } });
    expect(await countPayments()).toBe(before);
  });

  it('refuses unknown fields and anonymous callers', async () => {
    const extra = await create(alice, { amount: '1', currency: 'BTC', amout: '2' });
    expect(extra.statusCode).toBe(400);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '1', currency: 'BTC' },
    });
    expect(anon.statusCode).toBe(401);
  });

  it('a crypto-priced payment keeps the expiry it was given; a fiat-priced one caps it at the rate lock', async () => {
    const inTwoHours = later(7200).toISOString();
    const crypto = await created(alice, { amount: '1', currency: 'LTC', expiresAt: inTwoHours });
    expect(crypto.expiresAt).toBe(inTwoHours);
    const fiat = await created(alice, { fiatAmount: '5', currency: 'LTC', expiresAt: inTwoHours });
    expect(new Date(fiat.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
    const soon = later(60).toISOString();
    const short = await created(alice, { fiatAmount: '5', currency: 'LTC', expiresAt: soon });
    expect(short.expiresAt).toBe(soon);
  });

  it('replays the same reply for the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'order-1001' };
    const payload = { amount: '0.5', currency: 'ETH' };
    const first = await alice.call({ method: 'POST', url: '/api/v1/payments', payload, headers });
    const second = await alice.call({ method: 'POST', url: '/api/v1/payments', payload, headers });
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    const other = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { ...payload, amount: '0.6' },
      headers,
    });
    expect(other.statusCode).toBe(409);
  });
});

describe('reading payments', () => {
  it('GET /payments lists own payments of the current mode, newest first, filtered and paginated', async () => {
    const carol = await createMerchant(ctx);
    const a = await created(carol, { amount: '1', currency: 'BTC' });
    const b = await created(carol, { amount: '2', currency: 'ETH' });
    await created(bob, { amount: '3', currency: 'BTC' });
    const all = (await carol.call({ method: 'GET', url: '/api/v1/payments' })).json();
    expect(all.data.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    expect(all.pagination).toEqual({ limit: 20, offset: 0, total: 2, hasMore: false });
    const page = (await carol.call({ method: 'GET', url: '/api/v1/payments?limit=1' })).json();
    expect(page.data).toHaveLength(1);
    expect(page.pagination.hasMore).toBe(true);
    const btc = (await carol.call({ method: 'GET', url: '/api/v1/payments?currency=bitcoin' })).json();
    expect(btc.data.map((p: { id: string }) => p.id)).toEqual([a.id]);
    const none = (await carol.call({ method: 'GET', url: '/api/v1/payments?status=confirmed' })).json();
    expect(none.data).toEqual([]);
    const bad = await carol.call({ method: 'GET', url: '/api/v1/payments?limit=1000' });
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another merchant's payment, leaking nothing, and changes nothing", async () => {
    const p = await created(alice, { amount: '1', currency: 'BTC' });
    for (const [method, url] of [
      ['GET', `/api/v1/payments/${p.id}`],
      ['POST', `/api/v1/payments/${p.id}/cancel`],
      ['POST', `/api/v1/payments/${p.id}/simulate`],
    ] as const) {
      const res = await bob.call({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        error: { message: 'Payment not found', code: 'NOT_FOUND' },
      });
    }
    expect((await get(alice, p.id)).json().data).toMatchObject({ status: 'pending', amountReceived: '0' });
  });

  it('keeps test and live apart: a live session sees no test payment and cannot create live ones yet', async () => {
    const p = await created(alice, { amount: '1', currency: 'BTC' });
    const live = await alice.inMode('live');
    expect((await get(live, p.id)).statusCode).toBe(404);
    expect((await live.call({ method: 'GET', url: '/api/v1/payments' })).json().data).toEqual([]);
    const refused = await create(live, { amount: '1', currency: 'BTC' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toEqual({
      code: 'NETWORK_NOT_CONFIGURED',
      message:
        'Live payments on Bitcoin are not available yet: live chains are configured per network, and Bitcoin has none. Use test mode meanwhile.',
    });
    const sim = await simulate(live, p.id);
    expect(sim.statusCode).toBe(403);
    expect(sim.json().error.message).toBe('Payments can only be simulated in test mode');
  });

  it('serves the public status and address without sign-in', async () => {
    const p = await created(alice, { amount: '0.25', currency: 'ETH' });
    const status = await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${p.id}/status` });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toEqual({
      status: 'pending',
      exception: 'none',
      confirmations: 0,
      requiredConfirmations: 12,
      transactionHash: null,
      amount: '0.25',
      amountReceived: '0',
      amountRemaining: '0.25',
      currency: 'ETH',
      network: 'ethereum',
      expiresAt: p.expiresAt,
      updatedAt: expect.any(String),
    });
    const address = (await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${p.id}/address` })).json()
      .data;
    expect(address).toMatchObject({
      address: p.address,
      paymentUri: `ethereum:${p.address}@1?value=250000000000000000`,
    });
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/payments/pay_nope/status' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('cancel', () => {
  it('fails a pending unpaid payment once; refuses it afterwards and once money arrived', async () => {
    const p = await created(alice, { amount: '1', currency: 'BTC' });
    const res = await alice.call({ method: 'POST', url: `/api/v1/payments/${p.id}/cancel` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('failed');
    const again = await alice.call({ method: 'POST', url: `/api/v1/payments/${p.id}/cancel` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'This payment can no longer be cancelled: it is failed or has already received funds',
    );
    expect(await eventTypes(alice, p.id)).toEqual(['payment.created', 'payment.failed']);

    const q = await created(alice, { amount: '1', currency: 'BTC' });
    await simulate(alice, q.id, { amount: '0.1' });
    const refused = await alice.call({ method: 'POST', url: `/api/v1/payments/${q.id}/cancel` });
    expect(refused.statusCode).toBe(409);
    expect((await get(alice, q.id)).json().data.status).toBe('partial');
  });

  it('a payment paid after cancellation is kept and flagged paid_late', async () => {
    const p = await created(alice, { amount: '1', currency: 'BTC' });
    await alice.call({ method: 'POST', url: `/api/v1/payments/${p.id}/cancel` });
    const sim = (await simulate(alice, p.id)).json().data;
    expect(sim.payment).toMatchObject({ status: 'failed', exception: 'paid_late', amountReceived: '1' });
    expect(sim.transfer.late).toBe(true);
  });
});

describe('the test network', () => {
  it('simulate -> partial -> paid -> confirmed as blocks pass; link-less payment records its fee', async () => {
    const p = await created(alice, { fiatAmount: '190.00', currency: 'BTC' }); // 0.002 BTC
    expect(p.amount).toBe('0.002');

    const first = await simulate(alice, p.id, { amount: '0.0005' });
    expect(first.statusCode).toBe(200);
    const { payment: afterFirst, transfer } = first.json().data;
    expect(afterFirst).toMatchObject({
      status: 'partial',
      exception: 'paid_partial',
      amountReceived: '0.0005',
      amountRemaining: '0.0015',
    });
    expect(afterFirst.paymentUri).toBe(`bitcoin:${p.address}?amount=0.0015`);
    expect(transfer).toMatchObject({ amount: '0.0005', confirmations: 0, status: 'pending', late: false });
    expect(transfer.txid).toMatch(/^[0-9a-f]{64}$/);

    // The rest, by default what is still due.
    const second = (await simulate(alice, p.id)).json().data;
    expect(second.payment).toMatchObject({
      status: 'pending',
      exception: 'none',
      amountReceived: '0.002',
      amountConfirmed: '0',
    });
    expect(second.payment.txHash).toBe(second.transfer.txid);

    // Less than a block after the first transfer: nothing yet. A block after the second (bitcoin needs 1): both
    // confirmed, in one tick. Counted from when the transfers were seen, not from now: on a loaded machine the first
    // transfer was over a second old at the first tick, and confirmed there alone.
    const [firstSeen, secondSeen] = (
      await ctx.db
        .selectFrom('transfers')
        .select('seen_at')
        .where('payment_id', '=', p.id)
        .orderBy('seen_at')
        .execute()
    ).map((t) => t.seen_at.getTime());
    await tickAt(firstSeen! + 1000);
    expect((await get(alice, p.id)).json().data).toMatchObject({ status: 'pending', confirmations: 0 });
    await tickAt(secondSeen! + (blockSeconds + 1) * 1000);
    const done = (await get(alice, p.id)).json().data;
    expect(done).toMatchObject({ status: 'confirmed', amountConfirmed: '0.002', confirmations: 1 });
    expect(done.confirmedAt).not.toBeNull();
    expect(done.transfers.map((t: { status: string }) => t.status)).toEqual(['confirmed', 'confirmed']);
    expect(await eventTypes(alice, p.id)).toEqual([
      'payment.created',
      'payment.partial',
      'payment.updated',
      'payment.confirmed',
    ]);

    const fee = await ctx.db
      .selectFrom('platform_fees')
      .selectAll()
      .where('payment_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(fee).toMatchObject({
      user_id: alice.id,
      mode: 'test',
      currency: 'BTC',
      base_amount: '200000',
      percentage: '1',
      fee_amount: '2000',
      usd_amount: '190.00',
      fee_usd: '1.90',
      status: 'pending',
    });
    // More blocks change nothing more.
    await tick(60);
    const outbox = await listOutboxEvents({ db: ctx.db, userId: alice.id, mode: 'test', entityId: p.id });
    expect(outbox.at(-1)?.payload).toMatchObject({ id: p.id, status: 'confirmed' });
    expect(outbox.map((e) => e.seq)).toEqual([...outbox.map((e) => e.seq)].sort((x, y) => x - y));
  });

  it('counts confirmations up to the network requirement (ethereum: 12)', async () => {
    const p = await created(alice, { amount: '0.1', currency: 'ETH' });
    await simulate(alice, p.id);
    // Blocks counted from when the transfer was seen, not from now: on a loaded machine (CI, 2026-12-02) over a
    // second passed between the simulation and the eleven-block tick, which then counted twelve.
    const seen = (
      await ctx.db
        .selectFrom('transfers')
        .select('seen_at')
        .where('payment_id', '=', p.id)
        .executeTakeFirstOrThrow()
    ).seen_at.getTime();
    await tickAt(seen + 3_000); // one block
    const one = (await get(alice, p.id)).json().data;
    expect(one).toMatchObject({ status: 'pending', confirmations: 1, requiredConfirmations: 12 });
    await tickAt(seen + (11 * blockSeconds + 1) * 1000); // eleven blocks
    expect((await get(alice, p.id)).json().data).toMatchObject({ status: 'pending', confirmations: 11 });
    await tickAt(seen + (12 * blockSeconds + 1) * 1000);
    expect((await get(alice, p.id)).json().data).toMatchObject({ status: 'confirmed', confirmations: 12 });
    expect(await eventTypes(alice, p.id)).toEqual([
      'payment.created',
      'payment.updated',
      'payment.updated',
      'payment.updated',
      'payment.confirmed',
    ]);
  });

  it('keeps an overpayment and flags it', async () => {
    const p = await created(alice, { amount: '0.01', currency: 'LTC' });
    const sim = (await simulate(alice, p.id, { amount: '0.015' })).json().data;
    expect(sim.payment).toMatchObject({ status: 'pending', exception: 'paid_over', amountRemaining: '0' });
    await tick(7 * blockSeconds); // litecoin: 6 confirmations
    expect((await get(alice, p.id)).json().data).toMatchObject({
      status: 'confirmed',
      exception: 'paid_over',
      amountReceived: '0.015',
    });
    const after = await simulate(alice, p.id);
    expect(after.statusCode).toBe(400);
    expect(after.json().error.message).toBe(
      'Nothing is left to pay on this payment: give an amount to simulate an overpayment',
    );
  });

  it('expires an unpaid payment (scheduler and on read), then keeps a late payment flagged', async () => {
    const p = await created(alice, { amount: '1', currency: 'DOGE' });
    expect(
      await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) }),
    ).toBeGreaterThanOrEqual(1);
    expect((await get(alice, p.id)).json().data).toMatchObject({ status: 'expired', exception: 'none' });
    const late = (await simulate(alice, p.id)).json().data;
    expect(late.payment).toMatchObject({ status: 'expired', exception: 'paid_late', amountReceived: '1' });
    expect(late.transfer.late).toBe(true);
    expect(await eventTypes(alice, p.id)).toEqual(['payment.created', 'payment.expired', 'payment.updated']);

    // Checked on read: a payment whose window passed reads as expired before any sweep.
    const q = await created(alice, { amount: '1', currency: 'DOGE' });
    await ctx.db
      .updateTable('payments')
      .set({ expires_at: later(-1) })
      .where('id', '=', q.id)
      .execute();
    expect((await get(alice, q.id)).json().data.status).toBe('expired');
    const pub = await ctx.app.inject({ method: 'GET', url: `/api/v1/payments/${q.id}/status` });
    expect(pub.json().data.status).toBe('expired');
  });

  it('a partial payment expires with the part flagged; the full amount seen in time waits for confirmations', async () => {
    const part = await created(alice, { amount: '1', currency: 'BCH' });
    await simulate(alice, part.id, { amount: '0.4' });
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    expect((await get(alice, part.id)).json().data).toMatchObject({
      status: 'expired',
      exception: 'paid_partial',
    });

    const full = await created(alice, { amount: '1', currency: 'BCH' });
    await simulate(alice, full.id);
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    expect((await get(alice, full.id)).json().data.status).toBe('pending');
    await tick(16 * 60);
    expect((await get(alice, full.id)).json().data.status).toBe('confirmed');
  });

  it('a removed transfer (reorg) restores partial, then pending', async () => {
    const p = await created(alice, { amount: '1', currency: 'ETH' });
    const a = (await simulate(alice, p.id, { amount: '0.3' })).json().data.transfer;
    const b = (await simulate(alice, p.id, { amount: '0.7' })).json().data.transfer;
    expect((await get(alice, p.id)).json().data.status).toBe('pending');
    await removePaymentTransfer({ deps: ctx.server.payments, db: ctx.db, paymentId: p.id, transferId: b.id });
    expect((await get(alice, p.id)).json().data).toMatchObject({ status: 'partial', amountReceived: '0.3' });
    await removePaymentTransfer({ deps: ctx.server.payments, db: ctx.db, paymentId: p.id, transferId: a.id });
    const back = (await get(alice, p.id)).json().data;
    expect(back).toMatchObject({ status: 'pending', exception: 'none', amountReceived: '0' });
    expect(back.transfers.map((t: { status: string }) => t.status)).toEqual(['removed', 'removed']);
  });

  it('refuses bad simulate amounts', async () => {
    const p = await created(alice, { amount: '1', currency: 'BTC' });
    for (const [payload, message] of [
      [
        { amount: 1 },
        'Crypto amounts must be sent as decimal strings such as "0.00123456", not as JSON numbers',
      ],
      [{ amount: '0' }, 'Please enter a valid payment amount'],
      [{ amount: '0.000000001' }, 'BTC amounts have at most 8 decimal places'],
    ] as const) {
      const res = await simulate(alice, p.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await get(alice, p.id)).json().data.transfers).toEqual([]);
  });
});

describe('late payments: payment.paid_late, then the merchant accepts', () => {
  const accept = (m: Merchant, id: string, headers: Record<string, string> = {}) =>
    m.call({ method: 'POST', url: `/api/v1/payments/${id}/accept`, headers });
  /** A payment of `amount` ETH (12 confirmations) whose window has passed, then paid `paid` late. */
  async function paidLate(m: Merchant, amount = '0.01', paid?: string) {
    const p = await created(m, { amount, currency: 'ETH', description: 'late order' });
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    const sim = await simulate(m, p.id, paid ? { amount: paid } : undefined);
    expect(sim.statusCode, sim.body).toBe(200);
    return p.id as string;
  }

  it('late money confirmed is announced as payment.paid_late, never confirmed by itself; accept confirms it once', async () => {
    const id = await paidLate(alice);
    const seen = (await get(alice, id)).json().data;
    expect(seen).toMatchObject({
      status: 'expired',
      exception: 'paid_late',
      amountReceived: '0.01',
      amountConfirmed: '0',
      canAccept: false,
      usdAmount: '35.00',
      usdConfirmed: '0.00',
    });
    // Before its confirmations the late money cannot be accepted.
    const early = await accept(alice, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({ code: 'INVALID_STATE', message: T.paymentLateUnconfirmed });

    await tick(60); // 30 test blocks: the 12 confirmations of Ethereum
    const confirmed = (await get(alice, id)).json().data;
    expect(confirmed).toMatchObject({
      status: 'expired',
      exception: 'paid_late',
      amountConfirmed: '0.01',
      confirmations: 12,
      canAccept: true,
      usdConfirmed: '35.00',
      confirmedAt: null,
    });
    const events = await eventTypes(alice, id);
    expect(events.filter((e) => e === 'payment.paid_late')).toHaveLength(1);
    expect(events).not.toContain('payment.confirmed');

    const res = await accept(alice, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id,
      status: 'confirmed',
      exception: 'paid_late',
      canAccept: false,
      amountConfirmed: '0.01',
    });
    expect(res.json().data.confirmedAt).not.toBeNull();
    expect((await eventTypes(alice, id)).slice(-2)).toEqual(['payment.paid_late', 'payment.confirmed']);

    // A second accept is refused and changes nothing; no second payment.confirmed.
    const again = await accept(alice, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      success: false,
      data: null,
      error: { code: 'INVALID_STATE', message: T.paymentAlreadyAccepted },
    });
    expect((await eventTypes(alice, id)).filter((e) => e === 'payment.confirmed')).toHaveLength(1);

    // Audited as the merchant's action, and the platform fee counts as for any confirmed payment.
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_type', 'actor_id', 'before', 'after'])
      .where('entity_id', '=', id)
      .where('action', '=', 'payment.accept')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_type: 'user',
      actor_id: alice.id,
      before: { status: 'expired', exception: 'paid_late' },
      after: { status: 'confirmed', exception: 'paid_late' },
    });
    const fees = await ctx.db.selectFrom('platform_fees').selectAll().where('payment_id', '=', id).execute();
    expect(fees).toHaveLength(1);
  });

  it('two accepts at once confirm the payment once', async () => {
    const id = await paidLate(alice);
    await tick(60);
    const replies = await Promise.all([accept(alice, id), accept(alice, id)]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await eventTypes(alice, id)).filter((e) => e === 'payment.confirmed')).toHaveLength(1);
  });

  it('replays the reply for the same Idempotency-Key', async () => {
    const id = await paidLate(alice);
    await tick(60);
    const first = await accept(alice, id, { 'idempotency-key': `accept-${id}` });
    expect(first.statusCode, first.body).toBe(200);
    const replay = await accept(alice, id, { 'idempotency-key': `accept-${id}` });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.status).toBe('confirmed');
  });

  it('refuses what is not a confirmed late payment covering the amount, with the reason, and changes nothing', async () => {
    const pending = await created(alice, { amount: '0.01', currency: 'ETH' });
    const inTime = await created(alice, { amount: '0.001', currency: 'BTC' });
    await simulate(alice, inTime.id);
    await tick(3);
    const expiredUnpaid = await created(alice, { amount: '0.01', currency: 'ETH' });
    const short = await paidLate(alice, '0.01', '0.004');
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    await tick(60);
    for (const [id, message] of [
      [pending.id, T.paymentNotPaidLate],
      [expiredUnpaid.id, T.paymentNotPaidLate],
      [inTime.id, T.paymentConfirmedNothingToAccept],
      [short, T.paymentLateShort('0.004', '0.01', 'ETH')],
    ] as const) {
      const before = (await get(alice, id)).json().data;
      const res = await accept(alice, id);
      expect(res.statusCode, id).toBe(409);
      expect(res.json().error).toEqual({ code: 'INVALID_STATE', message });
      expect((await get(alice, id)).json().data).toEqual(before);
    }
  });

  it('answers 404 for another merchant or an unknown id, 401 anonymous, 403 to a read-only key; a write key accepts', async () => {
    const id = await paidLate(alice);
    await tick(60);
    expect((await accept(bob, id)).statusCode).toBe(404);
    expect((await accept(alice, 'pay_nope')).statusCode).toBe(404);
    const anon = await ctx.app.inject({ method: 'POST', url: `/api/v1/payments/${id}/accept` });
    expect(anon.statusCode).toBe(401);
    const key = async (permissions: string[]) =>
      (
        await alice.call({
          method: 'POST',
          url: '/api/v1/api-keys',
          payload: { name: 'accept', permissions },
        })
      ).json().data.key as string;
    const asKey = (k: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/payments/${id}/accept`,
        headers: { authorization: `Bearer ${k}` },
      });
    const denied = await asKey(await key(['read']));
    expect(denied.statusCode).toBe(403);
    expect((await get(alice, id)).json().data.status).toBe('expired');
    const made = await asKey(await key(['write']));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.status).toBe('confirmed');
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('actor_type')
      .where('entity_id', '=', id)
      .where('action', '=', 'payment.accept')
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe('api_key');
  });

  it('accepting completes the payment link, like any confirmed payment', async () => {
    const made = await alice.call({
      method: 'POST',
      url: '/api/v1/payment-links',
      // A link that expires before the price lock would lapse: its attempt expires with it (an attempt of a link
      // that is still open would be re-priced in place instead, see lockLapseOutcome).
      payload: {
        fiatAmount: '35',
        currency: 'ETH',
        description: 'late link',
        expiresAt: later(10 * 60).toISOString(),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const linkId = made.json().data.id as string;
    const start = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${linkId}` });
    expect(start.statusCode, start.body).toBe(201);
    const id = start.json().data.payment.id as string;
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    await simulate(alice, id);
    await tick(60);
    const link = async () =>
      (await alice.call({ method: 'GET', url: `/api/v1/payment-links/${linkId}` })).json().data;
    expect((await link()).status).not.toBe('completed');
    expect((await accept(alice, id)).statusCode).toBe(200);
    expect(await link()).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    const page = (await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${linkId}` })).json().data;
    expect(page).toMatchObject({ link: { status: 'completed' }, payment: { id, status: 'confirmed' } });
  });

  it('a cancelled payment paid late is accepted like an expired one', async () => {
    const p = await created(alice, { amount: '0.001', currency: 'BTC' });
    await alice.call({ method: 'POST', url: `/api/v1/payments/${p.id}/cancel` });
    await simulate(alice, p.id, { amount: '0.0015' });
    await tick(3);
    expect((await get(alice, p.id)).json().data).toMatchObject({
      status: 'failed',
      exception: 'paid_late',
      canAccept: true,
      amountExcess: '0.0005',
      usdAmount: '95.00',
      usdConfirmed: '142.50',
    });
    const res = await accept(alice, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'confirmed', exception: 'paid_late' });
  });
});

describe('API keys on payment routes', () => {
  it('a read key lists but cannot create; a write key creates in its own mode', async () => {
    const key = async (permissions: string[]) => {
      const res = await alice.call({
        method: 'POST',
        url: '/api/v1/api-keys',
        payload: { name: 'k', permissions },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json().data.key as string;
    };
    const read = await key(['read']);
    const write = await key(['write', 'read']);
    const asKey = (k: string, opts: InjectOptions) =>
      ctx.app.inject({ ...opts, headers: { authorization: `Bearer ${k}` } });
    expect((await asKey(read, { method: 'GET', url: '/api/v1/payments' })).statusCode).toBe(200);
    const denied = await asKey(read, {
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '1', currency: 'BTC' },
    });
    expect(denied.statusCode).toBe(403);
    const made = await asKey(write, {
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '1', currency: 'BTC' },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.mode).toBe('test');
    // the payment's audit trail starts with its creation, by the key (a flagged first scoring follows it)
    const trail = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('entity_id', '=', made.json().data.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    expect(trail[0]).toEqual({ action: 'payment.created', actor_type: 'api_key' });
  });
});
