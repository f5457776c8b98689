import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy the web app and the hosted payment page run under. No inline or evaluated script
 * (the apps load only their own bundles; theme-init.js is a file for that reason, and zod runs jitless in the
 * browser); inline styles are allowed (React style attributes, toasts), which cannot run code. Images: own
 * files, avatars, QR codes drawn as data: or blob: URLs. Connections: the API and the WebSocket of this origin
 * ('self' covers ws: and wss: of the same host). No page may be framed (frame-ancestors 'none'): the
 * back-office inside another site's frame is a click-jacking target. The one exception is the embeddable checkout
 * (embeddablePageHeaders below).
 */
export function contentSecurityPolicy(production: boolean) {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    // Over plain http (development on a laptop) there is nothing to upgrade to.
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The headers helmet sets for these options, worked out once: helmet is run against a response that only records what
 * is set. (@fastify/helmet, used before, built helmet's middleware again for every request, parsing the policy each
 * time: 3.6 % of the server's CPU per API payment, decision 035.)
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown = null;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err ?? null;
  });
  if (failed) throw failed;
  return [...headers];
}

const headersByMode = new Map<boolean, [string, string][]>();

/** The security headers of every reply, in production or not (worked out once each). */
export function securityHeaders(production: boolean): [string, string][] {
  let headers = headersByMode.get(production);
  if (!headers) {
    headers = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
    headersByMode.set(production, headers);
  }
  return headers;
}

/**
 * Sets the security headers on a reply. The plugin below does it for every request; the router's own refusals
 * (Fastify's frameworkErrors, answered before any hook runs) call it themselves (http/app.ts).
 */
export function applySecurityHeaders(reply: FastifyReply, production: boolean): void {
  for (const [name, value] of securityHeaders(production)) reply.raw.setHeader(name, value);
}

/**
 * Security headers on every reply (API, web app, payment page, uploads, errors), through helmet: the CSP above,
 * X-Frame-Options DENY (older browsers), X-Content-Type-Options nosniff, Referrer-Policy same-origin (a URL with a
 * token in it never leaves for another site, while our own Referer stays usable for the same-origin check of
 * http/same-origin.ts), Cross-Origin-Opener/Resource-Policy same-origin, and HSTS for a year in production only (a
 * laptop on http://localhost must not be pinned to https). Set on the reply at each request's start, so a route may
 * still change them (embeddablePageHeaders) and an error reply carries them too.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const production = app.config.env === 'production';
  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply, production);
    done();
  });
});

/**
 * Who may frame the embeddable checkout /embed/payment/{linkId}: any https site, and a developer's own machine
 * (http://localhost and http://127.0.0.1 on any port, to build a shop against test links). Not `*`: a shop on
 * plain http elsewhere could have the frame around the checkout rewritten in transit, and its customers should
 * be sent to the hosted page instead. The framed page lets a visitor do nothing a click-jacker could profit from:
 * it shows where to send coins (the customer's own wallet moves them) and, on test links only, simulates a payment.
 */
export const EMBED_FRAME_ANCESTORS = ['https:', 'http://localhost:*', 'http://127.0.0.1:*'];

/** A directives object as the Content-Security-Policy header spells it. */
export const serializeCsp = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');

/**
 * The headers of the embeddable checkout (set on its reply after the global ones): the same policy with
 * frame-ancestors opened to EMBED_FRAME_ANCESTORS, and no X-Frame-Options (DENY would still refuse the frame in older
 * browsers that read only that header; its ALLOW-FROM is obsolete and names a single origin).
 */
export function embeddablePageHeaders(reply: FastifyReply, production: boolean) {
  reply.header(
    'content-security-policy',
    serializeCsp({ ...contentSecurityPolicy(production), 'frame-ancestors': EMBED_FRAME_ANCESTORS }),
  );
  reply.removeHeader('x-frame-options');
}
