import { describe, expect, it } from 'vitest';
import { homeFor, postLoginPath, safeFrom } from './redirect.ts';

describe('safeFrom', () => {
  it.each([
    ['/settings', '/settings'],
    ['/payment-links?status=active', '/payment-links?status=active'],
    ['/admin/users#top', '/admin/users#top'],
    ['/dashboard/../settings', '/settings'],
  ])('keeps the same-site path %s', (from, expected) => {
    expect(safeFrom(from)).toBe(expected);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['dashboard'],
    ['https://evil.example/phish'],
    ['//evil.example'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['javascript:alert(1)'],
    [' /dashboard'],
    ['/login'],
    ['/login?from=/settings'],
    ['/signup'],
    ['/forgot-password/'],
    [`/${'a'.repeat(3000)}`],
  ])('refuses %j', (from) => {
    expect(safeFrom(from)).toBeNull();
  });
});

describe('postLoginPath', () => {
  const merchant = { isAdmin: false };
  const admin = { isAdmin: true };

  it('sends merchants to /dashboard and admins to /admin/dashboard by default', () => {
    expect(homeFor(merchant)).toBe('/dashboard');
    expect(homeFor(admin)).toBe('/admin/dashboard');
    expect(postLoginPath(merchant, null)).toBe('/dashboard');
    expect(postLoginPath(admin, null)).toBe('/admin/dashboard');
  });

  it('honours a safe `from` for everyone, and ignores an unsafe one', () => {
    expect(postLoginPath(merchant, '/settings')).toBe('/settings');
    expect(postLoginPath(admin, '/settings')).toBe('/settings');
    expect(postLoginPath(admin, '//evil.example')).toBe('/admin/dashboard');
  });
});
