import { maskApiKey, type TApiKey, type TApiKeyPermission } from '@coinlane/core/api/api-keys';
import type { TMode } from '@coinlane/core/options';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { ApiKeysTable } from '#app/db/schema.ts';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** The listed form of a key: prefix and masked tail, never the hash. */
export function toApiKey(row: ApiKeyRow, now = new Date()): TApiKey {
  return {
    id: row.id,
    name: row.name,
    mode: row.mode,
    keyPrefix: row.key_prefix,
    maskedKey: maskApiKey(row.key_prefix),
    permissions: row.permissions,
    status: row.expires_at && row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active',
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    expiresAt: row.expires_at?.toISOString() ?? null,
  };
}

/** A merchant's keys of one mode that are not deleted, newest first. */
export function selectApiKeys(db: Db, userId: string, mode: TMode) {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function countApiKeys(db: Db, userId: string, mode: TMode): Promise<number> {
  const row = await db
    .selectFrom('api_keys')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One key of the merchant in this mode (not deleted), locked for update when asked; undefined otherwise. */
export function selectOwnApiKey(
  db: Db,
  { id, userId, mode, forUpdate = false }: { id: string; userId: string; mode: TMode; forUpdate?: boolean },
) {
  let q = db
    .selectFrom('api_keys')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('revoked_at', 'is', null);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function insertApiKey(
  db: Db,
  row: {
    id: string;
    userId: string;
    mode: TMode;
    name: string;
    keyPrefix: string;
    keyHash: string;
    permissions: readonly TApiKeyPermission[];
    expiresAt: Date | null;
  },
) {
  return db
    .insertInto('api_keys')
    .values({
      id: row.id,
      user_id: row.userId,
      mode: row.mode,
      name: row.name,
      key_prefix: row.keyPrefix,
      key_hash: row.keyHash,
      permissions: JSON.stringify(row.permissions),
      expires_at: row.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateApiKeyRow(
  db: Db,
  id: string,
  changes: {
    name?: string;
    permissions?: readonly TApiKeyPermission[];
    keyPrefix?: string;
    keyHash?: string;
    expiresAt?: Date | null;
    revokedAt?: Date;
    lastUsedAt?: null;
  },
) {
  return db
    .updateTable('api_keys')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.permissions !== undefined ? { permissions: JSON.stringify(changes.permissions) } : {}),
      ...(changes.keyPrefix !== undefined ? { key_prefix: changes.keyPrefix } : {}),
      ...(changes.keyHash !== undefined ? { key_hash: changes.keyHash } : {}),
      ...(changes.expiresAt !== undefined ? { expires_at: changes.expiresAt } : {}),
      ...(changes.revokedAt !== undefined ? { revoked_at: changes.revokedAt } : {}),
      ...(changes.lastUsedAt !== undefined ? { last_used_at: changes.lastUsedAt } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The key with this hash and the status of its account (any state: the caller decides what is usable). */
export function selectApiKeyByHash(db: Db, keyHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.user_id')
    .select([
      'api_keys.id',
      'api_keys.user_id',
      'api_keys.mode',
      'api_keys.permissions',
      'api_keys.last_used_at',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'users.status',
    ])
    .where('api_keys.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Records a use, at most once per `everyMs` per key (a read-mostly path must not write on every call). */
export async function touchApiKey(db: Db, id: string, everyMs: number) {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(Date.now() - everyMs))]),
    )
    .execute();
}
