import type { TAdminWebhookRetryResult } from '@coinlane/core/api/admin-operations';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { activeEndpointSecrets } from './endpoint-secret.ts';
import { merchantLabelOf, presentAdminDelivery } from './list-recent-webhook-deliveries.ts';
import { selectDeliveryWithEndpoint, selectEndpointById } from './queries.ts';
import { recordWebhookAttempt } from './record-webhook-attempt.ts';
import { sendWebhook } from './send-webhook.ts';
import { getWebhookSettings } from './webhook-settings.ts';

/**
 * POST /admin/webhooks/{id}/retry (Webhook Monitoring's Retry): sends the delivery's body again now, newly signed
 * with the endpoint's secrets active now,
 * to the endpoint's current URL, and stores the attempt marked as a manual redelivery, exactly as the merchant's
 * own resend does (a success marks it delivered; a failure leaves its state). Refused while the endpoint is turned
 * off. Audited (webhook.delivery_retried) with the attempt's outcome.
 */
export async function retryWebhookDelivery({
  db,
  config,
  deliveryId,
  actor,
}: {
  db: Db;
  config: Config;
  deliveryId: string;
  actor: { id: string; ip: string | null };
}): Promise<TAdminWebhookRetryResult> {
  const delivery = await selectDeliveryWithEndpoint(db, deliveryId);
  if (!delivery) throw new AppError('NOT_FOUND', { message: T.webhookDeliveryNotFound });
  const endpoint = await selectEndpointById(db, delivery.endpoint_id);
  if (!endpoint) throw new AppError('NOT_FOUND', { message: T.webhookDeliveryNotFound });
  if (endpoint.disabled_at) throw new AppError('INVALID_STATE', { message: T.webhookEndpointDisabled });
  const { timeoutMs, retries } = await getWebhookSettings({ db });
  const result = await sendWebhook({
    url: endpoint.url,
    secrets: activeEndpointSecrets(config, endpoint, new Date()),
    body: delivery.body,
    eventId: delivery.event_id,
    timeoutMs,
    allowPrivate: config.allowPrivateWebhooks,
  });
  const attempt = await recordWebhookAttempt({
    db,
    deliveryId: delivery.id,
    url: endpoint.url,
    result,
    isResend: true,
    retries,
    retryBaseMs: config.webhookRetryBaseMs,
  });
  if (!attempt) throw new AppError('NOT_FOUND', { message: T.webhookDeliveryNotFound });
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: 'admin',
    action: 'webhook.delivery_retried',
    entityType: 'webhook_delivery',
    entityId: delivery.id,
    mode: delivery.mode,
    before: { state: delivery.state, attempts: delivery.attempts },
    after: { attemptNumber: attempt.attempt_number, statusCode: attempt.status_code, ok: result.ok },
    ip: actor.ip,
  });
  const now = await selectDeliveryWithEndpoint(db, deliveryId);
  return {
    delivery: presentAdminDelivery(now ?? delivery, await merchantLabelOf(db, delivery.user_id)),
    attempt: {
      attemptNumber: attempt.attempt_number,
      statusCode: attempt.status_code,
      ok: result.ok,
      error: attempt.error,
      durationMs: attempt.duration_ms,
    },
  };
}
