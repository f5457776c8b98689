import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';

/** A merchant's events in commit order, optionally for one entity (for the delivery workers and tests). */
export async function listOutboxEvents({
  db,
  userId,
  mode,
  entityId,
  afterSeq = 0,
  limit = 100,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  entityId?: string;
  afterSeq?: number;
  limit?: number;
}) {
  let q = db
    .selectFrom('outbox_events')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('seq', '>', afterSeq);
  if (entityId) q = q.where('entity_id', '=', entityId);
  return q.orderBy('seq').limit(limit).execute();
}
