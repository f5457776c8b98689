import type { TPaymentDetail } from '@coinlane/core/api/payments';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { listTransfersOfPayments, presentTransfer } from '#app/modules/transfers/list-payment-transfers.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import { listPriceChangesOfPayments } from './list-price-changes.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { presentPayment } from './present-payment.ts';
import { selectPaymentRows } from './queries.ts';

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
  const found = (await getPayments({ deps, db, payments: [{ userId, mode, paymentId }], now })).get(
    paymentId,
  );
  if (!found) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
  return found;
}

/**
 * getPayment for several payments in three reads (the live updates of a block's payments, confirmed together): each
 * one's view by id, when it is the given merchant's in the given mode (absent otherwise).
 */
export async function getPayments({
  deps,
  db,
  payments,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  payments: readonly { userId: string; mode: TMode; paymentId: string }[];
  now?: Date;
}): Promise<Map<string, TPaymentDetail>> {
  const out = new Map<string, TPaymentDetail>();
  if (payments.length === 0) return out;
  const wanted = new Map(payments.map((p) => [p.paymentId, p]));
  const found = (
    await selectPaymentRows(db)
      .where('id', 'in', [...wanted.keys()])
      .execute()
  ).filter((r) => {
    const w = wanted.get(r.id);
    return w !== undefined && r.user_id === w.userId && r.mode === w.mode;
  });
  const rows = [];
  for (const r of found) rows.push(await withExpiryApplied(db, r, now, deps));
  const ids = rows.map((r) => r.id);
  const [transfers, priceChanges] = [
    await listTransfersOfPayments({ db, paymentIds: ids }),
    await listPriceChangesOfPayments({ db, paymentIds: ids }),
  ];
  for (const row of rows) {
    out.set(row.id, {
      ...presentPayment(row),
      transfers: (transfers.get(row.id) ?? []).map(presentTransfer),
      priceChanges: priceChanges.get(row.id) ?? [],
    });
  }
  return out;
}
