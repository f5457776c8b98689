import type { TWebhookSecret } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { generateWebhookSecret, sealEndpointSecret } from './endpoint-secret.ts';
import { selectEndpoint } from './queries.ts';

/** POST /webhooks/config/rotate-secret: a new secret, used from the next attempt on; the old one stops. */
export async function rotateWebhookSecret({
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
}): Promise<TWebhookSecret> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await selectEndpoint(trx, userId, mode);
    if (!endpoint) throw new AppError('NOT_FOUND', { message: T.webhookNotConfigured });
    const secret = generateWebhookSecret();
    const now = new Date();
    await trx
      .updateTable('webhook_endpoints')
      .set({
        secret_sealed: sealEndpointSecret(config, endpoint.id, secret),
        secret_rotated_at: now,
        updated_at: now,
      })
      .where('id', '=', endpoint.id)
      .execute();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'webhook.secret_rotated',
      entityType: 'webhook_endpoint',
      entityId: endpoint.id,
      mode,
      ip: actor.ip,
    });
    return { secret };
  });
}
