import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BEARER = /^\s*Bearer\b/i;

/**
 * Where a browser says a request comes from, relative to this app: 'same' (a page of this app), 'cross' (any
 * other origin, including another port or subdomain of the same site, which SameSite=Lax cookies do not stop),
 * or 'unknown' (no Origin, Sec-Fetch-Site or Referer: not a browser, which cannot carry a victim's cookie).
 *
 * Origin first; without it Sec-Fetch-Site; without both, Referer (kept on same-origin requests by the
 * Referrer-Policy `same-origin` the app sends). The app's origin is APP_URL's, or the Host the request was sent
 * to (a browser sets Host itself; a page cannot forge it), so the app works at 127.0.0.1 as at localhost, and
 * behind the development proxy. The design of Go's net/http CrossOriginProtection, with the Referer fallback.
 */
export function originOfRequest(req: FastifyRequest, appUrl: string): 'same' | 'cross' | 'unknown' {
  const own = (value: string) => {
    try {
      const u = new URL(value);
      return u.origin === new URL(appUrl).origin || u.host === req.headers.host;
    } catch {
      return false; // "null" (a sandboxed frame, a file) or garbage: never our own pages
    }
  };
  const origin = req.headers.origin;
  if (origin !== undefined) return own(origin) ? 'same' : 'cross';
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? 'same' : 'cross';
  const referer = req.headers.referer;
  if (referer !== undefined) return own(referer) ? 'same' : 'cross';
  return 'unknown';
}

/**
 * Cross-site request forgery: every state-changing request (any method but GET, HEAD, OPTIONS) that a browser
 * sends from another origin is refused with 403 before anything is read or done, whatever its content type
 * (JSON, multipart, text/plain, a form). Requests with an API key (`Authorization: Bearer`) are not concerned: a
 * browser never adds that header to a cross-origin request without a CORS preflight, which this app does not
 * grant. GET routes change nothing, and the WebSocket checks the origin of a cookie handshake itself
 * (modules/live). Runs before authentication, so a forged request costs no database read.
 */
export const sameOriginPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (req) => {
    if (SAFE_METHODS.has(req.method)) return;
    if (BEARER.test(req.headers.authorization ?? '')) return;
    if (originOfRequest(req, app.config.appUrl) === 'cross') {
      throw new AppError('FORBIDDEN', { message: T.crossOriginRefused });
    }
  });
});
