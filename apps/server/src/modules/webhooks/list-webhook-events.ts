import type { TWebhookEventList, TWebhookEventListQuery } from '@coinlane/core/api/webhooks';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { presentDelivery } from './present.ts';

/** GET /webhooks/events: the caller's deliveries in its mode, newest first, by type and delivery state. */
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
  let q = db.selectFrom('webhook_deliveries').where('user_id', '=', userId).where('mode', '=', mode);
  if (query.type) q = q.where('event_type', '=', query.type);
  if (query.state) q = q.where('state', '=', query.state);
  const [rows, total] = await Promise.all([
    q
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(presentDelivery), page: query.page, limit: query.limit, total: Number(total.n) };
}
