import type { TCheckout } from '@coinlane/core/api/checkout';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { getLatestAttempt } from '#app/modules/payments/get-latest-attempt.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { simulatePayment } from '#app/modules/test-network/simulate-payment.ts';
import { findLink, presentCheckout } from './get-checkout.ts';

/**
 * Public POST /checkout/{linkId}/simulate: the hosted page's test panel "sends" `amount` (default: what is
 * still due) to the link's latest attempt on the built-in test network. Test-mode links only: a live link is
 * refused before anything is read of its payments, so no one can fake money on a live link. Uses the same
 * service function as the merchant's POST /payments/{id}/simulate (late and over payments are kept and
 * flagged there).
 */
export async function simulateCheckoutPayment({
  deps,
  db,
  linkId,
  amount,
  actor,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  linkId: string;
  amount?: string;
  actor: PaymentActor;
  now?: Date;
}): Promise<TCheckout> {
  const link = await findLink(db, linkId);
  if (link.mode !== 'test') throw new AppError('FORBIDDEN', { message: T.simulateTestOnly });
  const latest = await getLatestAttempt({ deps, db, linkId, now });
  if (!latest) throw new AppError('INVALID_STATE', { message: T.simulateNoPaymentYet });
  const r = await simulatePayment({
    deps,
    db,
    userId: link.user_id,
    mode: link.mode,
    paymentId: latest.id,
    amount,
    actor,
    now,
  });
  // Re-read the link: the transfer may have completed it.
  return presentCheckout(db, await findLink(db, linkId), r.payment, now);
}
