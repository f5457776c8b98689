import { randomId } from '@coinlane/core/ids';
import { compareRational, parseRational, percentOf, percentOfFiat } from '@coinlane/core/money';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentsTable } from '#app/db/schema.ts';

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
 * cents, then held within the structure's minimum and maximum. Recording twice is a no-op.
 */
export async function recordPlatformFee({
  db,
  payment,
}: {
  db: Db;
  payment: Selectable<PaymentsTable>;
}): Promise<void> {
  const structure = await db
    .selectFrom('fee_structures')
    .select(['percentage', 'minimum_fee', 'maximum_fee'])
    .where('type', '=', 'platform')
    .executeTakeFirst();
  const currency = await db
    .selectFrom('supported_cryptocurrencies')
    .select('fee_percentage')
    .where('symbol', '=', payment.currency)
    .where('network', '=', payment.network)
    .executeTakeFirst();
  const percentage = currency?.fee_percentage ?? structure?.percentage ?? '1';
  const base = BigInt(payment.amount);
  const feeUsd =
    payment.usd_amount === null
      ? null
      : bounded(
          percentOfFiat(payment.usd_amount, percentage, 2),
          structure?.minimum_fee ?? null,
          structure?.maximum_fee ?? null,
        );
  await db
    .insertInto('platform_fees')
    .values({
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
    })
    .onConflict((oc) => oc.column('payment_id').doNothing())
    .execute();
}
