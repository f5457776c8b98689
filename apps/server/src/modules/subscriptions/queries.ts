import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type {
  SubscriptionInvoicesTable,
  SubscriptionPlansTable,
  SubscriptionsTable,
} from '#app/db/schema.ts';

export type PlanRow = Selectable<SubscriptionPlansTable>;
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type InvoiceRow = Selectable<SubscriptionInvoicesTable>;

/** A plan of a merchant in one mode (deleted plans are not found). */
export const selectOwnPlan = (
  db: Db,
  { id, userId, mode }: { id: string; userId: string; mode: 'test' | 'live' },
  { forUpdate = false } = {},
) => {
  const q = db
    .selectFrom('subscription_plans')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('deleted_at', 'is', null);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const selectPlan = (db: Db, id: string) =>
  db.selectFrom('subscription_plans').selectAll().where('id', '=', id).executeTakeFirst();

export const selectSubscription = (db: Db, id: string, { forUpdate = false } = {}) => {
  const q = db.selectFrom('subscriptions').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const selectInvoice = (db: Db, id: string, { forUpdate = false } = {}) => {
  const q = db.selectFrom('subscription_invoices').selectAll().where('id', '=', id);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

export const selectInvoiceByLink = (db: Db, linkId: string, { forUpdate = false } = {}) => {
  const q = db.selectFrom('subscription_invoices').selectAll().where('payment_link_id', '=', linkId);
  return (forUpdate ? q.forUpdate() : q).executeTakeFirst();
};

/** A subscription's invoices, newest period first. */
export const selectInvoices = (db: Db, subscriptionId: string) =>
  db
    .selectFrom('subscription_invoices')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .orderBy('period', 'desc')
    .execute();

/** Active subscribers per plan (status active), for the plan cards. */
export async function countActiveByPlan(db: Db, planIds: readonly string[]): Promise<Map<string, number>> {
  if (planIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('subscriptions')
    .select((eb) => ['plan_id', eb.fn.countAll<string>().as('n')])
    .where('plan_id', 'in', [...planIds])
    .where('status', '=', 'active')
    .groupBy('plan_id')
    .execute();
  return new Map(rows.map((r) => [r.plan_id, Number(r.n)]));
}
