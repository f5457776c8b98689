import { randomId } from '@coinlane/core/ids';
import { formatUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import type { TPaymentConversion } from '#app/db/schema.ts';
import type { ShiftPlan } from './prepare-shift-conversion.ts';

/** What a shift's payment stores of it (payments.conversion): fixed now, never read from the rule again. */
export const shiftConversionOf = (plan: ShiftPlan): TPaymentConversion => ({
  kind: 'shift',
  toCurrency: plan.settle.currency,
  toNetwork: plan.settle.network,
  provider: plan.provider,
  shiftId: plan.shift.id,
  walletId: plan.settle.walletId,
  settleAddress: plan.settle.address,
});

/** A shift nobody has paid into is first read at its end (plus this), when the exchange says whether it expired. */
export const FIRST_CHECK_AFTER_EXPIRY_MS = 30_000;

/**
 * The shift's row (conversion_shifts), in the payment's insert transaction, after the payment: the job
 * follow-shifts reads it from then on. Its first check is at the shift's end: a shift nobody paid into costs one
 * read; a deposit seen on chain brings the check forward (open-shift-payout.ts).
 */
export async function recordShiftConversion({
  db,
  userId,
  paymentId,
  plan,
  currency,
  network,
  decimals,
  now,
}: {
  db: Db;
  userId: string;
  paymentId: string;
  plan: ShiftPlan;
  currency: string;
  network: string;
  decimals: number;
  now: Date;
}): Promise<void> {
  const { shift } = plan;
  await db
    .insertInto('conversion_shifts')
    .values({
      id: randomId('shf'),
      user_id: userId,
      payment_id: paymentId,
      provider: plan.provider,
      provider_shift_id: shift.id,
      quote_id: shift.quoteId,
      deposit_address: shift.depositAddress,
      deposit_currency: currency,
      deposit_network: network,
      deposit_amount: formatUnits(plan.depositUnits, decimals),
      settle_currency: plan.settle.currency,
      settle_network: plan.settle.network,
      settle_amount: shift.settleAmount,
      settle_address: plan.settle.address,
      refund_address: plan.refund.address,
      rate: shift.rate,
      status: shift.status,
      expires_at: shift.expiresAt,
      next_check_at: new Date(shift.expiresAt.getTime() + FIRST_CHECK_AFTER_EXPIRY_MS),
      created_at: now,
      updated_at: now,
    })
    .execute();
}
