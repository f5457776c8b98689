import type { TUpdateWebhookConfigRequest, TWebhookConfig } from '@coinlane/core/api/webhooks';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { generateWebhookSecret, sealEndpointSecret } from './endpoint-secret.ts';
import { presentConfig } from './get-webhook-config.ts';
import { selectEndpoint } from './queries.ts';
import { assertWebhookTarget } from './target-guard.ts';

/**
 * PUT /webhooks/config: saves the URL and events of the caller's mode. The first save creates the endpoint
 * and its secret. The target is checked first (https, public addresses), outside any transaction.
 */
export async function updateWebhookConfig({
  db,
  config,
  userId,
  mode,
  input,
  actor,
}: {
  db: Db;
  config: Config;
  userId: string;
  mode: TMode;
  input: TUpdateWebhookConfigRequest;
  actor: { id: string; type: 'user' | 'api_key'; ip: string | null };
}): Promise<TWebhookConfig> {
  await assertWebhookTarget({ url: input.url, config });
  const row = await db.transaction().execute(async (trx) => {
    const before = await selectEndpoint(trx, userId, mode);
    const now = new Date();
    let saved: NonNullable<typeof before>;
    if (before) {
      saved = await trx
        .updateTable('webhook_endpoints')
        .set({ url: input.url, events: JSON.stringify(input.events), updated_at: now })
        .where('id', '=', before.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      const id = randomId('whk');
      saved = await trx
        .insertInto('webhook_endpoints')
        .values({
          id,
          user_id: userId,
          mode,
          url: input.url,
          events: JSON.stringify(input.events),
          secret_sealed: sealEndpointSecret(config, id, generateWebhookSecret()),
          created_at: now,
          updated_at: now,
          secret_rotated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: before ? 'webhook.config_updated' : 'webhook.config_created',
      entityType: 'webhook_endpoint',
      entityId: saved.id,
      mode,
      before: before ? { url: before.url, events: before.events } : null,
      after: { url: saved.url, events: saved.events },
      ip: actor.ip,
    });
    return saved;
  });
  return presentConfig(config, row);
}
