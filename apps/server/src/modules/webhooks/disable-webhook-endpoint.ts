import type { TAdminWebhookDisableResult } from '@coinlane/core/api/admin-operations';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectDeliveryWithEndpoint } from './queries.ts';

export const WEBHOOK_DISABLED_MAIL_JOB = 'webhooks.disabled_mail';

/**
 * POST /admin/webhooks/{id}/disable (Webhook Monitoring's Disable): turns off the endpoint the delivery went to.
 * From then on nothing is sent to it; its deliveries, and the events that keep coming, wait in order (as when the
 * merchant pauses webhooks) until the merchant turns it back on from Settings. In one transaction: the endpoint,
 * the audit row (webhook.endpoint_disabled) and the merchant's e-mail, queued (webhooks.disabled_mail).
 */
export async function disableWebhookEndpoint({
  db,
  deliveryId,
  reason,
  actor,
  now = new Date(),
}: {
  db: Db;
  deliveryId: string;
  reason: string | undefined;
  actor: { id: string; ip: string | null };
  now?: Date;
}): Promise<TAdminWebhookDisableResult> {
  return db.transaction().execute(async (trx) => {
    const delivery = await selectDeliveryWithEndpoint(trx, deliveryId);
    if (!delivery) throw new AppError('NOT_FOUND', { message: T.webhookDeliveryNotFound });
    const endpoint = await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: now, disabled_by: actor.id, disabled_reason: reason ?? null, updated_at: now })
      .where('id', '=', delivery.endpoint_id)
      .where('disabled_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!endpoint) throw new AppError('INVALID_STATE', { message: T.webhookEndpointAlreadyDisabled });
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: 'admin',
      action: 'webhook.endpoint_disabled',
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
      mode: endpoint.mode,
      before: { url: endpoint.url, disabled: false },
      after: { url: endpoint.url, disabled: true, reason: reason ?? null, fromDelivery: delivery.id },
      ip: actor.ip,
    });
    await enqueueJob({
      db: trx,
      name: WEBHOOK_DISABLED_MAIL_JOB,
      payload: { endpointId: endpoint.id, disabledAt: now.toISOString() },
      uniqueKey: `${WEBHOOK_DISABLED_MAIL_JOB}:${endpoint.id}:${now.toISOString()}`,
      maxAttempts: 8,
    });
    return {
      endpointId: endpoint.id,
      merchantId: endpoint.user_id,
      mode: endpoint.mode,
      url: endpoint.url,
      disabledAt: now.toISOString(),
      reason: reason ?? null,
    };
  });
}
