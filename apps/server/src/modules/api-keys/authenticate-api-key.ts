import type { TApiKeyPermission } from '@coinlane/core/api/api-keys';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { readCachesOf } from '#app/db/read-caches.ts';
import { getSessionUser } from '#app/modules/profile/get-session-user.ts';
import { hashApiKey, modeOfApiKey } from './key-material.ts';
import { selectApiKeyByHash, touchApiKey } from './queries.ts';

/** last_used_at is written at most this often per key. */
export const LAST_USED_EVERY_MS = 60_000;

export type ApiKeyIdentity = {
  keyId: string;
  mode: TMode;
  permissions: readonly TApiKeyPermission[];
  /** The key's owner, in the session-user shape, in the key's mode. */
  user: TSessionUser;
};

type KeyRead = {
  row: NonNullable<Awaited<ReturnType<typeof selectApiKeyByHash>>>;
  user: TSessionUser | null;
} | null;

/** The key's row and its owner: two reads, or none when the process's read cache has them (db/read-caches.ts). */
async function readKey(db: Db, keyHash: string): Promise<KeyRead> {
  const row = await selectApiKeyByHash(db, keyHash);
  if (!row) return null;
  return { row, user: await getSessionUser({ db, userId: row.user_id, mode: row.mode }) };
}

/**
 * The caller behind `Authorization: Bearer <key>`. Refuses (401) a malformed, unknown, deleted, rotated or
 * expired key, and (403) a key of a suspended account or a live key of an account that is not approved.
 * The key's row and owner come from the process's read cache when it holds them (decision 029): a revocation,
 * deletion, rotation, suspension or approval change is a write to api_keys, users or user_profiles, which empties
 * that cache in every process at its commit (within READ_CACHE_TTL_MS at worst). Expiry is judged at each call.
 * An unknown key is never kept: each try reads the database.
 */
export async function authenticateApiKey({ db, key }: { db: Db; key: string }): Promise<ApiKeyIdentity> {
  if (!modeOfApiKey(key)) throw new AppError('UNAUTHORIZED', { message: T.apiKeyInvalid });
  const keyHash = hashApiKey(key);
  const cache = readCachesOf(db)?.cache<KeyRead>('api_keys');
  const found = cache
    ? await cache.get(
        keyHash,
        () => readKey(db, keyHash),
        (read) => read !== null,
      )
    : await readKey(db, keyHash);
  if (!found) throw new AppError('UNAUTHORIZED', { message: T.apiKeyInvalid });
  const { row, user } = found;
  if (row.revoked_at) throw new AppError('UNAUTHORIZED', { message: T.apiKeyRevoked });
  const now = Date.now();
  if (row.expires_at && row.expires_at.getTime() <= now) {
    throw new AppError('UNAUTHORIZED', { message: T.apiKeyExpired });
  }
  if (row.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
  if (row.mode === 'live' && row.status !== 'active') {
    throw new AppError('LIVE_MODE_NOT_ALLOWED', { message: T.liveModeNeedsApproval });
  }
  if (!user) throw new AppError('UNAUTHORIZED', { message: T.apiKeyInvalid });
  if (!row.last_used_at || now - row.last_used_at.getTime() > LAST_USED_EVERY_MS) {
    await touchApiKey(db, row.id, LAST_USED_EVERY_MS);
  }
  return { keyId: row.id, mode: row.mode, permissions: row.permissions, user };
}
