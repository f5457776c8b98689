import type { TApiKey, TApiKeyPermission } from '@coinlane/core/api/api-keys';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectOwnApiKey, toApiKey, updateApiKeyRow } from './queries.ts';

/** Renames a key or changes its permissions; the secret stays the same. Another merchant's key is a 404. */
export async function updateApiKey({
  db,
  userId,
  mode,
  id,
  name,
  permissions,
  ip,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  name?: string;
  permissions?: readonly TApiKeyPermission[];
  ip: string | null;
}): Promise<TApiKey> {
  const row = await db.transaction().execute(async (trx) => {
    const current = await selectOwnApiKey(trx, { id, userId, mode, forUpdate: true });
    if (!current) throw new AppError('NOT_FOUND', { message: T.apiKeyNotFound });
    const updated = await updateApiKeyRow(trx, id, { name, permissions });
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'api_key.updated',
      entityType: 'api_key',
      entityId: id,
      mode,
      before: { name: current.name, permissions: current.permissions },
      after: { name: updated.name, permissions: updated.permissions },
      ip,
    });
    return updated;
  });
  return toApiKey(row);
}
