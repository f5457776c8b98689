import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { type PaymentRow, selectOwnPayment } from './queries.ts';

/** The merchant's own payment in the given mode, as stored; NOT_FOUND otherwise (another merchant's included). */
export async function findOwnPayment({
  db,
  userId,
  mode,
  paymentId,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
}): Promise<PaymentRow> {
  const row = await selectOwnPayment(db, { userId, mode, id: paymentId });
  if (!row) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  return row;
}
