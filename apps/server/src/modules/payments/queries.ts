import type { TMode } from '@coinlane/core/options';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentsTable } from '#app/db/schema.ts';

export type PaymentRow = Selectable<PaymentsTable>;

/** A merchant's payment in the current mode, or undefined (another merchant's id reads as absent). */
export const selectOwnPayment = (db: Db, { userId, mode, id }: { userId: string; mode: TMode; id: string }) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();

export const selectPaymentById = (db: Db, id: string) =>
  db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

/** The payment row, locked for the rest of the transaction (every change of a payment takes this lock first). */
export const lockPaymentRow = (trx: Db, id: string) =>
  trx.selectFrom('payments').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

/** Whether any transfer was ever recorded for the payment (even one removed since): its price then stays. */
export const hasAnyTransfer = async (trx: Db, paymentId: string) =>
  (await trx
    .selectFrom('transfers')
    .select('id')
    .where('payment_id', '=', paymentId)
    .limit(1)
    .executeTakeFirst()) !== undefined;
