import type { TLoginChallenge } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { OTP_TTL_SECONDS } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { hashShortCode, newOtp } from '#app/lib/crypto.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { checkLoginThrottle } from './check-login-throttle.ts';
import { issueConfirmationEmail } from './issue-confirmation-email.ts';
import { CONFIRMATION_RESEND_INTERVAL_MS } from './limits.ts';
import { mailLoginCode } from './mail-login-code.ts';
import { checkPassword } from './password-hash.ts';
import { findUserByEmail, lastEmailTokenAt } from './queries.ts';
import { recordLoginAttempt } from './record-login-attempt.ts';

/**
 * Sign-in, step one: checks the e-mail and password and mails a 6-digit code. Never creates a session; the
 * session comes from verify-login.ts once the code is given back.
 *
 * Order matters: the throttle is checked before the password (attempts during a lockout test nothing), an
 * unknown address costs a password check like a known one and gets the same 401, and account states
 * (suspended, address not confirmed) are told only to a caller who gave the right password.
 */
export async function startLogin({
  db,
  mailer,
  log,
  appUrl,
  secretKey,
  email,
  password,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  /** The server's secret key (config.appSecretKey): codes are stored keyed by it (lib/crypto hashShortCode). */
  secretKey: Buffer;
  email: string;
  password: string;
  ip: string;
}): Promise<TLoginChallenge> {
  const address = email.trim().toLowerCase();
  await checkLoginThrottle({ db, email: address, ip });

  const user = await findUserByEmail({ db, email: address });
  const passwordOk = await checkPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordOk) {
    await recordLoginAttempt({ db, email: address, userId: user?.id ?? null, ip, success: false });
    throw new AppError('INVALID_CREDENTIALS', { message: T.invalidCredentials });
  }
  if (user.status === 'suspended') {
    throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
  }
  if (!user.emailConfirmedAt) {
    const last = await lastEmailTokenAt({ db, userId: user.id, kind: 'confirm_email' });
    if (!last || Date.now() - last.getTime() >= CONFIRMATION_RESEND_INTERVAL_MS) {
      const confirmation = await issueConfirmationEmail({ db, mailer, log, appUrl, user });
      confirmation.send();
    }
    throw new AppError('EMAIL_NOT_CONFIRMED', { message: T.emailNotConfirmed });
  }

  const code = newOtp();
  const challengeId = randomId('chl');
  const expiresAt = new Date(Date.now() + OTP_TTL_SECONDS * 1000);
  await db.transaction().execute(async (trx) => {
    // One open challenge per account: a new sign-in replaces earlier unfinished ones, so only one code is valid.
    await trx
      .updateTable('login_challenges')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .where('consumed_at', 'is', null)
      .where('revoked_at', 'is', null)
      .execute();
    await trx
      .insertInto('login_challenges')
      .values({
        id: challengeId,
        user_id: user.id,
        code_hash: hashShortCode(secretKey, code),
        expires_at: expiresAt,
        ip,
      })
      .execute();
  });

  try {
    await mailLoginCode({ mailer, log, appUrl, user, code, ip, failureMessage: T.otpSendFailed });
  } catch (err) {
    await db
      .updateTable('login_challenges')
      .set({ revoked_at: new Date() })
      .where('id', '=', challengeId)
      .execute();
    throw err;
  }

  return {
    challengeId,
    email: user.email,
    expiresAt: expiresAt.toISOString(),
    expiresIn: OTP_TTL_SECONDS,
    message: T.credentialsVerified,
  };
}
