import type { TMode } from '@coinlane/core/options';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { Database, PaymentsTable } from '#app/db/schema.ts';

/** A payments row as stored. */
export type PaymentRecord = Selectable<PaymentsTable>;

/**
 * What the merchant's views show of a forwarder payment's flushes (payment_flushes; null without a forwarder), and
 * the return URL of the payment's link (payment_links.return_url; null without a link or without one).
 */
export type PaymentFlushFields = {
  flushed_at: Date | null;
  flush_tx: string | null;
  return_url: string | null;
};

/** A payment as the presenters read it: the row and the flush fields (paymentFlushFields). */
export type PaymentRow = PaymentRecord & PaymentFlushFields;

/**
 * The flush fields of the payment in scope (`payments`), as scalar subqueries on payment_flushes' primary key, and
 * its link's return URL on payment_links' primary key: the one way every query that builds a PaymentRow adds them.
 * Subqueries rather than a left join, so that the same selection serves a SELECT ... FOR UPDATE of the payment (no
 * outer join to lock around, the link is not locked) and an UPDATE's RETURNING.
 */
export const paymentFlushFields = (eb: ExpressionBuilder<Database, 'payments'>) => [
  eb
    .selectFrom('payment_flushes as pf')
    .select('pf.flushed_at')
    .whereRef('pf.payment_id', '=', 'payments.id')
    .as('flushed_at'),
  eb
    .selectFrom('payment_flushes as pf')
    .select('pf.flush_tx')
    .whereRef('pf.payment_id', '=', 'payments.id')
    .as('flush_tx'),
  eb
    .selectFrom('payment_links as pl')
    .select('pl.return_url')
    .whereRef('pl.id', '=', 'payments.payment_link_id')
    .as('return_url'),
];

/** Payments as PaymentRows: add where / order / limit and execute. */
export const selectPaymentRows = (db: Db) =>
  db.selectFrom('payments').selectAll('payments').select(paymentFlushFields);

/** A merchant's payment in the current mode, or undefined (another merchant's id reads as absent). */
export const selectOwnPayment = (db: Db, { userId, mode, id }: { userId: string; mode: TMode; id: string }) =>
  selectPaymentRows(db)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();

export const selectPaymentById = (db: Db, id: string) =>
  selectPaymentRows(db).where('id', '=', id).executeTakeFirst();

/** The payment row, locked for the rest of the transaction (every change of a payment takes this lock first). */
export const lockPaymentRow = (trx: Db, id: string) =>
  selectPaymentRows(trx).where('id', '=', id).forUpdate().executeTakeFirst();

/**
 * Several payment rows, locked for the rest of the transaction, taken in id order (every holder of several payment
 * locks takes them in that order, so two such never wait on each other in a cycle). Missing ids are left out.
 */
export const lockPaymentRows = (trx: Db, ids: readonly string[]) =>
  selectPaymentRows(trx)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .forUpdate()
    .execute();

/** Whether any transfer was ever recorded for the payment (even one removed since): its price then stays. */
export const hasAnyTransfer = async (trx: Db, paymentId: string) =>
  (await trx
    .selectFrom('transfers')
    .select('id')
    .where('payment_id', '=', paymentId)
    .limit(1)
    .executeTakeFirst()) !== undefined;
