import type { TWebhookConfig, TWebhookEventType } from '@coinlane/core/api/webhooks';
import type { TMode } from '@coinlane/core/options';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { openEndpointSecret, previousSecretExpiry } from './endpoint-secret.ts';
import { type EndpointRow, selectEndpoint } from './queries.ts';

export const presentConfig = (config: Config, row: EndpointRow | undefined): TWebhookConfig =>
  row
    ? {
        url: row.url,
        events: row.events as TWebhookEventType[],
        secret: openEndpointSecret(config, row),
        // When the old secret stops, never the old secret: the merchant deploys the new one before then.
        previousSecretExpiresAt: previousSecretExpiry(row, new Date())?.toISOString() ?? null,
        updatedAt: row.updated_at.toISOString(),
        disabled: row.disabled_at ? { at: row.disabled_at.toISOString(), reason: row.disabled_reason } : null,
      }
    : { url: null, events: [], secret: null, previousSecretExpiresAt: null, updatedAt: null, disabled: null };

/** GET /webhooks/config: the endpoint of the caller's mode, its secret revealed to its owner. */
export async function getWebhookConfig({
  db,
  config,
  userId,
  mode,
}: {
  db: Db;
  config: Config;
  userId: string;
  mode: TMode;
}): Promise<TWebhookConfig> {
  return presentConfig(config, await selectEndpoint(db, userId, mode));
}
