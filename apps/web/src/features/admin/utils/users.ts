import {
  ADMIN_NEW_USER_DAYS,
  ADMIN_RECENT_USERS,
  RISK_LOW_MAX,
  RISK_MEDIUM_MAX,
} from '@coinlane/core/options';
import type { BadgeTone } from '../../../components/ui/badge.tsx';

type UserLike = {
  name: string;
  email: string;
  status: string;
  kycStatus: string;
  isAdmin: boolean;
  createdAt: string;
};

const DAY = 24 * 60 * 60 * 1000;

/** Search over display name or e-mail, case-insensitive, combined with the two filters ('all' disables one). */
export function filterUsers<U extends UserLike>(
  users: readonly U[],
  { search, status, kyc }: { search: string; status: string; kyc: string },
): U[] {
  const q = search.trim().toLowerCase();
  return users.filter(
    (u) =>
      (!q || u.name.toLowerCase().includes(q) || u.email.toLowerCase().includes(q)) &&
      (status === 'all' || (u.status || 'pending') === status) &&
      (kyc === 'all' || (u.kycStatus || 'pending') === kyc),
  );
}

/** Summary figures of user management: total, admins, regular users. */
export function userCounts(users: readonly UserLike[]) {
  const admins = users.filter((u) => u.isAdmin).length;
  return { total: users.length, admins, regular: users.length - admins };
}

/** The newest users, newest first (admin spec 9: 10). */
export function recentUsers<U extends UserLike>(users: readonly U[], limit = ADMIN_RECENT_USERS): U[] {
  return [...users].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)).slice(0, limit);
}

/** Sign-ups in the last `days` days (admin spec 9: 7). */
export function newUsersCount(users: readonly UserLike[], now: number, days = ADMIN_NEW_USER_DAYS): number {
  const since = now - days * DAY;
  return users.filter((u) => {
    const at = Date.parse(u.createdAt);
    return at > since && at <= now;
  }).length;
}

/** The local calendar day of a timestamp, as YYYY-MM-DD. */
export function dayKey(at: number | Date): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Sign-ups per local day over the last `days` days, oldest first, today last; empty days count 0. */
export function signupsPerDay(
  users: readonly UserLike[],
  now: number,
  days = 30,
): { day: string; count: number }[] {
  const today = new Date(now);
  today.setHours(12, 0, 0, 0);
  const series = Array.from({ length: days }, (_, i) => {
    const d = new Date(today);
    d.setDate(today.getDate() - (days - 1 - i));
    return { day: dayKey(d), count: 0 };
  });
  const index = new Map(series.map((s, i) => [s.day, i]));
  for (const u of users) {
    const i = index.get(dayKey(Date.parse(u.createdAt)));
    if (i !== undefined) series[i]!.count++;
  }
  return series;
}

/** Badge colours (admin spec 4): active or verified green, pending yellow, suspended or rejected red, else grey. */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch (status || 'pending') {
    case 'active':
    case 'verified':
      return 'green';
    case 'pending':
      return 'yellow';
    case 'suspended':
    case 'rejected':
      return 'red';
    default:
      return 'grey';
  }
}

/** Risk colours (admin spec 9): 3 or below green, 4 to 6 yellow, above 6 red. */
export function riskTone(score: number): 'green' | 'yellow' | 'red' {
  if (score <= RISK_LOW_MAX) return 'green';
  if (score <= RISK_MEDIUM_MAX) return 'yellow';
  return 'red';
}
