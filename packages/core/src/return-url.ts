import type { TMode } from './options.ts';
import { RETURN_URL_PAYMENT_PARAM } from './return-url-target.ts';

/**
 * A payment link's return URL (Stripe's success_url, BTCPay's redirectURL): where the hosted payment page sends the
 * customer back once the payment is confirmed, with the payment's id appended as `coinlane_payment=<id>`.
 *
 * Rules (one place: the server refuses with INVALID_RETURN_URL, the merchant app's form says the same before):
 * - an absolute `https://` URL with a host, at most RETURN_URL_MAX characters (as given and once normalised);
 * - `http://` only in test mode and only to this machine (localhost, 127.0.0.1, [::1]), for a shop under
 *   development; never in live mode;
 * - no user name or password in it, no white space or control character, no other scheme (javascript:, data:, ...);
 * - its query must not already carry `coinlane_payment`, the parameter the page appends.
 * It is stored as a browser reads it (`new URL(v).href`: `https://Shop.example` becomes `https://shop.example/`),
 * which is also what the page navigates to, so no two parsers can disagree on where it leads.
 */
export const RETURN_URL_MAX = 2048;
export { RETURN_URL_PAYMENT_PARAM };

export const RETURN_URL_PROBLEMS = [
  'invalid',
  'too_long',
  'scheme',
  'http_not_local',
  'http_live',
  'credentials',
  'reserved_param',
] as const;
export type TReturnUrlProblem = (typeof RETURN_URL_PROBLEMS)[number];

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The normalised return URL, or why it is refused. `mode`: the link's (http to this machine only in test). */
export function checkReturnUrl(
  value: string,
  mode: TMode,
): { ok: true; url: string } | { ok: false; problem: TReturnUrlProblem } {
  const text = value.trim();
  if (text.length > RETURN_URL_MAX) return { ok: false, problem: 'too_long' };
  // White space or a control character inside: a URL parser would drop or encode it, another might not.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (text === '' || /[\s\u0000-\u001f\u007f]/.test(text)) return { ok: false, problem: 'invalid' };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { ok: false, problem: 'scheme' };
  if (!u.hostname) return { ok: false, problem: 'invalid' };
  if (u.username || u.password) return { ok: false, problem: 'credentials' };
  if (u.protocol === 'http:') {
    if (!LOCAL_HOSTS.has(u.hostname)) return { ok: false, problem: 'http_not_local' };
    if (mode !== 'test') return { ok: false, problem: 'http_live' };
  }
  if (u.searchParams.has(RETURN_URL_PAYMENT_PARAM)) return { ok: false, problem: 'reserved_param' };
  if (u.href.length > RETURN_URL_MAX) return { ok: false, problem: 'too_long' };
  return { ok: true, url: u.href };
}
