import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_CACHE_TTL_MS } from '#app/db/read-caches.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { rawWrite } from '#app/test/test-db.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { recordPlatformFee, voidPlatformFee } from './record-platform-fee.ts';

/**
 * The platform fee of a confirmed payment (decision 022's invoicing reads it): the coin's own percentage over the
 * platform structure's, the USD fee held within the structure's minimum, recorded once however often the
 * confirmation is applied, voided by a reversal and counting again, with its amounts as first recorded, when the
 * payment is confirmed again. Each step's audit row is written once.
 */
let ctx: TestContext;
let shop: Merchant;

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createMerchant(ctx, { name: 'Fee Shop' });
});

afterAll(async () => {
  await ctx?.close();
});

async function newPayment(amount: string) {
  const res = await shop.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount, currency: 'BTC' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', res.json().data.id)
    .executeTakeFirstOrThrow();
}
const feeOf = (paymentId: string) =>
  ctx.db.selectFrom('platform_fees').selectAll().where('payment_id', '=', paymentId).execute();
const auditOf = async (feeId: string) =>
  (
    await ctx.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', feeId)
      .orderBy('id')
      .execute()
  ).map((a) => a.action);

describe('the platform fee', () => {
  it('is recorded once, voided by a reversal and counts again as recorded', async () => {
    const payment = await newPayment('0.001'); // 95.00 USD at the test price
    expect(payment.usd_amount).toBe('95.00');
    await recordPlatformFee({ db: ctx.db, payment });
    await recordPlatformFee({ db: ctx.db, payment });
    const [fee, ...more] = await feeOf(payment.id);
    expect(more).toEqual([]);
    expect(fee).toMatchObject({
      status: 'pending',
      percentage: '1',
      base_amount: '100000',
      fee_amount: '1000',
      usd_amount: '95.00',
      fee_usd: '0.95',
      voided_at: null,
    });

    // The fee structure changes: a fee recorded before keeps its amounts, also when it counts again.
    await ctx.db
      .updateTable('fee_structures')
      .set({ percentage: '3' })
      .where('type', '=', 'platform')
      .execute();
    await voidPlatformFee({ db: ctx.db, paymentId: payment.id, now: new Date() });
    expect((await feeOf(payment.id))[0]).toMatchObject({ status: 'voided' });
    await recordPlatformFee({ db: ctx.db, payment });
    await recordPlatformFee({ db: ctx.db, payment });
    const [again, ...none] = await feeOf(payment.id);
    expect(none).toEqual([]);
    expect(again).toMatchObject({
      id: fee!.id,
      status: 'pending',
      voided_at: null,
      fee_amount: '1000',
      percentage: '1',
    });
    expect(await auditOf(fee!.id)).toEqual(['platform_fee.voided', 'platform_fee.restored']);
  });

  it('takes the coin’s own percentage over the structure’s, and the structure’s minimum in USD', async () => {
    await ctx.db
      .updateTable('fee_structures')
      .set({ percentage: '1', minimum_fee: '5.00' })
      .where('type', '=', 'platform')
      .execute();
    const small = await newPayment('0.001');
    await recordPlatformFee({ db: ctx.db, payment: small });
    expect((await feeOf(small.id))[0]).toMatchObject({
      percentage: '1',
      fee_amount: '1000',
      fee_usd: '5.00',
    });

    await ctx.db
      .updateTable('supported_cryptocurrencies')
      .set({ fee_percentage: '2.5' })
      .where('symbol', '=', 'BTC')
      .where('network', '=', 'bitcoin')
      .execute();
    const large = await newPayment('0.01'); // 950.00 USD
    await recordPlatformFee({ db: ctx.db, payment: large });
    expect((await feeOf(large.id))[0]).toMatchObject({
      percentage: '2.5',
      fee_amount: '25000',
      fee_usd: '23.75',
    });
    expect(await auditOf((await feeOf(large.id))[0]!.id)).toEqual([]);
  });

  it('inside the confirming transaction reads the settings kept in memory, and a change made anywhere at once', async () => {
    // Entries kept a minute: what empties the cache below is the table's notification, not their age.
    ctx.dbHandle.readCaches.ttlMs = 60_000;
    const fees = ctx.dbHandle.readCaches.cache('platform_fee');
    fees.clear();
    await ctx.db
      .updateTable('fee_structures')
      .set({ percentage: '1', minimum_fee: null })
      .where('type', '=', 'platform')
      .execute();
    await ctx.db.updateTable('supported_cryptocurrencies').set({ fee_percentage: null }).execute();
    const first = await newPayment('0.001');
    await ctx.db.transaction().execute((trx) => recordPlatformFee({ db: trx, payment: first }));
    expect((await feeOf(first.id))[0]).toMatchObject({ percentage: '1', fee_amount: '1000' });
    expect(fees.size).toBe(1);

    // A write no server made (psql, a script): only the table's trigger and its notification tell the server.
    await rawWrite(ctx.dbHandle, 'UPDATE fee_structures SET percentage = 2 WHERE type = $1', ['platform']);
    await waitFor('the fee settings dropped', async () => fees.size === 0, READ_CACHE_TTL_MS);
    const second = await newPayment('0.001');
    await ctx.db.transaction().execute((trx) => recordPlatformFee({ db: trx, payment: second }));
    expect((await feeOf(second.id))[0]).toMatchObject({ percentage: '2', fee_amount: '2000' });
    ctx.dbHandle.readCaches.ttlMs = READ_CACHE_TTL_MS;
  });
});
