import type { Db } from '#app/db/connection.ts';

/**
 * The events the webhook dispatcher has not handled yet, in seq order (call inside the dispatcher's
 * transaction), and the mark that they are handled. Marking rows instead of keeping a seq cursor never skips
 * an event whose transaction committed after one with a later seq.
 */
export async function listWebhookDueEvents({ db, limit = 500 }: { db: Db; limit?: number }) {
  return db
    .selectFrom('outbox_events')
    .select(['id', 'seq', 'user_id', 'mode', 'type', 'entity_type', 'entity_id', 'payload', 'created_at'])
    .where('webhooks_dispatched_at', 'is', null)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function markWebhookEventsDispatched({
  db,
  ids,
  now = new Date(),
}: {
  db: Db;
  ids: readonly string[];
  now?: Date;
}): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox_events')
    .set({ webhooks_dispatched_at: now })
    .where('id', 'in', ids)
    .where('webhooks_dispatched_at', 'is', null)
    .execute();
}
