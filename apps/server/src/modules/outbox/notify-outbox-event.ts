import type { TMode } from '@coinlane/core/options';

/**
 * The PostgreSQL channel of new outbox events: every event written announces itself here at commit, so that a
 * process holding a `coinlane listen` socket of the event's merchant forwards it (modules/live), whichever
 * process wrote it.
 */
export const OUTBOX_CHANNEL = 'coinlane_outbox';

/** Ids only (NOTIFY payloads are limited to 8000 bytes); a listener loads the event itself. */
export type OutboxNotification = { eventId: string; userId: string; mode: TMode };

/** The text an event's notification carries on the outbox channel. */
export const outboxNotificationPayload = ({ eventId, userId, mode }: OutboxNotification): string =>
  JSON.stringify({ eventId, userId, mode } satisfies OutboxNotification);

/** A channel payload back to its fields, or null when it is not one of ours. */
export function parseOutboxNotification(payload: string | undefined): OutboxNotification | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as Partial<OutboxNotification>;
    if (
      typeof v.eventId === 'string' &&
      typeof v.userId === 'string' &&
      (v.mode === 'test' || v.mode === 'live')
    ) {
      return { eventId: v.eventId, userId: v.userId, mode: v.mode };
    }
  } catch {
    // not JSON: ignored
  }
  return null;
}
