import type { Db } from '#app/db/connection.ts';
import { withExpiryApplied } from './expire-due-payments.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { type PaymentRow, selectPaymentRows } from './queries.ts';

const selectLatest = (db: Db, linkId: string) =>
  selectPaymentRows(db)
    .where('payment_link_id', '=', linkId)
    .orderBy('attempt', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The newest payment attempt of a link, expired first if its window has passed; undefined if none. */
export async function getLatestAttempt({
  deps,
  db,
  linkId,
  now = new Date(),
  applyExpiry = true,
}: {
  deps: PaymentDeps;
  db: Db;
  linkId: string;
  now?: Date;
  /** False inside a transaction that holds the link's lock (expiry locks the payment: keep one lock order). */
  applyExpiry?: boolean;
}): Promise<PaymentRow | undefined> {
  const row = await selectLatest(db, linkId);
  return row && applyExpiry ? withExpiryApplied(db, row, now, deps) : row;
}
