import type { TRevokedAllApiKeys } from '@coinlane/core/api/api-keys';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { revokeAllApiKeys } from '#app/modules/api-keys/revoke-all-api-keys.ts';
import { consumeEmailToken } from './queries.ts';

/** How long the "revoke all API keys" link of the password-reset notice works. */
export const REVOKE_KEYS_LINK_TTL_SECONDS = 7 * 24 * 3600;

/**
 * POST /auth/revoke-api-keys: the link of the password-reset notice. The single-use token is the proof (no
 * sign-in needed: the owner may be locked out of the mailbox's other devices, or acting fast); using it revokes
 * every API key of its account and is audited. Unknown, used or expired: 400 TOKEN_INVALID.
 */
export async function revokeApiKeysByLink({
  db,
  token,
  ip,
}: {
  db: Db;
  token: string;
  ip: string | null;
}): Promise<TRevokedAllApiKeys> {
  const result = await db.transaction().execute(async (trx) => {
    const userId = await consumeEmailToken({ db: trx, token, kind: 'revoke_api_keys' });
    if (!userId) return null;
    return revokeAllApiKeys({ db: trx, userId, via: 'email_link', ip });
  });
  if (!result) throw new AppError('TOKEN_INVALID', { message: T.linkExpired });
  return result;
}
