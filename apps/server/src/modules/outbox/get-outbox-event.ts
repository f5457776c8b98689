import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';

/** What an event read for delivery carries: the webhook body's source and its place in the merchant's order. */
export const OUTBOX_EVENT_COLUMNS = [
  'id',
  'seq',
  'user_id',
  'mode',
  'type',
  'entity_type',
  'entity_id',
  'payload',
  'created_at',
] as const;

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
    .select(OUTBOX_EVENT_COLUMNS)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}
