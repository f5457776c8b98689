import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy the web app and the hosted payment page run under. No inline or evaluated script
 * (the apps load only their own bundles; theme-init.js is a file for that reason, and zod runs jitless in the
 * browser); inline styles are allowed (React style attributes, toasts), which cannot run code. Images: own
 * files, avatars, QR codes drawn as data: or blob: URLs. Connections: the API and the WebSocket of this origin
 * ('self' covers ws: and wss: of the same host). No page may be framed (frame-ancestors 'none'): the
 * back-office inside another site's frame is a click-jacking target.
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
 * Security headers on every reply (API, web app, payment page, uploads, errors), through @fastify/helmet:
 * the CSP above, X-Frame-Options DENY (older browsers), X-Content-Type-Options nosniff, Referrer-Policy
 * same-origin (a URL with a token in it never leaves for another site, while our own Referer stays usable for
 * the same-origin check of http/same-origin.ts), Cross-Origin-Opener/Resource-Policy same-origin, and HSTS for
 * a year in production only (a laptop on http://localhost must not be pinned to https).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const production = app.config.env === 'production';
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
});
