import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { activeEndpointSecrets } from './endpoint-secret.ts';
import { selectNextDeliveryToSend } from './queries.ts';
import { recordWebhookAttempt } from './record-webhook-attempt.ts';
import { sendWebhook } from './send-webhook.ts';
import { getWebhookSettings } from './webhook-settings.ts';

export type DeliverNextOutcome =
  | { kind: 'idle' }
  /** The merchant turned webhook notifications off: nothing is sent, the deliveries wait (kept, in order). */
  | { kind: 'paused' }
  | { kind: 'wait'; until: Date }
  /**
   * An attempt was made: `outcome` delivered, failed with a retry planned, or dead (failed for good); null when
   * another run had recorded this attempt meanwhile (nothing counted). `seconds`: how long the send took.
   */
  | { kind: 'sent'; ok: boolean; outcome: 'delivered' | 'failed' | 'dead' | null; seconds: number };

/**
 * Makes the next attempt an endpoint owes: only its oldest open delivery may be sent, so event N+1 never
 * leaves before N is delivered or has failed for good (order per endpoint). While the merchant has webhook
 * notifications off, nothing is sent and nothing is counted: the deliveries stay open, and the dispatcher queues
 * this endpoint's job again once they are on (selectEndpointsOwing). No transaction is open during
 * the HTTP call; the result is recorded afterwards (recordWebhookAttempt). Safe to run twice.
 */
export async function deliverNextWebhook({
  db,
  config,
  endpointId,
  now = () => new Date(),
}: {
  db: Db;
  config: Config;
  endpointId: string;
  now?: () => Date;
}): Promise<DeliverNextOutcome> {
  const next = await selectNextDeliveryToSend(db, endpointId);
  if (!next) return { kind: 'idle' };
  const { delivery, endpoint } = next;
  // Turned off by the Coinlane team (Webhook Monitoring), or paused by its owner: nothing is sent, nothing lost.
  if (endpoint.disabled_at || next.paused) return { kind: 'paused' };
  if (delivery.next_attempt_at && delivery.next_attempt_at.getTime() > now().getTime()) {
    return { kind: 'wait', until: delivery.next_attempt_at };
  }
  const { timeoutMs, retries } = await getWebhookSettings({ db });
  const result = await sendWebhook({
    url: endpoint.url,
    secrets: activeEndpointSecrets(config, endpoint, now()),
    body: delivery.body,
    eventId: delivery.event_id,
    timeoutMs,
    allowPrivate: config.allowPrivateWebhooks,
  });
  const recorded = await recordWebhookAttempt({
    db,
    deliveryId: delivery.id,
    url: endpoint.url,
    result,
    isResend: false,
    expectedAutoAttempts: delivery.auto_attempts,
    retries,
    retryBaseMs: config.webhookRetryBaseMs,
    now: now(),
  });
  const outcome = !recorded
    ? null
    : recorded.deliveryState === 'delivered'
      ? 'delivered'
      : recorded.deliveryState === 'failed'
        ? 'dead'
        : 'failed';
  return { kind: 'sent', ok: result.ok, outcome, seconds: result.durationMs / 1000 };
}
