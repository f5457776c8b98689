import type { TPagination } from '@coinlane/core/api/payments';
import type { TPlan } from '@coinlane/core/api/subscriptions';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { presentPlan } from './present.ts';
import { countActiveByPlan } from './queries.ts';

/** GET /subscriptions/plans: the merchant's plans of one mode, newest first, with their active subscribers. */
export async function listPlans({
  db,
  userId,
  mode,
  query,
  appUrl,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  query: { limit: number; offset: number; active?: 'true' | 'false' };
  appUrl: string;
}): Promise<{ data: TPlan[]; pagination: TPagination }> {
  let q = db
    .selectFrom('subscription_plans')
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('deleted_at', 'is', null);
  if (query.active) q = q.where('active', '=', query.active === 'true');
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
  const counts = await countActiveByPlan(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((r) => presentPlan(r, counts.get(r.id) ?? 0, appUrl)),
    pagination: {
      total: Number(total.n),
      limit: query.limit,
      offset: query.offset,
      hasMore: query.offset + rows.length < Number(total.n),
    },
  };
}
