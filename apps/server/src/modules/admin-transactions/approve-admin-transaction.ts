import type { TAdminTransaction } from '@coinlane/core/api/admin-transactions';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { applyPaymentEvent } from '#app/modules/payments/apply-payment-event.ts';
import { findPlatformPayment } from '#app/modules/payments/find-platform-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentAdminTransaction } from './present-admin-transaction.ts';
import { merchantOf, selectMerchants } from './queries.ts';

/**
 * Approve (POST /admin/transactions/:id/approve, transactions.write; admin spec 4): an administrator confirms a
 * payment whose money arrived on chain but that the rules do not confirm (too few confirmations, a part paid, paid
 * late). Through applyPaymentEvent, the one place a payment changes: pending -> confirmed (the spec's completed),
 * confirmed_at stamped, the approval (who, why) stored, `payment.confirmed` written to the outbox with the approval
 * in its payload, and the lifecycle run as for any confirmation (the link completed, the platform fee recorded).
 * No money moves. Audited as `payment.approve` with the reason. Refused with 409 INVALID_STATE when nothing was
 * received, or when it is confirmed already; 404 for an unknown id.
 */
export async function approveAdminTransaction({
  deps,
  db,
  paymentId,
  reason,
  adminId,
  ip,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  reason: string;
  adminId: string;
  ip: string | null;
  now?: Date;
}): Promise<TAdminTransaction> {
  const found = await findPlatformPayment({ db, paymentId });
  if (!found) throw new AppError('NOT_FOUND', { message: T.transactionNotFound });
  await applyPaymentEvent({
    deps,
    db,
    paymentId,
    change: { type: 'approve', reason },
    actor: { type: 'admin', id: adminId, ip },
    now,
  });
  const row = (await findPlatformPayment({ db, paymentId }))!;
  return presentAdminTransaction(row, merchantOf(await selectMerchants(db, [row.user_id]), row.user_id));
}
