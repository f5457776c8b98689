import { type TWebhookTestResult, WEBHOOK_TEST_EVENT } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { activeEndpointSecrets } from './endpoint-secret.ts';
import { selectEndpoint } from './queries.ts';
import { sendWebhook } from './send-webhook.ts';
import { getWebhookSettings } from './webhook-settings.ts';

/**
 * POST /webhooks/config/test: sends a signed `webhook.test` event to the endpoint now (no retries) and
 * returns the attempt's result. It is stored like any delivery, so it shows in the events log.
 */
export async function sendTestWebhook({
  db,
  config,
  userId,
  mode,
}: {
  db: Db;
  config: Config;
  userId: string;
  mode: TMode;
}): Promise<TWebhookTestResult> {
  const endpoint = await selectEndpoint(db, userId, mode);
  if (!endpoint) throw new AppError('NOT_FOUND', { message: T.webhookNotConfigured });
  const eventId = randomId('evt');
  const createdAt = new Date();
  const body = JSON.stringify({
    id: eventId,
    type: WEBHOOK_TEST_EVENT,
    createdAt: createdAt.toISOString(),
    mode,
    data: { message: 'A test event from Coinlane: your endpoint receives and verifies webhooks.' },
  });
  const { timeoutMs } = await getWebhookSettings({ db });
  const result = await sendWebhook({
    url: endpoint.url,
    secrets: activeEndpointSecrets(config, endpoint, new Date()),
    body,
    eventId,
    timeoutMs,
    allowPrivate: config.allowPrivateWebhooks,
  });
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    const deliveryId = randomId('whd');
    await trx
      .insertInto('webhook_deliveries')
      .values({
        id: deliveryId,
        endpoint_id: endpoint.id,
        user_id: userId,
        mode,
        event_id: eventId,
        event_type: WEBHOOK_TEST_EVENT,
        event_created_at: createdAt,
        body,
        state: result.ok ? 'delivered' : 'failed',
        auto_attempts: 1,
        attempts: 1,
        last_status_code: result.statusCode,
        last_attempt_at: now,
        delivered_at: result.ok ? now : null,
      })
      .execute();
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: randomId('wha'),
        delivery_id: deliveryId,
        attempt_number: 1,
        url: endpoint.url,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        response_excerpt: result.responseExcerpt,
        created_at: now,
      })
      .execute();
  });
  return {
    statusCode: result.statusCode,
    durationMs: result.durationMs,
    ok: result.ok,
    ...(result.error ? { error: result.error } : {}),
  };
}
