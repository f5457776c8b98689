import type { Db } from '#app/db/connection.ts';
import type { PaymentStatusChange } from '#app/modules/payments/payment-lifecycle.ts';
import { openPayout } from '#app/modules/payouts/record-payout.ts';
import { type ConversionShiftRow, selectShiftOfPayment } from './queries.ts';

/**
 * The shift's pending payout history entry (kind `shift`), opened once (openPayout is idempotent per shift): what
 * the customer paid in, what the merchant receives and where, at the quoted rate. payout.created is queued with it.
 */
export const openShiftPayout = (db: Db, shift: ConversionShiftRow, ruleId: string | null) =>
  openPayout(db, {
    userId: shift.user_id,
    paymentId: shift.payment_id,
    ruleId,
    kind: 'shift',
    network: shift.deposit_network,
    originalAmount: shift.deposit_amount,
    originalCurrency: shift.deposit_currency,
    payoutCurrency: shift.settle_currency,
    walletAddress: shift.settle_address,
    conversionShiftId: shift.id,
    exchangeRate: shift.rate,
  });

/**
 * A lifecycle handler (every payment event after payment.created; server-payments.ts): when a shift's payment first shows money on chain
 * (in the mempool or a block), its payout entry is opened, pending, and the shift is read from the exchange at once
 * rather than at the quote's end (its next check brought forward). Until then a shift nobody pays into leaves no
 * entry in the merchant's history. In the payment's transaction: database writes only.
 */
export async function onShiftPaymentChange({ db, payment, now }: PaymentStatusChange): Promise<void> {
  if (payment.conversion?.kind !== 'shift' || BigInt(payment.amount_received) === 0n) return;
  const shift = await selectShiftOfPayment(db, payment.id);
  if (!shift) return;
  await openShiftPayout(db, shift, payment.payout_rule_id);
  if (shift.finished_at === null && shift.next_check_at > now) {
    await db
      .updateTable('conversion_shifts')
      .set({ next_check_at: now, deposit_tx_hash: shift.deposit_tx_hash ?? payment.tx_hash })
      .where('id', '=', shift.id)
      .execute();
  }
}
