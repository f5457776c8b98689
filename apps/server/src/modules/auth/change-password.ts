import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashPassword } from '#app/lib/password.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { sendInBackground } from '#app/mail/send-in-background.ts';
import { passwordChanged } from '#app/mail/templates.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { SessionAuth } from './caller.ts';
import { checkLoginThrottle } from './check-login-throttle.ts';
import { checkPassword } from './password-hash.ts';
import { findUserById } from './queries.ts';
import { recordLoginAttempt } from './record-login-attempt.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Changes the signed-in user's password (Settings, Security). The current password is required; a wrong one is
 * a 400 that leaves the session alone, and counts as a failed sign-in attempt (so a borrowed session cannot be
 * used to guess the password). Every other session and unfinished sign-in ends; this session stays.
 */
export async function changePassword({
  db,
  mailer,
  log,
  appUrl,
  auth,
  currentPassword,
  newPassword,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  auth: SessionAuth;
  currentPassword: string;
  newPassword: string;
  ip: string;
}): Promise<{ message: string }> {
  const user = await findUserById({ db, userId: auth.user.id });
  if (!user) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
  await checkLoginThrottle({ db, email: user.email, ip });
  if (!(await checkPassword(user.passwordHash, currentPassword))) {
    await recordLoginAttempt({ db, email: user.email, userId: user.id, ip, success: false });
    throw new AppError('INVALID_CREDENTIALS', { message: T.currentPasswordWrong, status: 400 });
  }
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    const now = new Date();
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions({ db: trx, userId: user.id, exceptSessionId: auth.sessionId });
    await recordAudit({
      db: trx,
      actorId: user.id,
      actorType: 'user',
      action: 'user.password_changed',
      entityType: 'user',
      entityId: user.id,
      mode: auth.mode,
      after: { passwordChanged: true, sessionsRevoked: 'others' },
      ip,
    });
  });
  const mail = passwordChanged({ name: user.name, at: new Date(), ip, resetUrl: `${appUrl}/reset-password` });
  sendInBackground({ mailer, log, message: { to: user.email, ...mail } });
  return { message: T.passwordChanged };
}
