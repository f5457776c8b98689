import type { TDeletedApiKey } from '@coinlane/core/api/api-keys';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectOwnApiKey, updateApiKeyRow } from './queries.ts';

/**
 * Deletes a key: it stops working at once. The row stays, marked revoked, so the audit trail keeps naming it;
 * it is no longer listed and cannot be changed.
 */
export async function deleteApiKey({
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
}): Promise<TDeletedApiKey> {
  await db.transaction().execute(async (trx) => {
    const current = await selectOwnApiKey(trx, { id, userId, mode, forUpdate: true });
    if (!current) throw new AppError('NOT_FOUND', { message: T.apiKeyNotFound });
    await updateApiKeyRow(trx, id, { revokedAt: new Date() });
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'api_key.deleted',
      entityType: 'api_key',
      entityId: id,
      mode,
      before: { name: current.name, keyPrefix: current.key_prefix, permissions: current.permissions },
      ip,
    });
  });
  return { id, deleted: true };
}
