import { randomId } from '@coinlane/core/ids';
import type { Db } from '#app/db/connection.ts';
import { newToken, sha256 } from '#app/lib/crypto.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

export const SESSION_COOKIE = 'cl_session';
/** Absolute lifetime of a session, whatever its activity; idleness ends it sooner (session_timeout). */
export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 3600;
/** last_seen_at is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 15_000;

export type SessionRow = {
  sessionId: string;
  userId: string;
  mode: 'test' | 'live';
  status: 'pending' | 'active' | 'suspended';
};

/** Creates a session and returns its secret token (only the hash is stored). */
export async function createSession({
  db,
  userId,
  mode,
  ip,
  userAgent,
}: {
  db: Db;
  userId: string;
  mode: 'test' | 'live';
  ip: string | null;
  userAgent: string | null;
}) {
  const token = newToken();
  const id = randomId('ses');
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  await db
    .insertInto('sessions')
    .values({
      id,
      token_hash: sha256(token),
      user_id: userId,
      mode,
      ip,
      user_agent: userAgent?.slice(0, 300) ?? null,
      expires_at: expiresAt,
    })
    .execute();
  return { id, token, expiresAt };
}

/**
 * The live session for a cookie token, or null. A session ends when revoked, past its absolute expiry, idle
 * longer than the `session_timeout` system setting, or when its account is suspended.
 * `touch: false` checks without counting as activity (the live-updates socket re-checks its session so).
 */
export async function getSessionByToken({
  db,
  token,
  touch = true,
}: {
  db: Db;
  token: string;
  touch?: boolean;
}): Promise<SessionRow | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.mode',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.revoked_at',
      'users.status',
    ])
    .where('sessions.token_hash', '=', sha256(token))
    .executeTakeFirst();
  if (!row || row.revoked_at) return null;
  const now = Date.now();
  const { security } = await getSystemSettings({ db });
  const idleMs = Math.max(1, Number(security.session_timeout)) * 60_000;
  if (
    row.expires_at.getTime() <= now ||
    row.last_seen_at.getTime() + idleMs <= now ||
    row.status === 'suspended'
  ) {
    await db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('id', '=', row.id)
      .where('revoked_at', 'is', null)
      .execute();
    return null;
  }
  if (touch && now - row.last_seen_at.getTime() > TOUCH_EVERY_MS) {
    await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', row.id).execute();
  }
  return { sessionId: row.id, userId: row.user_id, mode: row.mode, status: row.status };
}

/** Ends sessions of a user: all of them, or all but one (after a password change). */
export async function revokeUserSessions({
  db,
  userId,
  exceptSessionId,
}: {
  db: Db;
  userId: string;
  exceptSessionId?: string;
}) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  await q.execute();
  await db
    .updateTable('login_challenges')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeSession({ db, sessionId }: { db: Db; sessionId: string }) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of every account but one (the caller's own, when given), and cancels every sign-in under way
 * (a code mailed and not yet entered): Force Logout All Users. Returns how many of each were ended.
 */
export async function revokeAllSessions({
  db,
  exceptSessionId,
}: {
  db: Db;
  exceptSessionId?: string;
}): Promise<{ sessionsEnded: number; signInsCancelled: number }> {
  const now = new Date();
  // Sessions and codes already past their expiry count as ended already.
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (exceptSessionId) q = q.where('id', '!=', exceptSessionId);
  const sessions = await q.executeTakeFirst();
  const challenges = await db
    .updateTable('login_challenges')
    .set({ revoked_at: now })
    .where('consumed_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return {
    sessionsEnded: Number(sessions.numUpdatedRows),
    signInsCancelled: Number(challenges.numUpdatedRows),
  };
}
