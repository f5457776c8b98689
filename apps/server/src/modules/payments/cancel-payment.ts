import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from './actor.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import { selectOwnPayment } from './queries.ts';

/**
 * POST /payments/{id}/cancel: a pending payment that has received nothing becomes failed (reason
 * cancelled); anything else is refused (409) and changes nothing. Money arriving later is kept as paid_late.
 */
export async function cancelPayment({
  db,
  userId,
  mode,
  paymentId,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
  actor: PaymentActor;
  now?: Date;
}) {
  const found = await selectOwnPayment(db, { userId, mode, id: paymentId });
  if (!found) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  await withExpiryApplied(db, found, now);
  const { payment } = await applyPaymentEvent({ db, paymentId, change: { type: 'cancel' }, actor, now });
  return payment;
}
