import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashPassword } from '#app/lib/password.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { sendInBackground } from '#app/mail/send-in-background.ts';
import { passwordChanged } from '#app/mail/templates.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import {
  consumeEmailToken,
  findUserById,
  isEmailTokenUsable,
  markEmailConfirmed,
  retireEmailTokens,
} from './queries.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Sets a new password from a reset link (single use; unknown, used or expired: 400 TOKEN_INVALID). Following
 * the mailed link proves the address, so an unconfirmed one becomes confirmed. Every session and unfinished
 * sign-in of the account ends, and the owner gets a notice.
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
  const userId = await db.transaction().execute(async (trx) => {
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
    return id;
  });
  if (!userId) throw new AppError('TOKEN_INVALID', { message: T.linkExpired });

  const user = await findUserById({ db, userId });
  if (user) {
    const mail = passwordChanged({
      name: user.name,
      at: new Date(),
      ip,
      resetUrl: `${appUrl}/reset-password`,
    });
    sendInBackground({ mailer, log, message: { to: user.email, ...mail } });
  }
  return { message: T.passwordResetDone };
}
