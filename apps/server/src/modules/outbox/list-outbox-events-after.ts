import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { OUTBOX_EVENT_COLUMNS } from './get-outbox-event.ts';

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
  return listOutboxEventsBetween({ db, userId, mode, afterSeq: after.seq, types, limit });
}

/** The merchant's latest event of `types` in `mode` (its id and place in commit order), or null when it has none. */
export async function lastOutboxEvent({
  db,
  userId,
  mode,
  types,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  types: readonly string[];
}): Promise<{ id: string; seq: number } | null> {
  const row = await db
    .selectFrom('outbox_events')
    .select(['id', 'seq'])
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('type', 'in', [...types])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The merchant's events after `afterSeq`, up to `upToSeq` when given, of `types` when given, in commit order (seq), at
 * most `limit`.
 */
export function listOutboxEventsBetween({
  db,
  userId,
  mode,
  afterSeq,
  upToSeq,
  types,
  limit,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  afterSeq: number;
  upToSeq?: number;
  types?: readonly string[];
  limit: number;
}) {
  return db
    .selectFrom('outbox_events')
    .select(OUTBOX_EVENT_COLUMNS)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('seq', '>', afterSeq)
    .$if(upToSeq !== undefined, (q) => q.where('seq', '<=', upToSeq!))
    .$if(types !== undefined, (q) => q.where('type', 'in', [...types!]))
    .orderBy('seq')
    .limit(limit)
    .execute();
}
