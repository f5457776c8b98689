import type { TCreatedApiKey } from '@coinlane/core/api/api-keys';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { expiryForNewKey } from './key-expiry.ts';
import { generateApiKey } from './key-material.ts';
import { selectOwnApiKey, toApiKey, updateApiKeyRow } from './queries.ts';

/**
 * Gives a key a new secret (same id, name and permissions): the old secret stops working at once, the new one
 * is in this reply only. The expiry restarts from now under the merchant's current setting.
 */
export async function rotateApiKey({
  db,
  userId,
  mode,
  id,
  ip,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  ip: string | null;
}): Promise<TCreatedApiKey> {
  const expiresAt = await expiryForNewKey({ db, userId });
  const { key, keyPrefix, keyHash } = generateApiKey(mode);
  const row = await db.transaction().execute(async (trx) => {
    const current = await selectOwnApiKey(trx, { id, userId, mode, forUpdate: true });
    if (!current) throw new AppError('NOT_FOUND', { message: T.apiKeyNotFound });
    const updated = await updateApiKeyRow(trx, id, { keyPrefix, keyHash, expiresAt, lastUsedAt: null });
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'api_key.rotated',
      entityType: 'api_key',
      entityId: id,
      mode,
      before: { keyPrefix: current.key_prefix, expiresAt: current.expires_at?.toISOString() ?? null },
      after: { keyPrefix, expiresAt: expiresAt?.toISOString() ?? null },
      ip,
    });
    return updated;
  });
  return { ...toApiKey(row), key };
}
