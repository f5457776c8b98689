import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashPassword } from '#app/lib/password.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { sendInBackground } from '#app/mail/send-in-background.ts';
import { passwordChanged } from '#app/mail/templates.ts';
import { countActiveApiKeys } from '#app/modules/api-keys/revoke-all-api-keys.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import {
  consumeEmailToken,
  findUserById,
  isEmailTokenUsable,
  issueEmailToken,
  markEmailConfirmed,
  retireEmailTokens,
} from './queries.ts';
import { REVOKE_KEYS_LINK_TTL_SECONDS } from './revoke-api-keys-by-link.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sets a new password from a reset link (single use; unknown, used or expired: 400 TOKEN_INVALID). Following
 * the mailed link proves the address, so an unconfirmed one becomes confirmed. Every session and unfinished
 * sign-in of the account ends, and the owner gets a notice. API keys keep working (integrations must not break
 * on a password reset); when the account has any, the notice carries a single-use link that revokes them all.
 */
export async function resetPassword({
  db,
  mailer,
  log,
  appUrl,
  token,
  password,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  token: string;
  password: string;
  ip: string | null;
}): Promise<{ message: string }> {
  if (!(await isEmailTokenUsable({ db, token, kind: 'password_reset' }))) {
    throw new AppError('TOKEN_INVALID', { message: T.linkExpired });
  }
  const { general } = await getSystemSettings({ db });
  // Hashed before the transaction (argon2 takes a while and PGlite is one connection); the token is used,
  // atomically, inside it.
  const passwordHash = await hashPassword(password);
  const reset = await db.transaction().execute(async (trx) => {
    const id = await consumeEmailToken({ db: trx, token, kind: 'password_reset' });
    if (!id) return null;
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', id)
      .execute();
    const confirmation = await markEmailConfirmed({
      db: trx,
      userId: id,
      kycRequired: general.kyc_required === true,
    });
    await retireEmailTokens({ db: trx, userId: id, kind: 'password_reset' });
    await retireEmailTokens({ db: trx, userId: id, kind: 'confirm_email' });
    await revokeUserSessions({ db: trx, userId: id });
    await retireEmailTokens({ db: trx, userId: id, kind: 'revoke_api_keys' });
    const activeKeys = await countActiveApiKeys({ db: trx, userId: id });
    const revokeKeysToken =
      activeKeys > 0
        ? await issueEmailToken({
            db: trx,
            userId: id,
            kind: 'revoke_api_keys',
            ttlSeconds: REVOKE_KEYS_LINK_TTL_SECONDS,
            id: randomId('etk'),
          })
        : null;
    await recordAudit({
      db: trx,
      actorId: id,
      actorType: 'user',
      action: 'user.password_reset',
      entityType: 'user',
      entityId: id,
      before: confirmation?.before ?? null,
      after: { ...(confirmation?.after ?? {}), passwordChanged: true, sessionsRevoked: 'all' },
      ip,
    });
    return { id, activeKeys, revokeKeysToken };
  });
  if (!reset) throw new AppError('TOKEN_INVALID', { message: T.linkExpired });
  const { id: userId, activeKeys, revokeKeysToken } = reset;

  const user = await findUserById({ db, userId });
  if (user) {
    const mail = passwordChanged({
      name: user.name,
      at: new Date(),
      ip,
      resetUrl: `${appUrl}/reset-password`,
      revokeKeys: revokeKeysToken
        ? { url: `${appUrl}/revoke-api-keys?token=${revokeKeysToken}`, count: activeKeys }
        : undefined,
    });
    sendInBackground({ mailer, log, message: { to: user.email, ...mail } });
  }
  return { message: T.passwordResetDone };
}
