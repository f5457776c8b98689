import {
  API_KEY_MAX_PER_MODE,
  type TApiKeyPermission,
  type TCreatedApiKey,
} from '@coinlane/core/api/api-keys';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { expiryForNewKey } from './key-expiry.ts';
import { generateApiKey } from './key-material.ts';
import { countApiKeys, insertApiKey, toApiKey } from './queries.ts';

/**
 * Creates a key of the caller's current mode. The full key is in this reply only: the database keeps its
 * SHA-256. At most API_KEY_MAX_PER_MODE live keys per merchant and mode.
 */
export async function createApiKey({
  db,
  userId,
  mode,
  name,
  permissions,
  ip,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  name: string;
  permissions: readonly TApiKeyPermission[];
  ip: string | null;
}): Promise<TCreatedApiKey> {
  const expiresAt = await expiryForNewKey({ db, userId });
  const { key, keyPrefix, keyHash } = generateApiKey(mode);
  const row = await db.transaction().execute(async (trx) => {
    // One creation at a time per merchant, so two parallel requests cannot pass the count together.
    await sql`select pg_advisory_xact_lock(hashtext(${`api_keys:${userId}`}))`.execute(trx);
    if ((await countApiKeys(trx, userId, mode)) >= API_KEY_MAX_PER_MODE) {
      throw new AppError('CONFLICT', { message: T.apiKeyLimitReached(API_KEY_MAX_PER_MODE) });
    }
    const inserted = await insertApiKey(trx, {
      id: randomId('key'),
      userId,
      mode,
      name,
      keyPrefix,
      keyHash,
      permissions,
      expiresAt,
    });
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: inserted.id,
      mode,
      after: { name, keyPrefix, permissions, expiresAt: expiresAt?.toISOString() ?? null },
      ip,
    });
    return inserted;
  });
  return { ...toApiKey(row), key };
}
