import type { TLoginChallenge } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { OTP_MAX_WRONG, OTP_TTL_SECONDS } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { hashShortCode, newOtp } from '#app/lib/crypto.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { CHALLENGE_LIFETIME_MS, CHALLENGE_MAX_SENDS } from './limits.ts';
import { mailLoginCode } from './mail-login-code.ts';

/**
 * Mails a new code for a sign-in challenge. The new code replaces the old one (which stops working), gets a
 * fresh OTP_TTL_SECONDS, and keeps the challenge's count of wrong codes. The normal case is a challenge whose
 * code has expired; a challenge is dead after CHALLENGE_MAX_SENDS codes, after OTP_MAX_WRONG wrong codes, once
 * used or revoked, and CHALLENGE_LIFETIME_MS after it began: then the user starts over.
 */
export async function resendLoginCode({
  db,
  mailer,
  log,
  appUrl,
  secretKey,
  challengeId,
  ip,
}: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  appUrl: string;
  secretKey: Buffer;
  challengeId: string;
  ip: string;
}): Promise<TLoginChallenge> {
  const code = newOtp();
  const now = Date.now();
  const expiresAt = new Date(now + OTP_TTL_SECONDS * 1000);
  // One guarded UPDATE, so concurrent resends cannot exceed the limits.
  const updated = await db
    .updateTable('login_challenges')
    .set({
      code_hash: hashShortCode(secretKey, code),
      expires_at: expiresAt,
      sent_count: sql`sent_count + 1`,
    })
    .where('id', '=', challengeId)
    .where('consumed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('wrong_attempts', '<', OTP_MAX_WRONG)
    .where('sent_count', '<', CHALLENGE_MAX_SENDS)
    .where('created_at', '>', new Date(now - CHALLENGE_LIFETIME_MS))
    .returning(['user_id'])
    .executeTakeFirst();
  if (!updated) {
    const c = await db
      .selectFrom('login_challenges')
      .select(['wrong_attempts', 'sent_count', 'consumed_at', 'revoked_at', 'created_at'])
      .where('id', '=', challengeId)
      .executeTakeFirst();
    if (c && !c.consumed_at && !c.revoked_at) {
      if (c.wrong_attempts >= OTP_MAX_WRONG) {
        throw new AppError('OTP_TOO_MANY_ATTEMPTS', { message: T.otpTooManyAttempts });
      }
      if (c.sent_count >= CHALLENGE_MAX_SENDS) {
        throw new AppError('OTP_TOO_MANY_ATTEMPTS', { message: T.otpTooManyResends });
      }
    }
    throw new AppError('OTP_INVALID', { message: T.loginAttemptEnded });
  }

  const user = await db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select(['users.email', 'users.status', 'user_profiles.name'])
    .where('users.id', '=', updated.user_id)
    .executeTakeFirstOrThrow();
  if (user.status === 'suspended') {
    await db
      .updateTable('login_challenges')
      .set({ revoked_at: new Date() })
      .where('id', '=', challengeId)
      .execute();
    throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
  }
  await mailLoginCode({
    mailer,
    log,
    appUrl,
    user,
    code,
    ip,
    failureMessage: T.otpResendFailed,
  });
  return {
    challengeId,
    email: user.email,
    expiresAt: expiresAt.toISOString(),
    expiresIn: OTP_TTL_SECONDS,
    message: T.otpResent,
  };
}
