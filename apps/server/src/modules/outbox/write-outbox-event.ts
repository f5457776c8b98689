import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { notifyOutboxEvent } from './notify-outbox-event.ts';

/**
 * Appends an event to the outbox, inside the caller's transaction, so that the event exists exactly when the
 * change it describes is committed. Webhooks read it in `seq` order; the NOTIFY on the outbox channel, sent at the
 * same commit, lets `coinlane listen` sockets (modules/live) forward it as soon as it exists.
 */
export async function writeOutboxEvent({
  db,
  userId,
  mode,
  type,
  entityType,
  entityId,
  payload,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  type: string;
  entityType: string;
  entityId: string;
  payload: Record<string, unknown>;
}): Promise<string> {
  const id = randomId('evt');
  await db
    .insertInto('outbox_events')
    .values({
      id,
      user_id: userId,
      mode,
      type,
      entity_type: entityType,
      entity_id: entityId,
      payload: JSON.stringify(payload),
    })
    .execute();
  await notifyOutboxEvent({ db, eventId: id, userId, mode });
  return id;
}
