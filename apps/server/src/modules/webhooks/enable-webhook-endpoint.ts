import type { TWebhookConfig } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentConfig } from './get-webhook-config.ts';
import { selectEndpoint } from './queries.ts';

/**
 * POST /webhooks/config/enable: the merchant turns its endpoint of the caller's mode back on after the Coinlane
 * team turned it off. The deliveries that waited are sent in order from the next dispatcher run. Audited
 * (webhook.endpoint_enabled).
 */
export async function enableWebhookEndpoint({
  db,
  config,
  userId,
  mode,
  actor,
}: {
  db: Db;
  config: Config;
  userId: string;
  mode: TMode;
  actor: { id: string; type: 'user' | 'api_key'; ip: string | null };
}): Promise<TWebhookConfig> {
  const row = await db.transaction().execute(async (trx) => {
    const before = await selectEndpoint(trx, userId, mode);
    if (!before) throw new AppError('NOT_FOUND', { message: T.webhookNotConfigured });
    if (!before.disabled_at) throw new AppError('INVALID_STATE', { message: T.webhookEndpointNotDisabled });
    const saved = await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: null, disabled_by: null, disabled_reason: null, updated_at: new Date() })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'webhook.endpoint_enabled',
      entityType: 'webhook_endpoint',
      entityId: saved.id,
      mode,
      before: {
        disabled: true,
        disabledAt: before.disabled_at.toISOString(),
        reason: before.disabled_reason,
      },
      after: { disabled: false },
      ip: actor.ip,
    });
    return saved;
  });
  return presentConfig(config, row);
}
