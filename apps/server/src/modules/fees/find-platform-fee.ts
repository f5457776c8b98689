import type { Db } from '#app/db/connection.ts';

/** The platform fee recorded for a payment when it was confirmed (recordPlatformFee), voided or not; undefined if none. */
export const findPlatformFee = ({ db, paymentId }: { db: Db; paymentId: string }) =>
  db.selectFrom('platform_fees').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
