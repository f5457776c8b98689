import { percentChange, percentShare } from '@coinlane/core/api/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { getBalances } from './get-balances.ts';
import { getPaymentAnalytics } from './get-payment-analytics.ts';

// No rate source is configured: test mode prices from the built-in test prices (BTC 95000 USD, ETH 3500,
// USDT 1). Payments are created through the API, paid with the test network's simulate call and confirmed
// by its clock; then their confirmation time is moved to the month the case needs (the only direct write).

let ctx: TestContext;
let carol: Merchant;
let dave: Merchant;
const ids: Record<string, string> = {};
const links: Record<string, string> = {};

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function pay(m: Merchant, payload: Record<string, unknown>) {
  const res = await m.call({ method: 'POST', url: '/api/v1/payments', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function simulate(m: Merchant, id: string, amount?: string) {
  const res = await m.call({
    method: 'POST',
    url: `/api/v1/payments/${id}/simulate`,
    ...(amount ? { payload: { amount } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function link(m: Merchant, payload: Record<string, unknown>) {
  const res = await m.call({ method: 'POST', url: '/api/v1/payment-links', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
const confirmAt = (id: string, at: string) =>
  ctx.db
    .updateTable('payments')
    .set({ confirmed_at: new Date(at) })
    .where('id', '=', id)
    .execute();

// The dashboard's clock for the month cases: 20 November 2026, noon UTC.
const NOW = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  carol = await createMerchant(ctx, { name: 'Carol Crafts' });
  dave = await createMerchant(ctx, { name: 'Dave Deli' });

  ids.sept = await pay(carol, { amount: '0.001', currency: 'BTC' }); // 95.00 USD
  ids.nov1 = await pay(carol, { amount: '0.002', currency: 'BTC' }); // 190.00 USD
  ids.nov19 = await pay(carol, { amount: '20', currency: 'USDT', network: 'ethereum' }); // 20.00 USD
  for (const id of [ids.sept, ids.nov1, ids.nov19]) await simulate(carol, id!);
  ids.partial = await pay(carol, { amount: '0.5', currency: 'ETH' });
  await simulate(carol, ids.partial, '0.1');
  ids.pending = await pay(carol, { amount: '1', currency: 'ETH' });
  ids.cancelled = await pay(carol, { amount: '5', currency: 'USDT', network: 'polygon' });
  await carol.call({ method: 'POST', url: `/api/v1/payments/${ids.cancelled}/cancel` });
  // 12 blocks of 2 s confirm the USDT on Ethereum; the partial ETH payment stays partial (not fully paid).
  await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(30), blockSeconds: 2 });

  await confirmAt(ids.sept!, '2026-09-30T23:00:00Z');
  // 00:30 UTC on 1 November is still 31 October in New York (UTC-4 until 1 November 2026, 06:00 UTC).
  await confirmAt(ids.nov1!, '2026-11-01T00:30:00Z');
  await confirmAt(ids.nov19!, '2026-11-19T10:00:00Z');

  // Seven links: one completed through its hosted page and the test network, one switched off, five active.
  links.done = await link(carol, { fiatAmount: '47.50', fiatCurrency: 'EUR', currency: 'BTC' });
  const start = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${links.done}` });
  expect(start.statusCode, start.body).toBe(201);
  const attempt = start.json().data.payment.id as string;
  await simulate(carol, attempt);
  await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(60), blockSeconds: 2 });
  ids.link = attempt;
  await confirmAt(attempt, '2026-11-10T08:00:00Z');
  links.off = await link(carol, { fiatAmount: 10, currency: 'ETH' });
  const off = await carol.call({
    method: 'PUT',
    url: `/api/v1/payment-links/${links.off}`,
    payload: { status: 'expired' },
  });
  expect(off.statusCode, off.body).toBe(200);
  for (let i = 0; i < 5; i++)
    await link(carol, { fiatAmount: 10 + i, currency: 'USDT', network: 'polygon', expiresInHours: 0 });
});
afterAll(() => ctx.close());

describe('percentChange and percentShare (merchant spec 9)', () => {
  it.each([
    ['210.00', '95.00', '121.1'],
    ['20.00', '190.00', '-89.5'],
    ['5.00', '0', '100'],
    ['0', '0', '0'],
    ['0', '10.00', '-100.0'],
    ['10.00', '10.00', '0.0'],
    ['10.05', '10.00', '0.5'],
  ])('%s against %s is %s', (cur, prev, want) => expect(percentChange(cur, prev)).toBe(want));
  it.each([
    [1, 7, '14.3'],
    [1, 3, '33.3'],
    [2, 3, '66.7'],
    [0, 0, '0.0'],
    [3, 3, '100.0'],
  ])('%d of %d is %s', (part, whole, want) => expect(percentShare(part, whole)).toBe(want));
});

describe('GET /analytics/payments', () => {
  it('computes the dashboard figures of a known data set (UTC months)', async () => {
    const a = await getPaymentAnalytics({
      deps: ctx.server.payments,
      db: ctx.db,
      userId: carol.id,
      mode: 'test',
      appUrl: 'http://x',
      now: NOW,
    });
    // Confirmed: 95.00 (Sep 30), 190.00 (Nov 1), 95.00 at the EUR link's locked rate (Nov 10), 20.00 (Nov 19).
    const linkUsd = (await carol.call({ method: 'GET', url: `/api/v1/payments/${ids.link}` })).json().data
      .usdAmount as string;
    expect(linkUsd).toBe('55.88'); // 47.50 EUR / 0.85 at the spec's fallback EUR rate
    expect(a.totalVolume).toEqual({
      usd: '360.88',
      confirmedCount: 4,
      change: percentChange('75.88', '285.00'),
    });
    expect(a.totalVolume.change).toBe('-73.4');
    expect(a.thisMonth).toEqual({
      usd: '265.88',
      previousMonthUsd: '0.00',
      change: '100',
      monthStart: '2026-11-01T00:00:00.000Z',
    });
    expect(a.activeLinks).toEqual({ count: 5, change: 0 });
    expect(a.counts).toEqual({
      total: 7,
      confirmed: 4,
      pending: 2,
      failed: 1,
      byPaymentStatus: { pending: 1, partial: 1, confirmed: 4, failed: 1, expired: 0 },
    });
    expect(a.dailyVolume).toHaveLength(30);
    expect(a.dailyVolume[0]).toEqual({ date: '2026-10-22', usd: '0.00', count: 0 });
    expect(a.dailyVolume.at(-1)).toEqual({ date: '2026-11-20', usd: '0.00', count: 0 });
    expect(a.dailyVolume.filter((d) => d.count > 0)).toEqual([
      { date: '2026-11-01', usd: '190.00', count: 1 },
      { date: '2026-11-10', usd: '55.88', count: 1 },
      { date: '2026-11-19', usd: '20.00', count: 1 },
    ]);
    expect(a.links).toMatchObject({
      total: 7,
      active: 5,
      completed: 1,
      expired: 1,
      totalValueUsd: '55.88',
      totalValueByCurrency: [{ currency: 'EUR', amount: '47.50' }],
      conversionRate: '14.3',
    });
    expect(a.links.recent).toHaveLength(5);
    expect(a.links.recent.every((l) => l.status === 'active' && l.currency === 'USDT')).toBe(true);
  });

  it('places the month boundary in the merchant’s time zone', async () => {
    const ny = await getPaymentAnalytics({
      deps: ctx.server.payments,
      db: ctx.db,
      userId: carol.id,
      mode: 'test',
      appUrl: 'http://x',
      now: NOW,
      timeZone: 'America/New_York',
    });
    // In New York the 190.00 of 00:30 UTC on 1 November belongs to October.
    expect(ny.thisMonth).toEqual({
      usd: '75.88',
      previousMonthUsd: '190.00',
      change: '-60.1',
      monthStart: '2026-11-01T04:00:00.000Z',
    });
    expect(ny.dailyVolume.find((d) => d.count > 0)).toEqual({ date: '2026-10-31', usd: '190.00', count: 1 });
    // On 1 December (UTC) November becomes the previous month.
    const dec = await getPaymentAnalytics({
      deps: ctx.server.payments,
      db: ctx.db,
      userId: carol.id,
      mode: 'test',
      appUrl: 'http://x',
      now: new Date('2026-12-01T00:00:00Z'),
    });
    expect(dec.thisMonth).toMatchObject({ usd: '0.00', previousMonthUsd: '265.88', change: '-100.0' });
    // One second earlier it is still November.
    const nov = await getPaymentAnalytics({
      deps: ctx.server.payments,
      db: ctx.db,
      userId: carol.id,
      mode: 'test',
      appUrl: 'http://x',
      now: new Date('2026-11-30T23:59:59Z'),
    });
    expect(nov.thisMonth).toMatchObject({ usd: '265.88', previousMonthUsd: '0.00', change: '100' });
  });

  it('answers zeros for a merchant without payments, and over HTTP with the current date', async () => {
    const res = await dave.call({ method: 'GET', url: '/api/v1/analytics/payments?timeZone=Europe%2FParis' });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a.timeZone).toBe('Europe/Paris');
    expect(a.totalVolume).toEqual({ usd: '0.00', change: '0', confirmedCount: 0 });
    expect(a.thisMonth).toMatchObject({ usd: '0.00', previousMonthUsd: '0.00', change: '0' });
    expect(a.activeLinks).toEqual({ count: 0, change: 0 });
    expect(a.links).toMatchObject({ total: 0, conversionRate: '0.0', totalValueUsd: '0.00', recent: [] });
    expect(a.dailyVolume).toHaveLength(30);
    const bad = await dave.call({ method: 'GET', url: '/api/v1/analytics/payments?timeZone=Nowhere%2FLand' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps merchants and modes apart', async () => {
    const live = await carol.inMode('live');
    const a = (await live.call({ method: 'GET', url: '/api/v1/analytics/payments' })).json().data;
    expect(a.counts.total).toBe(0);
    expect(a.links.total).toBe(0);
    const b = (await live.call({ method: 'GET', url: '/api/v1/analytics/balances' })).json().data;
    expect(b).toEqual({ totalUsd: '0.00', outsideVolumeUsd: '0.00', balances: [] });
    const d = (await dave.call({ method: 'GET', url: '/api/v1/analytics/balances' })).json().data;
    expect(d).toEqual({ totalUsd: '0.00', outsideVolumeUsd: '0.00', balances: [] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/analytics/payments' })).statusCode).toBe(401);
  });
});

describe('GET /analytics/balances', () => {
  it('sums all confirmed money per coin exactly, valued at the current rate, largest first', async () => {
    const res = await carol.call({ method: 'GET', url: '/api/v1/analytics/balances' });
    expect(res.statusCode, res.body).toBe(200);
    const linkBtc = (await carol.call({ method: 'GET', url: `/api/v1/payments/${ids.link}` })).json().data
      .amountConfirmed as string;
    expect(linkBtc).toBe('0.00058824'); // 55.88 USD at 95000, rounded up to 8 decimals
    // The partial ETH payment's 0.1 has its 12 confirmations: it is in the merchant's wallet, so in the balance,
    // though not in the volume (the payment is not confirmed).
    expect(res.json().data).toEqual({
      totalUsd: '710.88',
      outsideVolumeUsd: '350.00',
      balances: [
        {
          currency: 'ETH',
          amount: '0.1',
          usdAmount: '350.00',
          outsideVolumeAmount: '0.1',
          outsideVolumeUsd: '350.00',
          valuation: 'current',
          rateSource: 'test-prices',
          paymentCount: 1,
        },
        {
          currency: 'BTC',
          amount: '0.00358824', // 0.001 + 0.002 + 0.00058824
          usdAmount: '340.88', // at the test price 95000
          outsideVolumeAmount: '0',
          outsideVolumeUsd: '0.00',
          valuation: 'current',
          rateSource: 'test-prices',
          paymentCount: 3,
        },
        {
          currency: 'USDT',
          amount: '20',
          usdAmount: '20.00',
          outsideVolumeAmount: '0',
          outsideVolumeUsd: '0.00',
          valuation: 'current',
          rateSource: 'test-prices',
          paymentCount: 1,
        },
      ],
    });
  });

  it('uses the locked rates when no current rate is known', async () => {
    // A live payment as a chain watcher leaves it (live chains are not in this build): copied from a test one.
    // Live mode never values with the built-in test prices, and no market or manual rate is stored here.
    const row = await ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', ids.sept!)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('payments')
      .values({
        ...row,
        id: 'pay_livecopy',
        mode: 'live',
        address: 'live_copy_address',
        metadata: '{}',
        chain_details: JSON.stringify(row.chain_details),
        conversion: null,
      })
      .execute();
    const b = await getBalances({ db: ctx.db, userId: carol.id, mode: 'live', maxAgeSeconds: 300 });
    expect(b).toEqual({
      totalUsd: '95.00',
      outsideVolumeUsd: '0.00',
      balances: [
        {
          currency: 'BTC',
          amount: '0.001',
          usdAmount: '95.00',
          outsideVolumeAmount: '0',
          outsideVolumeUsd: '0.00',
          valuation: 'locked',
          rateSource: null,
          paymentCount: 1,
        },
      ],
    });
    await ctx.db.deleteFrom('payments').where('id', '=', 'pay_livecopy').execute();
  });
});
