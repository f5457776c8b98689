import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { ACCOUNT_FACTOR, FLOODED_IP_DELAY_MS, IP_FACTOR, KNOWN_IP_DAYS } from './limits.ts';

/**
 * Refuses a sign-in attempt (429 LOCKED_OUT) while its caller is throttled, and slows it down while its IP floods. Called BEFORE the password or code
 * is checked, so attempts made during a lockout test nothing. Design (docs/decisions/001-login-throttling.md):
 *
 * Failures are rows of login_attempts (wrong password, unknown address, wrong sign-in code). With the admin's
 * max_login_attempts = N and lockout_duration = W minutes, counted over the last W minutes:
 *  1. per (account e-mail, IP): N failures since the last successful sign-in from that IP lock that pair.
 *     A stranger guessing from one address locks out only that address; the merchant, elsewhere, signs in.
 *  2. per IP across every account: past N * IP_FACTOR failures each attempt from the IP waits FLOODED_IP_DELAY_MS
 *     (password spraying, address probing). It is not locked: a stranger's flood of failures for other or
 *     unknown addresses must not stop a bystander behind the same NAT from signing in with a correct password.
 *  3. per account across every IP: N * ACCOUNT_FACTOR failures since the account's last successful sign-in
 *     lock the account against distributed guessing, except for IPs the account signed in from within
 *     KNOWN_IP_DAYS, so a botnet cannot lock the merchant out of their usual places either.
 * The lock lifts when enough failures leave the window; the reply says how many minutes that takes.
 * Unknown addresses are counted like known ones, so the throttle reveals nothing about who has an account.
 */
export async function checkLoginThrottle({ db, email, ip }: { db: Db; email: string; ip: string }) {
  const { security } = await getSystemSettings({ db });
  const max = Math.max(1, Math.trunc(Number(security.max_login_attempts)) || 1);
  const windowMs = Math.max(1, Number(security.lockout_duration) || 1) * 60_000;
  const now = Date.now();
  const since = new Date(now - windowMs);
  const knownSince = new Date(now - KNOWN_IP_DAYS * 86_400_000);
  const address = email.toLowerCase();

  const successes = await db
    .selectFrom('login_attempts')
    .select([
      sql<Date | null>`max(created_at)`.as('account_last'),
      sql<Date | null>`max(created_at) filter (where ip = ${ip})`.as('pair_last'),
    ])
    .where('email', '=', address)
    .where('success', '=', true)
    .where('created_at', '>', knownSince)
    .executeTakeFirst();
  const pairLast = successes?.pair_last ? new Date(successes.pair_last) : null;
  const accountLast = successes?.account_last ? new Date(successes.account_last) : null;
  const latest = (a: Date, b: Date | null) => (b && b > a ? b : a);

  /** When the lock of one counter lifts (the limit-th newest failure leaves the window), or null if open. */
  const unlockAt = async (filter: { email?: string; ip?: string }, after: Date, limit: number) => {
    let q = db
      .selectFrom('login_attempts')
      .select('created_at')
      .where('success', '=', false)
      .where('created_at', '>', after);
    if (filter.email) q = q.where('email', '=', filter.email);
    if (filter.ip) q = q.where('ip', '=', filter.ip);
    const rows = await q.orderBy('created_at', 'desc').limit(limit).execute();
    const edge = rows.length >= limit ? rows[limit - 1] : undefined;
    return edge ? new Date(edge.created_at).getTime() + windowMs : null;
  };

  const [pairLock, ipFlood, accountLock] = await Promise.all([
    unlockAt({ email: address, ip }, latest(since, pairLast), max),
    unlockAt({ ip }, since, max * IP_FACTOR),
    pairLast
      ? Promise.resolve(null)
      : unlockAt({ email: address }, latest(since, accountLast), max * ACCOUNT_FACTOR),
  ]);
  const until = Math.max(pairLock ?? 0, accountLock ?? 0);
  if (until > now) {
    const minutes = Math.max(1, Math.ceil((until - now) / 60_000));
    throw new AppError('LOCKED_OUT', { message: T.lockedOut(minutes) });
  }
  if (ipFlood !== null && ipFlood > now) await new Promise((r) => setTimeout(r, FLOODED_IP_DELAY_MS));
}
