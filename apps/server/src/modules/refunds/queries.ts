import type { TRefundStatus } from '@coinlane/core/refund-status';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { RefundsTable } from '#app/db/schema.ts';

export type RefundRow = Selectable<RefundsTable>;

export const selectRefund = (db: Db, id: string, { forUpdate = false } = {}) => {
  const q = db.selectFrom('refunds').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const selectRefundByTokenHash = (db: Db, tokenHash: string, { forUpdate = false } = {}) => {
  const q = db.selectFrom('refunds').selectAll().where('token_hash', '=', tokenHash);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** A payment's refunds, oldest first. */
export const selectPaymentRefunds = (db: Db, paymentId: string) =>
  db
    .selectFrom('refunds')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** The sum of a payment's refunds in the given statuses (base units). */
export async function sumRefunds(
  db: Db,
  paymentId: string,
  statuses: readonly TRefundStatus[],
): Promise<bigint> {
  const row = await db
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', 'in', [...statuses])
    .executeTakeFirstOrThrow();
  return BigInt(String(row.total).split('.')[0] ?? '0');
}

/** The refunds (ids) awaiting an address whose link has expired: of one payment, or one refund. */
export const selectLapsedRefunds = (db: Db, where: { paymentId?: string; id?: string }, now: Date) => {
  let q = db
    .selectFrom('refunds')
    .select('id')
    .where('status', '=', 'awaiting_address')
    .where('token_expires_at', '<=', now);
  if (where.paymentId) q = q.where('payment_id', '=', where.paymentId);
  if (where.id) q = q.where('id', '=', where.id);
  return q.execute();
};
