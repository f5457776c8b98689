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
