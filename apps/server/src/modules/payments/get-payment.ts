import type { TPaymentDetail } from '@coinlane/core/api/payments';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { listPaymentTransfers, presentTransfer } from '#app/modules/transfers/list-payment-transfers.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import { listPriceChanges } from './list-price-changes.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { presentPayment } from './present-payment.ts';
import { selectOwnPayment } from './queries.ts';

/** GET /payments/{id}: the merchant's own payment in the current mode, with its transfers and price history. */
export async function getPayment({
  deps,
  db,
  userId,
  mode,
  paymentId,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
  now?: Date;
}): Promise<TPaymentDetail> {
  const found = await selectOwnPayment(db, { userId, mode, id: paymentId });
  if (!found) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  const row = await withExpiryApplied(db, found, now, deps);
  const transfers = await listPaymentTransfers({ db, paymentId });
  const priceChanges = await listPriceChanges({ db, paymentId });
  return { ...presentPayment(row), transfers: transfers.map(presentTransfer), priceChanges };
}
