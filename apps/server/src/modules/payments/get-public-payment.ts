import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { type PaymentRow, selectPaymentById } from './queries.ts';

/**
 * A payment by id for the public status and address calls (the payer's page). The 128-bit id is the only
 * key; the replies carry no merchant data beyond what the page shows.
 */
export async function getPublicPayment({
  deps,
  db,
  paymentId,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  now?: Date;
}): Promise<PaymentRow> {
  const row = await selectPaymentById(db, paymentId);
  if (!row) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  return withExpiryApplied(db, row, now, deps);
}
