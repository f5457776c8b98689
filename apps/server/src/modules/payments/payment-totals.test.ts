import type { TPaymentStatus } from '@coinlane/core/payment-status';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { compactPaymentRollups } from './compact-payment-rollups.ts';
import { countByStatus } from './find-merchant-payments.ts';
import { countMerchantPaymentsByStatus, sumConfirmedByCoin } from './summarize-merchant-payments.ts';

/**
 * The merchant's totals (payment_totals and its log, migration 0042) that its Transactions summary and balances read
 * must equal
 * the same figures summed over its payments, to the cent and the base unit: after creations, confirmations, partial
 * and late money, refunds, re-prices, a change of coin and a delete (each a write the triggers see), and after many
 * creations at once (on PostgreSQL they really run side by side).
 */
let ctx: TestContext;
let shop: Merchant;
let other: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createMerchant(ctx, { name: 'Totals Shop' });
  other = await createMerchant(ctx, { name: 'Other Shop' });
});

afterAll(async () => {
  await ctx?.close();
});

async function create(m: Merchant, payload: Record<string, unknown>): Promise<string> {
  const res = await m.call({ method: 'POST', url: '/api/v1/payments', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

const set = (id: string, values: Record<string, unknown>) =>
  ctx.db.updateTable('payments').set(values).where('id', '=', id).execute();

/** The figures summed over the payments themselves, as the lists and balances read them before migration 0042. */
async function fromPayments(
  userId: string,
  mode: 'test' | 'live',
  filter: { statuses?: TPaymentStatus[]; currency?: string },
) {
  let base = ctx.db.selectFrom('payments').where('user_id', '=', userId).where('mode', '=', mode);
  if (filter.statuses) {
    base = filter.statuses.length
      ? base.where('status', 'in', filter.statuses)
      : base.where(sql<boolean>`false`);
  }
  if (filter.currency) base = base.where('currency', '=', filter.currency);
  return countByStatus(base);
}
async function coinsFromPayments(userId: string, mode: 'test' | 'live') {
  const r = await sql<{
    currency: string;
    decimals: number;
    units: string;
    usd: string;
    outside_units: string;
    outside_usd: string;
    n: string;
  }>`
    SELECT currency, decimals, sum(amount_confirmed - amount_refunded)::text AS units,
      (coalesce(sum(div(2 * coalesce(usd_amount, 0) * 100 * (amount_confirmed - amount_refunded) + amount, 2 * amount)), 0)
        / 100)::numeric(78, 2)::text AS usd,
      coalesce(sum(amount_confirmed - amount_refunded) FILTER (WHERE status <> 'confirmed'), 0)::text AS outside_units,
      (coalesce(sum(div(2 * coalesce(usd_amount, 0) * 100 * (amount_confirmed - amount_refunded) + amount, 2 * amount))
        FILTER (WHERE status <> 'confirmed'), 0) / 100)::numeric(78, 2)::text AS outside_usd,
      count(*)::text AS n
    FROM payments WHERE user_id = ${userId} AND mode = ${mode} AND amount_confirmed > 0
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(ctx.db);
  return r.rows.map((x) => ({
    currency: x.currency,
    decimals: Number(x.decimals),
    units: BigInt(x.units),
    lockedUsd: x.usd,
    outsideUnits: BigInt(x.outside_units),
    outsideLockedUsd: x.outside_usd,
    count: Number(x.n),
  }));
}

/** The same figures with the log as it is, then again once the rollup job has folded it. */
async function expectSame(userId: string, mode: 'test' | 'live') {
  await expectSameNow(userId, mode);
  await compactPaymentRollups({ db: ctx.db });
  expect(await logRows()).toBe(0);
  await expectSameNow(userId, mode);
}
const logRows = async () =>
  Number(
    (await sql<{ n: string }>`SELECT count(*)::text AS n FROM payment_totals_log`.execute(ctx.db)).rows[0]!.n,
  );

async function expectSameNow(userId: string, mode: 'test' | 'live') {
  const filters: { statuses?: TPaymentStatus[]; currency?: string }[] = [
    {},
    { statuses: ['confirmed'] },
    { statuses: ['pending', 'partial'] },
    { statuses: [] },
    { currency: 'BTC' },
    { currency: 'ETH', statuses: ['confirmed', 'expired'] },
  ];
  for (const filter of filters) {
    const fromTotals = await countMerchantPaymentsByStatus({ db: ctx.db, userId, mode, ...filter });
    expect(fromTotals, JSON.stringify(filter)).toEqual(await fromPayments(userId, mode, filter));
  }
  const coins = await sumConfirmedByCoin({ db: ctx.db, userId, mode });
  coins.sort((a, b) => a.currency.localeCompare(b.currency) || a.decimals - b.decimals);
  expect(coins).toEqual(await coinsFromPayments(userId, mode));
}

describe('the merchant totals', () => {
  it('equal the sums over the payments through every kind of change', async () => {
    const ids = {
      btcFull: await create(shop, { amount: '0.001', currency: 'BTC' }),
      btcFiat: await create(shop, { fiatAmount: '33.33', fiatCurrency: 'USD', currency: 'BTC' }),
      ethPartial: await create(shop, { amount: '0.3', currency: 'ETH' }),
      ethLate: await create(shop, { fiatAmount: '10', fiatCurrency: 'EUR', currency: 'ETH' }),
      refunded: await create(shop, { amount: '0.002', currency: 'BTC' }),
      gone: await create(shop, { amount: '0.004', currency: 'BTC' }),
      pending: await create(shop, { amount: '0.005', currency: 'BTC' }),
    };
    await create(other, { amount: '1', currency: 'BTC' });
    await expectSame(shop.id, 'test');

    // Confirmed in full; a third of a payment (half-up cents of each payment); late money on an expired one.
    await set(ids.btcFull, { status: 'confirmed', amount_received: '100000', amount_confirmed: '100000' });
    await set(ids.btcFiat, { status: 'confirmed', amount_received: '35085', amount_confirmed: '35085' });
    await set(ids.ethPartial, {
      status: 'partial',
      amount_received: '100000000000000000',
      amount_confirmed: '100000000000000000',
    });
    await set(ids.ethLate, { status: 'expired', exception: 'paid_late', amount_confirmed: '1234567' });
    await set(ids.refunded, { status: 'confirmed', amount_received: '200000', amount_confirmed: '200000' });
    await set(ids.gone, { status: 'confirmed', amount_received: '400000', amount_confirmed: '400000' });
    await expectSame(shop.id, 'test');

    // A refund, a re-price, a reversal, a change of coin, a delete.
    await set(ids.refunded, { amount_refunded: '50001' });
    await set(ids.pending, { usd_amount: '477.77', amount: '500001' });
    await set(ids.btcFull, { status: 'partial' });
    await set(ids.ethPartial, { currency: 'ETH', decimals: 8 });
    await ctx.db.deleteFrom('payments').where('id', '=', ids.gone).execute();
    await expectSame(shop.id, 'test');
    // A refund of money that a reorganisation took back: held nothing, the payment leaves the balances.
    await set(ids.refunded, { amount_confirmed: '0', status: 'partial' });
    await expectSame(shop.id, 'test');
    await expectSame(other.id, 'test');
    await expectSame(shop.id, 'live');

    const balances = await sumConfirmedByCoin({ db: ctx.db, userId: shop.id, mode: 'test' });
    expect(balances.length).toBeGreaterThan(0);
    const summary = await countMerchantPaymentsByStatus({ db: ctx.db, userId: shop.id, mode: 'test' });
    expect(summary.byStatus).toEqual({ pending: 1, partial: 3, confirmed: 1, failed: 0, expired: 1 });
  });

  it('add up after many creations at once', async () => {
    const busy = await createMerchant(ctx, { name: 'Busy Totals Shop' });
    // the rollup job folding the log (twice at once, as two schedulers may) while the payments are being made
    await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => create(busy, { amount: `0.00${i + 1}`, currency: 'BTC' })),
      compactPaymentRollups({ db: ctx.db }),
      compactPaymentRollups({ db: ctx.db }),
    ]);
    const { byStatus } = await countMerchantPaymentsByStatus({ db: ctx.db, userId: busy.id, mode: 'test' });
    expect(byStatus.pending).toBe(30);
    await expectSame(busy.id, 'test');
  });
});
