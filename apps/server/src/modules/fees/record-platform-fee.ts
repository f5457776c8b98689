import { randomId } from '@coinlane/core/ids';
import { compareRational, parseRational, percentOf, percentOfFiat } from '@coinlane/core/money';
import { type Selectable, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { readCachesBehind } from '#app/db/read-caches.ts';
import type { PaymentsTable } from '#app/db/schema.ts';
import { auditRow, recordAudit } from '#app/modules/audit/record-audit.ts';
import { type PaymentActor, SYSTEM_ACTOR } from '#app/modules/payments/actor.ts';

type FeeSettings = {
  percentage: string | null;
  minimum_fee: string | null;
  maximum_fee: string | null;
  coin_percentage: string | null;
};

/**
 * The `platform` fee structure and the coin's own percentage, in one read; a payment's coin has one catalogue row per
 * network. Kept in the read caches (`platform_fee`) even inside the confirming transaction (readCachesBehind): the
 * fee applies the settings in force, which an admin's change reaches in every process at its commit (its cache
 * notification) and within READ_CACHE_TTL_MS at worst, as a confirmation a moment earlier would have.
 */
async function readFeeSettings(db: Db, currency: string, network: string): Promise<FeeSettings | undefined> {
  const load = async () => {
    const { rows } = await sql<FeeSettings>`SELECT fs.percentage, fs.minimum_fee, fs.maximum_fee,
            (SELECT c.fee_percentage FROM supported_cryptocurrencies c
             WHERE c.symbol = ${currency} AND c.network = ${network}) AS coin_percentage
     FROM (SELECT 1) AS one LEFT JOIN fee_structures fs ON fs.type = 'platform'`.execute(db);
    return rows[0];
  };
  const cache = readCachesBehind(db)?.cache<FeeSettings | undefined>('platform_fee');
  return cache ? cache.get(`${currency}\u0000${network}`, load) : load();
}

/** The USD fee held within the structure's minimum and maximum (USD amounts; null: no bound). */
function bounded(fee: string, min: string | null, max: string | null): string {
  const value = parseRational(fee);
  if (min !== null && compareRational(value, parseRational(min)) < 0) return min;
  if (max !== null && compareRational(value, parseRational(max)) > 0) return max;
  return fee;
}

/**
 * Records the platform fee of a confirmed payment, inside the transaction that confirms it. The fee is
 * invoiced to the merchant, never withheld (payments go wallet to wallet). Percentage: the currency's own
 * fee_percentage when an admin set one, else the `platform` fee structure (1 % by default). In the paid coin
 * it is rounded down to the base unit; in USD (from the payment's locked USD value) it is rounded half-up to
 * cents, then held within the structure's minimum and maximum. Recording twice is a no-op. A fee voided by a
 * reversal (voidPlatformFee) counts again when the payment is confirmed again ('pending', audited).
 */
export async function recordPlatformFee({
  db,
  payment,
  actor = SYSTEM_ACTOR,
}: {
  db: Db;
  payment: Selectable<PaymentsTable>;
  actor?: PaymentActor;
}): Promise<void> {
  await recordPlatformFees({ db, payments: [payment], actor });
}

/**
 * recordPlatformFee for several confirmed payments (a block that confirms many), in one statement (and one more
 * for the audit rows of fees that count again, if any).
 */
export async function recordPlatformFees({
  db,
  payments,
  actor = SYSTEM_ACTOR,
}: {
  db: Db;
  payments: readonly Selectable<PaymentsTable>[];
  actor?: PaymentActor;
}): Promise<void> {
  if (payments.length === 0) return;
  const values = [];
  for (const payment of payments) {
    const structure = await readFeeSettings(db, payment.currency, payment.network);
    const percentage = structure?.coin_percentage ?? structure?.percentage ?? '1';
    const base = BigInt(payment.amount);
    const feeUsd =
      payment.usd_amount === null
        ? null
        : bounded(
            percentOfFiat(payment.usd_amount, percentage, 2),
            structure?.minimum_fee ?? null,
            structure?.maximum_fee ?? null,
          );
    values.push({
      id: randomId('fee'),
      user_id: payment.user_id,
      mode: payment.mode,
      payment_id: payment.id,
      currency: payment.currency,
      network: payment.network,
      decimals: payment.decimals,
      base_amount: base.toString(),
      percentage,
      fee_amount: percentOf(base, percentage).toString(),
      usd_amount: payment.usd_amount,
      fee_usd: feeUsd,
    });
  }
  // One statement: the fee when the payment has none, else a voided one counting again (its amounts as recorded);
  // a fee that counts already is left alone and returns nothing. xmax is 0 on a row this statement inserted.
  const written = await db
    .insertInto('platform_fees')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('payment_id')
        .doUpdateSet({ status: 'pending', voided_at: null })
        .where('platform_fees.status', '=', 'voided'),
    )
    .returning(['id', 'payment_id', 'mode', 'fee_amount', sql<boolean>`xmax::text <> '0'`.as('revived')])
    .execute();
  const revived = written.filter((w) => w.revived);
  if (revived.length > 0) {
    await db
      .insertInto('audit_log')
      .values(
        revived.map((r) =>
          auditRow({
            actorId: actor.id,
            actorType: actor.type,
            action: 'platform_fee.restored',
            entityType: 'platform_fee',
            entityId: r.id,
            mode: r.mode,
            before: { status: 'voided' },
            after: { status: 'pending', payment_id: r.payment_id, fee_amount: r.fee_amount },
            ip: actor.ip,
          }),
        ),
      )
      .execute();
  }
}

/**
 * A reorganisation reversed the payment's confirmation: its platform fee no longer counts ('voided', audited;
 * invoiced or not). Inside the transaction that reverses it. Nothing when the payment has no fee.
 */
export async function voidPlatformFee({
  db,
  paymentId,
  actor = SYSTEM_ACTOR,
  now,
}: {
  db: Db;
  paymentId: string;
  actor?: PaymentActor;
  now: Date;
}): Promise<void> {
  const before = await db
    .selectFrom('platform_fees')
    .select(['id', 'mode', 'status', 'fee_amount', 'fee_usd'])
    .where('payment_id', '=', paymentId)
    .where('status', '<>', 'voided')
    .forUpdate()
    .executeTakeFirst();
  if (!before) return;
  await db
    .updateTable('platform_fees')
    .set({ status: 'voided', voided_at: now })
    .where('id', '=', before.id)
    .execute();
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: 'platform_fee.voided',
    entityType: 'platform_fee',
    entityId: before.id,
    mode: before.mode,
    before: { status: before.status, fee_amount: before.fee_amount, fee_usd: before.fee_usd },
    after: { status: 'voided', payment_id: paymentId, reason: 'payment_reversed' },
    ip: actor.ip,
  });
}
