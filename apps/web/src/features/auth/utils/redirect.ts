import { paths } from '../../../app/paths.ts';

const GUEST_PAGES: readonly string[] = [paths.login, paths.signup, paths.forgotPassword];

/**
 * The `from` of /login?from=..., if it is a path of this site: starts with one '/', no scheme, no backslash or
 * control character (browsers turn '/\evil' and '/\t/evil' into '//evil'), and not a guest-only page (no loop).
 */
export function safeFrom(from: string | null | undefined): string | null {
  if (!from || from.length > 2000) return null;
  if (!from.startsWith('/') || from.startsWith('//')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(from)) return null;
  let url: URL;
  try {
    url = new URL(from, 'https://coinlane.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://coinlane.invalid') return null;
  if (GUEST_PAGES.includes(url.pathname.replace(/\/+$/, '') || '/')) return null;
  return url.pathname + url.search + url.hash;
}

/** Where a signed-in user lands: admins in the back-office, merchants on their dashboard (merchant spec 2). */
export const homeFor = (user: { isAdmin: boolean }) =>
  user.isAdmin ? paths.adminDashboard : paths.dashboard;

/** After sign-in: the page the user came from when it is safe, else their home. */
export const postLoginPath = (user: { isAdmin: boolean }, from: string | null | undefined) =>
  safeFrom(from) ?? homeFor(user);
