import type { Db } from '#app/db/connection.ts';
import type { PlanRow, SubscriptionRow } from './queries.ts';
import { scheduleOf } from './schedule.ts';

export type Fields = Partial<Omit<SubscriptionRow, 'id'>>;

/** Writes fields and the schedule they lead to. */
export async function save(db: Db, sub: SubscriptionRow, plan: PlanRow, fields: Fields, now = new Date()) {
  const next = { ...sub, ...fields };
  return db
    .updateTable('subscriptions')
    .set({ ...fields, ...scheduleOf(next, plan), updated_at: now })
    .where('id', '=', sub.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
