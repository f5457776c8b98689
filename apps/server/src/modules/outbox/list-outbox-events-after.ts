import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';

/**
 * A merchant's events of `types` committed after the event `afterId` (of the same merchant and mode), in commit
 * order, at most `limit`. Null when `afterId` is not one of that merchant's events in that mode (unknown, another
 * merchant's, or pruned): nothing is said about other merchants' events.
 */
export async function listOutboxEventsAfter({
  db,
  userId,
  mode,
  afterId,
  types,
  limit,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  afterId: string;
  types: readonly string[];
  limit: number;
}) {
  const after = await db
    .selectFrom('outbox_events')
    .select('seq')
    .where('id', '=', afterId)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();
  if (!after) return null;
  return db
    .selectFrom('outbox_events')
    .select(['id', 'user_id', 'mode', 'type', 'entity_type', 'entity_id', 'payload', 'created_at'])
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('seq', '>', after.seq)
    .where('type', 'in', [...types])
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** The id of the merchant's latest event of `types` in `mode`, or null when it has none. */
export async function lastOutboxEventId({
  db,
  userId,
  mode,
  types,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  types: readonly string[];
}): Promise<string | null> {
  const row = await db
    .selectFrom('outbox_events')
    .select('id')
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('type', 'in', [...types])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
