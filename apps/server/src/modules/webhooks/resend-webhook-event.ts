import type { TWebhookAttempt } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { activeEndpointSecrets } from './endpoint-secret.ts';
import { presentAttempt } from './present.ts';
import { selectEndpointById, selectOwnDelivery } from './queries.ts';
import { recordWebhookAttempt } from './record-webhook-attempt.ts';
import { sendWebhook } from './send-webhook.ts';
import { getWebhookSettings } from './webhook-settings.ts';

/**
 * POST /webhooks/events/{id}/resend: sends the same body again now, to the endpoint's current URL signed with its
 * secrets active now (activeEndpointSecrets), and stores the attempt marked as a resend. A successful resend marks the delivery
 * delivered; a failed one leaves its state alone. Another merchant's event is a 404.
 */
export async function resendWebhookEvent({
  db,
  config,
  userId,
  mode,
  eventId,
}: {
  db: Db;
  config: Config;
  userId: string;
  mode: TMode;
  eventId: string;
}): Promise<TWebhookAttempt> {
  const delivery = await selectOwnDelivery(db, userId, mode, eventId);
  if (!delivery) throw new AppError('NOT_FOUND', { message: T.webhookEventNotFound });
  const endpoint = await selectEndpointById(db, delivery.endpoint_id);
  if (!endpoint) throw new AppError('NOT_FOUND', { message: T.webhookNotConfigured });
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
  if (!attempt) throw new AppError('NOT_FOUND', { message: T.webhookEventNotFound });
  return presentAttempt(attempt);
}
