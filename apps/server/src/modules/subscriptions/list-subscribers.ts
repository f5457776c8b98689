import type { TPagination } from '@coinlane/core/api/payments';
import type { TListSubscribersQuery, TSubscriber, TSubscriberDetail } from '@coinlane/core/api/subscriptions';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { presentInvoice, presentSubscriber } from './present.ts';
import type { SubscriptionRow } from './queries.ts';
import { selectInvoices } from './queries.ts';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function presentMany(
  db: Db,
  rows: SubscriptionRow[],
  appUrl: string,
  now: Date,
): Promise<TSubscriber[]> {
  const planIds = [...new Set(rows.map((r) => r.plan_id))];
  const invoiceIds = rows.map((r) => r.open_invoice_id).filter((x): x is string => x !== null);
  const [plans, invoices] = await Promise.all([
    planIds.length
      ? db
          .selectFrom('subscription_plans')
          .select(['id', 'name', 'currency'])
          .where('id', 'in', planIds)
          .execute()
      : [],
    invoiceIds.length
      ? db.selectFrom('subscription_invoices').selectAll().where('id', 'in', invoiceIds).execute()
      : [],
  ]);
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const invoiceOf = new Map(invoices.map((i) => [i.id, i]));
  return rows.map((r) => {
    const plan = planOf.get(r.plan_id);
    const open = r.open_invoice_id ? invoiceOf.get(r.open_invoice_id) : undefined;
    return presentSubscriber(r, {
      planName: plan?.name ?? '',
      planCurrency: plan?.currency ?? 'USD',
      openInvoice: open?.status === 'open' ? open : null,
      appUrl,
      now,
    });
  });
}

/**
 * GET /subscriptions/subscribers: the merchant's subscribers of one mode, newest first, filtered by plan, status and
 * part of the e-mail; each with its plan's name (joined by id) and its open invoice.
 */
export async function listSubscribers({
  db,
  userId,
  mode,
  query,
  appUrl,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  query: TListSubscribersQuery;
  appUrl: string;
  now?: Date;
}): Promise<{ data: TSubscriber[]; pagination: TPagination }> {
  let q = db.selectFrom('subscriptions').where('user_id', '=', userId).where('mode', '=', mode);
  if (query.planId) q = q.where('plan_id', '=', query.planId);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.email) q = q.where('email', 'like', `%${escapeLike(query.email.toLowerCase())}%`);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: await presentMany(db, rows, appUrl, now),
    pagination: {
      total: Number(total.n),
      limit: query.limit,
      offset: query.offset,
      hasMore: query.offset + rows.length < Number(total.n),
    },
  };
}

/** One subscriber with every invoice (404 for another merchant's or another mode's). */
export async function getSubscriber({
  db,
  userId,
  mode,
  id,
  appUrl,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  appUrl: string;
  now?: Date;
}): Promise<TSubscriberDetail> {
  const row = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: T.subscriberNotFound });
  const [subscriber] = await presentMany(db, [row], appUrl, now);
  const invoices = await selectInvoices(db, id);
  return { ...subscriber!, invoices: invoices.map((i) => presentInvoice(i, appUrl)) };
}

export { presentMany as presentSubscribers };
