import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';

/** One event of a merchant and mode, or undefined (another merchant's event is never returned). */
export async function getOutboxEvent({
  db,
  id,
  userId,
  mode,
}: {
  db: Db;
  id: string;
  userId: string;
  mode: TMode;
}) {
  return db
    .selectFrom('outbox_events')
    .select(['id', 'user_id', 'mode', 'type', 'entity_type', 'entity_id', 'payload', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}
