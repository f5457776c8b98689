import type { TAdminTransactionExport } from '@coinlane/core/api/admin-transactions';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { findPlatformPayment } from '#app/modules/payments/find-platform-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { getAdminTransaction } from './get-admin-transaction.ts';

/**
 * Export Details (GET /admin/transactions/:id/export): the details as a file, its export audited
 * ('transaction.exported' on the payment) before they are read, so the file's audit trail shows it.
 */
export async function exportAdminTransaction({
  deps,
  db,
  paymentId,
  actorId,
  ip,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  actorId: string;
  ip: string | null;
  now?: Date;
}): Promise<TAdminTransactionExport> {
  const payment = await findPlatformPayment({ db, paymentId });
  if (!payment) throw new AppError('NOT_FOUND', { message: T.transactionNotFound });
  await recordAudit({
    db,
    actorId,
    actorType: 'admin',
    action: 'transaction.exported',
    entityType: 'payment',
    entityId: payment.id,
    mode: payment.mode,
    ip,
  });
  const details = await getAdminTransaction({ deps, db, paymentId, now });
  return { ...details, exportedAt: now.toISOString(), exportedBy: actorId };
}
