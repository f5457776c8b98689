import type { TLiveWebhookEvent } from '@coinlane/core/api/live';
import { WEBHOOK_EVENT_TYPES } from '@coinlane/core/api/webhooks';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { getOutboxEvent } from '#app/modules/outbox/get-outbox-event.ts';
import { type WebhookEventSource, webhookEventBody } from '#app/modules/webhooks/webhook-event-body.ts';

const DELIVERABLE: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/**
 * The `webhook.event` message of one outbox event, serialized once for all the merchant's listening sockets: the
 * body a webhook delivery of it carries. Null when the event is not the merchant's in that mode, or is of a type
 * no webhook endpoint can subscribe to.
 */
export async function webhookEventMessage({
  db,
  eventId,
  userId,
  mode,
}: {
  db: Db;
  eventId: string;
  userId: string;
  mode: TMode;
}): Promise<string | null> {
  const event = await getOutboxEvent({ db, id: eventId, userId, mode });
  if (!event || !DELIVERABLE.has(event.type)) return null;
  return webhookEventMessageOf({ db, event });
}

/** The `webhook.event` message of an event already read (the caller checked whose it is). */
export async function webhookEventMessageOf({
  db,
  event,
}: {
  db: Db;
  event: WebhookEventSource;
}): Promise<string> {
  const message: TLiveWebhookEvent = {
    type: 'webhook.event',
    id: event.id,
    eventType: event.type,
    body: await webhookEventBody({ db, event }),
  };
  return JSON.stringify(message);
}
