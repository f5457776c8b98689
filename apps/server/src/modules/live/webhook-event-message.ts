import type { TLiveWebhookEvent } from '@coinlane/core/api/live';
import { WEBHOOK_EVENT_TYPES } from '@coinlane/core/api/webhooks';
import type { Db } from '#app/db/connection.ts';
import { type WebhookEventSource, webhookEventBody } from '#app/modules/webhooks/webhook-event-body.ts';

const DELIVERABLE: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** An event type a webhook endpoint can subscribe to (the others are not sent to listening sockets). */
export const isWebhookEventType = (type: string): boolean => DELIVERABLE.has(type);

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
