import type { TWebhookEventList, TWebhookEventListQuery } from '@coinlane/core/api/webhooks';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { presentDelivery } from './present.ts';

/**
 * GET /webhooks/events: the caller's deliveries in its mode, newest first, by type and delivery state. The page and
 * the total are read in one snapshot (REPEATABLE READ): read apart, a delivery that changed state between the two
 * reads could be counted in the total and missing from the page.
 */
export async function listWebhookEvents({
  db,
  userId,
  mode,
  query,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  query: TWebhookEventListQuery;
}): Promise<TWebhookEventList> {
  const [rows, total] = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      let q = trx.selectFrom('webhook_deliveries').where('user_id', '=', userId).where('mode', '=', mode);
      if (query.type) q = q.where('event_type', '=', query.type);
      if (query.state) q = q.where('state', '=', query.state);
      const page = await q
        .selectAll()
        .orderBy('seq', 'desc')
        .limit(query.limit)
        .offset((query.page - 1) * query.limit)
        .execute();
      const count = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return [page, count] as const;
    });
  return { items: rows.map(presentDelivery), page: query.page, limit: query.limit, total: Number(total.n) };
}
