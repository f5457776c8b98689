import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from './actor.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { selectOwnPayment } from './queries.ts';

/**
 * The merchant's own actions on a payment (session, or API key with write), through applyPaymentEvent like every
 * change; a payment of another merchant or mode is NOT_FOUND. A payment past its window reads as expired first,
 * so that a refusal names what the merchant sees.
 * - `cancel` (POST /payments/{id}/cancel): a pending payment that has received nothing becomes failed (reason
 *   cancelled); anything else is refused (409) and changes nothing. Money arriving later is kept as paid_late.
 * - `accept` (POST /payments/{id}/accept): the merchant accepts a late payment. Allowed once, on an expired or
 *   cancelled payment flagged paid_late whose confirmed money covers the amount due (canAccept): it becomes
 *   confirmed (paid_late kept as the record), emits payment.confirmed, completes its payment link and records the
 *   platform fee, like any confirmed payment, with an audit row `payment.accept` naming the caller. Anything else
 *   (accepted already, confirmed in time, open, not paid late, late money unconfirmed or short) is refused with a
 *   409 INVALID_STATE and changes nothing; the row lock in applyPaymentEvent makes two concurrent accepts one.
 */
export async function changeOwnPayment({
  deps,
  db,
  userId,
  mode,
  paymentId,
  action,
  actor,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
  action: 'cancel' | 'accept';
  actor: PaymentActor;
  now?: Date;
}) {
  const found = await selectOwnPayment(db, { userId, mode, id: paymentId });
  if (!found) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  await withExpiryApplied(db, found, now, deps);
  const { payment } = await applyPaymentEvent({ deps, db, paymentId, change: { type: action }, actor, now });
  return payment;
}
