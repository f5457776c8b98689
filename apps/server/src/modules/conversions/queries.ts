import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { ConversionShiftsTable } from '#app/db/schema.ts';

/** A conversion_shifts row: an exchange's shift followed until it settles (0029). */
export type ConversionShiftRow = Selectable<ConversionShiftsTable>;

export const selectShiftOfPayment = (db: Db, paymentId: string) =>
  db.selectFrom('conversion_shifts').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();

export const selectShift = (db: Db, id: string) =>
  db.selectFrom('conversion_shifts').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Whether the payment already has a payout history entry of an exchange's conversion (a shift's, or one saying it
 * was paid unconverted): the payouts module's table, read so that a second confirmation (after a reorganisation)
 * records nothing twice.
 */
export async function hasShiftPayout(db: Db, paymentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('payouts')
    .select('id')
    .where('payment_id', '=', paymentId)
    .where('kind', '=', 'shift')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The rule a payment was created under: its id and To currency (the payouts module's table, read only). */
export const selectRuleTarget = (db: Db, ruleId: string) =>
  db.selectFrom('payout_rules').select(['id', 'to_currency']).where('id', '=', ruleId).executeTakeFirst();
