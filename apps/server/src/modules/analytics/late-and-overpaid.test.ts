import { parseUnits } from '@coinlane/core/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Every figure a merchant reads about money received, on one data set: an overpaid payment (271.74 USDT due,
// 298.914 received), a payment paid exactly, one overpaid by half a cent (the rounding), and a late payment
// (0.01 ETH after its expiry). Test prices: USDT 1, ETH 3500 USD (modules/rates/static-sources.ts), so the
// balance at the current rate and the volume at the locked rates must agree to the cent once nothing is left
// outside the volume. docs/decisions/013-late-and-overpaid-payments.md.

let ctx: TestContext;
let erin: Merchant;
const ids = {} as { over: string; exact: string; halfCent: string; late: string };
const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function pay(payload: Record<string, unknown>) {
  const res = await erin.call({ method: 'POST', url: '/api/v1/payments', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
async function simulate(id: string, amount?: string) {
  const res = await erin.call({
    method: 'POST',
    url: `/api/v1/payments/${id}/simulate`,
    ...(amount ? { payload: { amount } } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
}
const read = async (url: string) => {
  const res = await erin.call({ method: 'GET', url: `/api/v1${url}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const csvRows = async () => {
  const res = await erin.call({ method: 'GET', url: '/api/v1/transactions/export.csv' });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = res.body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));
  const col = (name: string) => header!.indexOf(name);
  return rows.map((r) => ({
    id: r[col('Transaction ID')]!,
    amount: r[col('Amount')]!,
    usdAmount: r[col('USD Amount')]!,
    status: r[col('Status')]!,
    received: r[col('Amount Received')]!,
    usdConfirmed: r[col('USD Confirmed')]!,
    exception: r[col('Exception')]!,
  }));
};
const cents = (usd: string) => parseUnits(usd, 2);
const sumUsd = (values: string[]) => {
  const total = values.reduce((a, v) => a + cents(v), 0n);
  return `${total / 100n}.${String(total % 100n).padStart(2, '0')}`;
};

beforeAll(async () => {
  ctx = await createTestContext();
  erin = await createMerchant(ctx, { name: 'Erin Electronics' });
  ids.over = await pay({ amount: '271.74', currency: 'USDT', network: 'ethereum', description: 'Overpaid' });
  await simulate(ids.over, '298.914');
  ids.exact = await pay({ amount: '20', currency: 'USDT', network: 'ethereum' });
  await simulate(ids.exact);
  ids.halfCent = await pay({ amount: '2', currency: 'USDT', network: 'ethereum' });
  await simulate(ids.halfCent, '2.005');
  ids.late = await pay({ amount: '0.01', currency: 'ETH', description: 'Paid late' });
  await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
  await simulate(ids.late);
  // 30 test blocks: every transfer has Ethereum's 12 confirmations.
  await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(60), blockSeconds: 2 });
});
afterAll(() => ctx.close());

describe('an overpaid payment and a late payment, everywhere a merchant reads money', () => {
  it('each row shows what was due, what was received, the excess and its USD value', async () => {
    const { data } = await read('/transactions');
    const row = (id: string) => data.find((t: { id: string }) => t.id === id);
    expect(row(ids.over)).toMatchObject({
      amount: '271.74',
      amountReceived: '298.914',
      amountConfirmed: '298.914',
      amountExcess: '27.174',
      usdAmount: '271.74',
      usdConfirmed: '298.91',
      status: 'confirmed',
      exception: 'paid_over',
      canAccept: false,
    });
    expect(row(ids.halfCent)).toMatchObject({
      usdAmount: '2.00',
      usdConfirmed: '2.01',
      amountExcess: '0.005',
    });
    expect(row(ids.late)).toMatchObject({
      amount: '0.01',
      amountReceived: '0.01',
      amountConfirmed: '0.01',
      usdConfirmed: '35.00',
      status: 'failed',
      paymentStatus: 'expired',
      exception: 'paid_late',
      canAccept: true,
    });
  });

  it('before the late payment is accepted: the balance counts it, the volume does not, and the gap is exactly it', async () => {
    const balances = (await read('/analytics/balances')).data;
    expect(balances).toEqual({
      totalUsd: '355.92',
      outsideVolumeUsd: '35.00',
      balances: [
        {
          currency: 'USDT',
          amount: '320.919', // 298.914 + 20 + 2.005, all received
          usdAmount: '320.92',
          outsideVolumeAmount: '0',
          outsideVolumeUsd: '0.00',
          valuation: 'current',
          rateSource: 'test-prices',
          paymentCount: 3,
        },
        {
          currency: 'ETH',
          amount: '0.01',
          usdAmount: '35.00',
          outsideVolumeAmount: '0.01',
          outsideVolumeUsd: '35.00',
          valuation: 'current',
          rateSource: 'test-prices',
          paymentCount: 1,
        },
      ],
    });
    const analytics = (await read('/analytics/payments')).data;
    // What was received on the confirmed payments: 298.91 + 20.00 + 2.01 (not the 293.74 that was due).
    expect(analytics.totalVolume).toMatchObject({ usd: '320.92', confirmedCount: 3 });
    expect(analytics.thisMonth.usd).toBe('320.92');
    expect(sumUsd(analytics.dailyVolume.map((d: { usd: string }) => d.usd))).toBe('320.92');
    const list = await read('/transactions');
    expect(list.summary).toEqual({
      count: 4,
      confirmedCount: 3,
      pendingCount: 0,
      failedCount: 1,
      totalVolumeUsd: '320.92',
    });
    const rows = await csvRows();
    const confirmed = rows.filter((r) => r.status === 'confirmed');
    expect(sumUsd(confirmed.map((r) => r.usdConfirmed))).toBe('320.92');
    expect(rows.find((r) => r.id === ids.over)).toMatchObject({
      amount: '271.74',
      usdAmount: '271.74',
      received: '298.914',
      usdConfirmed: '298.91',
      exception: 'paid_over',
    });
    expect(rows.find((r) => r.id === ids.late)).toMatchObject({
      status: 'failed',
      received: '0.01',
      usdConfirmed: '35.00',
      exception: 'paid_late',
    });
    // The balance less the volume is exactly the late money the merchant has not accepted, and says so.
    expect(cents(balances.totalUsd) - cents(analytics.totalVolume.usd)).toBe(
      cents(balances.outsideVolumeUsd),
    );
  });

  it('once accepted, the late payment counts in the volume too, and volume and balance agree', async () => {
    const accepted = await erin.call({ method: 'POST', url: `/api/v1/payments/${ids.late}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const balances = (await read('/analytics/balances')).data;
    const analytics = (await read('/analytics/payments')).data;
    const list = await read('/transactions');
    expect(balances).toMatchObject({ totalUsd: '355.92', outsideVolumeUsd: '0.00' });
    expect(analytics.totalVolume).toMatchObject({ usd: '355.92', confirmedCount: 4 });
    expect(analytics.thisMonth.usd).toBe('355.92');
    expect(analytics.counts).toMatchObject({ confirmed: 4, failed: 0 });
    expect(list.summary).toMatchObject({ confirmedCount: 4, failedCount: 0, totalVolumeUsd: '355.92' });
    const rows = await csvRows();
    expect(rows.find((r) => r.id === ids.late)).toMatchObject({
      status: 'confirmed',
      exception: 'paid_late',
    });
    expect(sumUsd(rows.filter((r) => r.status === 'confirmed').map((r) => r.usdConfirmed))).toBe('355.92');
    // The status filter puts it with the confirmed rows now.
    const confirmedOnly = await read('/transactions?status=confirmed');
    expect(confirmedOnly.data.map((t: { id: string }) => t.id)).toContain(ids.late);
  });
});
