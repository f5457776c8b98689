import type { TPayment } from '@coinlane/core/api/payments';
import { tryParseUnits } from '@coinlane/core/money';
import type { PaymentMailKind } from '#app/db/schema.ts';

/** What a payment mail says about the payment: the outbox event's snapshot (GET /payments/{id}'s shape). */
export type PaymentFacts = Pick<
  TPayment,
  | 'id'
  | 'mode'
  | 'status'
  | 'exception'
  | 'amount'
  | 'amountReceived'
  | 'amountConfirmed'
  | 'currency'
  | 'networkName'
  | 'decimals'
  | 'txHash'
  | 'description'
  | 'customerEmail'
  | 'fiatAmount'
  | 'fiatCurrency'
  | 'confirmedAt'
  | 'updatedAt'
>;

export const PAYMENT_MAIL_KINDS = ['confirmed', 'late', 'underpaid', 'overpaid', 'reversed'] as const;

/**
 * The mails an outbox event of a payment calls for, from the event's type and the payment as it was then:
 * - confirmed: payment.confirmed (the merchant is paid);
 * - reversed: payment.reversed (a reorganisation took the confirmation back);
 * - overpaid: the payment is confirmed with more money than due (paid_over), at confirmation or later;
 * - underpaid: the payment expired with part of the amount received in time (paid_partial);
 * - late: money arrived after the payment had closed (paid_late) and all of it is now confirmed; keyed on the
 *   payment's state, so it also follows any event type a later change adds for late money.
 * The dispatcher sends each (payment, kind) once per round, whatever the number of events that call for it.
 */
export function paymentMailKinds(type: string, p: PaymentFacts): PaymentMailKind[] {
  const kinds: PaymentMailKind[] = [];
  if (type === 'payment.reversed') kinds.push('reversed');
  if (type === 'payment.confirmed') kinds.push('confirmed');
  if (p.status === 'confirmed' && p.exception === 'paid_over') kinds.push('overpaid');
  const received = tryParseUnits(p.amountReceived, p.decimals) ?? 0n;
  const confirmed = tryParseUnits(p.amountConfirmed, p.decimals) ?? 0n;
  if (received > 0n && (p.status === 'expired' || p.status === 'failed')) {
    if (p.exception === 'paid_late' && confirmed >= received) kinds.push('late');
    if (p.status === 'expired' && p.exception === 'paid_partial') kinds.push('underpaid');
  }
  return kinds;
}
