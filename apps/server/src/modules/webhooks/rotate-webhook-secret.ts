import type { TWebhookSecret } from '@coinlane/core/api/webhooks';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { generateWebhookSecret, PREVIOUS_SECRET_OVERLAP_MS, sealEndpointSecret } from './endpoint-secret.ts';
import { selectEndpoint } from './queries.ts';

/**
 * POST /webhooks/config/rotate-secret: a new secret, used from the next attempt on. The secret it replaces keeps
 * signing beside it for 24 hours (two v1 values per delivery), so the merchant deploys the new one without dropping
 * an event. Only that one: a second rotation within the 24 hours stops the oldest at once, since keeping every
 * secret of a chain of rotations would let a leaked secret (the usual reason to rotate twice) live on. The old
 * secret is moved over as sealed, never opened; the reply holds the new secret only (decision 004).
 */
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
      .set((eb) => ({
        secret_sealed: sealEndpointSecret(config, endpoint.id, secret),
        // The row's value as the UPDATE finds it (not as read above): of two rotations at once, the second keeps
        // the first one's secret, the one its caller was given.
        previous_secret_sealed: eb.ref('secret_sealed'),
        previous_secret_expires_at: new Date(now.getTime() + PREVIOUS_SECRET_OVERLAP_MS),
        secret_rotated_at: now,
        updated_at: now,
      }))
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
