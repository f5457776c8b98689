import { describe, expect, it } from 'vitest';
import {
  dayKey,
  filterUsers,
  newUsersCount,
  recentUsers,
  riskTone,
  signupsPerDay,
  statusTone,
  userCounts,
} from './users.ts';

const DAY = 86_400_000;
const now = new Date(2026, 2, 15, 12, 0, 0).getTime();
const user = (
  over: Partial<{
    name: string;
    email: string;
    status: string;
    kycStatus: string;
    isAdmin: boolean;
    createdAt: string;
  }>,
) => ({
  name: 'Acme Ltd',
  email: 'ops@acme.test',
  status: 'active',
  kycStatus: 'pending',
  isAdmin: false,
  createdAt: new Date(now - 40 * DAY).toISOString(),
  ...over,
});

const users = [
  user({ name: 'Acme Ltd', email: 'ops@acme.test', status: 'active', kycStatus: 'verified' }),
  user({
    name: 'Beta Shop',
    email: 'hello@beta.test',
    status: 'pending',
    createdAt: new Date(now - 2 * DAY).toISOString(),
  }),
  user({
    name: 'Gamma',
    email: 'root@gamma.test',
    status: 'suspended',
    kycStatus: 'rejected',
    isAdmin: true,
  }),
  user({
    name: 'Delta',
    email: 'DELTA@shop.test',
    status: '',
    createdAt: new Date(now - 8 * DAY).toISOString(),
  }),
];

describe('filterUsers', () => {
  it('searches display name or e-mail, case-insensitively', () => {
    expect(filterUsers(users, { search: 'ACME', status: 'all', kyc: 'all' }).map((u) => u.name)).toEqual([
      'Acme Ltd',
    ]);
    expect(filterUsers(users, { search: 'delta@', status: 'all', kyc: 'all' }).map((u) => u.name)).toEqual([
      'Delta',
    ]);
    expect(filterUsers(users, { search: '  ', status: 'all', kyc: 'all' })).toHaveLength(4);
  });

  it('combines the filters with the search; a missing status counts as pending', () => {
    expect(filterUsers(users, { search: '', status: 'pending', kyc: 'all' }).map((u) => u.name)).toEqual([
      'Beta Shop',
      'Delta',
    ]);
    expect(
      filterUsers(users, { search: 'shop', status: 'pending', kyc: 'pending' }).map((u) => u.name),
    ).toEqual(['Beta Shop', 'Delta']);
    expect(filterUsers(users, { search: '', status: 'all', kyc: 'rejected' }).map((u) => u.name)).toEqual([
      'Gamma',
    ]);
  });
});

describe('figures', () => {
  it('counts admins and regular users', () => {
    expect(userCounts(users)).toEqual({ total: 4, admins: 1, regular: 3 });
  });

  it('counts sign-ups of the last 7 days', () => {
    expect(newUsersCount(users, now)).toBe(1);
    expect(newUsersCount(users, now, 10)).toBe(2);
  });

  it('lists the newest first, at most the limit', () => {
    expect(recentUsers(users, 2).map((u) => u.name)).toEqual(['Beta Shop', 'Delta']);
  });

  it('spreads sign-ups over the last 30 days, today last', () => {
    const series = signupsPerDay(users, now, 30);
    expect(series).toHaveLength(30);
    expect(series.at(-1)!.day).toBe(dayKey(now));
    expect(series.reduce((a, d) => a + d.count, 0)).toBe(2);
    expect(series.find((d) => d.day === dayKey(now - 2 * DAY))!.count).toBe(1);
  });
});

describe('colours', () => {
  it('follows the badge table', () => {
    expect(statusTone('active')).toBe('green');
    expect(statusTone('verified')).toBe('green');
    expect(statusTone('pending')).toBe('yellow');
    expect(statusTone(null)).toBe('yellow');
    expect(statusTone('suspended')).toBe('red');
    expect(statusTone('rejected')).toBe('red');
    expect(statusTone('archived')).toBe('grey');
  });

  it('bands risk scores', () => {
    expect([0, 3, 4, 6, 7, 10].map(riskTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });
});
