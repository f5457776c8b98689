import type { TApiKeyPermission } from '@coinlane/core/api/api-keys';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
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

/**
 * The caller behind `Authorization: Bearer <key>`. Refuses (401) a malformed, unknown, deleted, rotated or
 * expired key, and (403) a key of a suspended account or a live key of an account that is not approved.
 */
export async function authenticateApiKey({ db, key }: { db: Db; key: string }): Promise<ApiKeyIdentity> {
  if (!modeOfApiKey(key)) throw new AppError('UNAUTHORIZED', { message: T.apiKeyInvalid });
  const row = await selectApiKeyByHash(db, hashApiKey(key));
  if (!row) throw new AppError('UNAUTHORIZED', { message: T.apiKeyInvalid });
  if (row.revoked_at) throw new AppError('UNAUTHORIZED', { message: T.apiKeyRevoked });
  const now = Date.now();
  if (row.expires_at && row.expires_at.getTime() <= now) {
    throw new AppError('UNAUTHORIZED', { message: T.apiKeyExpired });
  }
  if (row.status === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
  if (row.mode === 'live' && row.status !== 'active') {
    throw new AppError('LIVE_MODE_NOT_ALLOWED', { message: T.liveModeNeedsApproval });
  }
  const user = await getSessionUser({ db, userId: row.user_id, mode: row.mode });
  if (!user) throw new AppError('UNAUTHORIZED', { message: T.apiKeyInvalid });
  if (!row.last_used_at || now - row.last_used_at.getTime() > LAST_USED_EVERY_MS) {
    await touchApiKey(db, row.id, LAST_USED_EVERY_MS);
  }
  return { keyId: row.id, mode: row.mode, permissions: row.permissions, user };
}
