import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { OTP_MAX_WRONG } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { hashShortCode, safeEqual } from '#app/lib/crypto.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSessionUser } from '#app/modules/profile/get-session-user.ts';
import { checkLoginThrottle } from './check-login-throttle.ts';
import { recordLoginAttempt } from './record-login-attempt.ts';
import { createSession } from './sessions.ts';

/**
 * Sign-in, step two: the code from the mail ends the challenge and opens a session.
 *
 * - A code is tried only on a live challenge (not consumed, revoked, expired or killed), and not while the
 *   caller is throttled; every wrong code counts as a failed sign-in attempt.
 * - Each try first takes one of the challenge's OTP_MAX_WRONG attempts in a single UPDATE, so parallel requests
 *   cannot try more codes than that; the attempt is given back when the code was right. The fifth wrong code
 *   kills the challenge: from then on even the right code is refused.
 * - The code is compared by hash in constant time, and the challenge is consumed by one UPDATE guarded by
 *   `consumed_at IS NULL` and by the hash that was compared (a resend in between replaces it), so one code
 *   opens at most one session.
 */
export async function verifyLogin({
  db,
  secretKey,
  challengeId,
  code,
  ip,
  userAgent,
}: {
  db: Db;
  secretKey: Buffer;
  challengeId: string;
  code: string;
  ip: string;
  userAgent: string | null;
}): Promise<{ token: string; expiresAt: Date; user: TSessionUser; message: string }> {
  const challenge = await db
    .selectFrom('login_challenges')
    .innerJoin('users', 'users.id', 'login_challenges.user_id')
    .select([
      'login_challenges.id',
      'login_challenges.user_id',
      'login_challenges.expires_at',
      'login_challenges.wrong_attempts',
      'login_challenges.consumed_at',
      'login_challenges.revoked_at',
      'users.email',
    ])
    .where('login_challenges.id', '=', challengeId)
    .executeTakeFirst();
  if (!challenge) throw new AppError('OTP_INVALID', { message: T.otpInvalid });
  assertLive(challenge);
  await checkLoginThrottle({ db, email: challenge.email, ip });

  const now = new Date();
  const taken = await db
    .updateTable('login_challenges')
    .set({ wrong_attempts: sql`wrong_attempts + 1` })
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('wrong_attempts', '<', OTP_MAX_WRONG)
    .where('expires_at', '>', now)
    .returning(['wrong_attempts', 'code_hash'])
    .executeTakeFirst();
  if (!taken) {
    // Changed since it was read (used, killed, revoked or expired by a concurrent request): say which.
    const current = await db
      .selectFrom('login_challenges')
      .select(['expires_at', 'wrong_attempts', 'consumed_at', 'revoked_at'])
      .where('id', '=', challenge.id)
      .executeTakeFirst();
    if (current) assertLive(current);
    throw new AppError('OTP_INVALID', { message: T.otpInvalid });
  }

  if (!safeEqual(hashShortCode(secretKey, code), taken.code_hash)) {
    await recordLoginAttempt({ db, email: challenge.email, userId: challenge.user_id, ip, success: false });
    if (taken.wrong_attempts >= OTP_MAX_WRONG) {
      throw new AppError('OTP_TOO_MANY_ATTEMPTS', { message: T.otpTooManyAttempts });
    }
    throw new AppError('OTP_INVALID', { message: T.otpInvalid });
  }

  const result = await db.transaction().execute(async (trx) => {
    const consumed = await trx
      .updateTable('login_challenges')
      .set({ consumed_at: new Date(), wrong_attempts: sql`wrong_attempts - 1` })
      .where('id', '=', challenge.id)
      .where('consumed_at', 'is', null)
      .where('revoked_at', 'is', null)
      .where('code_hash', '=', taken.code_hash)
      .returning('user_id')
      .executeTakeFirst();
    if (!consumed) return null;
    const user = await trx
      .selectFrom('users')
      .select(['status', 'mode'])
      .where('id', '=', consumed.user_id)
      .executeTakeFirst();
    if (!user || user.status === 'suspended') return 'suspended' as const;
    // Live mode needs an approved account; a pending one (approval withdrawn) starts in test mode.
    const mode = user.status === 'pending' ? 'test' : user.mode;
    const session = await createSession({ db: trx, userId: consumed.user_id, mode, ip, userAgent });
    await trx
      .updateTable('users')
      .set({ last_login_at: new Date() })
      .where('id', '=', consumed.user_id)
      .execute();
    await recordLoginAttempt({
      db: trx,
      email: challenge.email,
      userId: consumed.user_id,
      ip,
      success: true,
    });
    await recordAudit({
      db: trx,
      actorId: consumed.user_id,
      actorType: 'user',
      action: 'user.signed_in',
      entityType: 'session',
      entityId: session.id,
      mode,
      ip,
    });
    const sessionUser = await getSessionUser({ db: trx, userId: consumed.user_id, mode });
    return sessionUser ? { session, user: sessionUser } : null;
  });
  if (result === 'suspended') throw new AppError('ACCOUNT_SUSPENDED', { message: T.accountSuspended });
  if (!result) throw new AppError('OTP_INVALID', { message: T.otpInvalid });
  return {
    token: result.session.token,
    expiresAt: result.session.expiresAt,
    user: result.user,
    message: T.twoFactorComplete,
  };
}

/** Throws the error that tells why a challenge no longer takes codes; returns when it still does. */
function assertLive(c: {
  expires_at: Date;
  wrong_attempts: number;
  consumed_at: Date | null;
  revoked_at: Date | null;
}) {
  if (c.consumed_at || c.revoked_at) throw new AppError('OTP_INVALID', { message: T.otpInvalid });
  if (c.wrong_attempts >= OTP_MAX_WRONG) {
    throw new AppError('OTP_TOO_MANY_ATTEMPTS', { message: T.otpTooManyAttempts });
  }
  if (new Date(c.expires_at).getTime() <= Date.now()) {
    throw new AppError('OTP_EXPIRED', { message: T.otpExpired });
  }
}
