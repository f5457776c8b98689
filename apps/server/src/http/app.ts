import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { T } from '@coinlane/core/texts';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '#app/config.ts';
import type { Db, DbHandle } from '#app/db/connection.ts';
import { createMailer, type Mailer } from '#app/mail/mailer.ts';
import { adminRoutes } from '#app/modules/admin/routes.ts';
import { analyticsRoutes } from '#app/modules/analytics/routes.ts';
import { apiKeyRoutes } from '#app/modules/api-keys/routes.ts';
import { authRoutes } from '#app/modules/auth/routes.ts';
import { checkoutRoutes } from '#app/modules/checkout/routes.ts';
import { contactRoutes } from '#app/modules/contact/routes.ts';
import { currencyRoutes } from '#app/modules/currencies/routes.ts';
import { devMailRoutes } from '#app/modules/dev-mail/routes.ts';
import { forwarderRoutes } from '#app/modules/forwarders/routes.ts';
import { healthRoutes } from '#app/modules/health/routes.ts';
import { livePlugin } from '#app/modules/live/routes.ts';
import { paymentLinkRoutes } from '#app/modules/payment-links/routes.ts';
import { addressSources } from '#app/modules/payments/address-sources.ts';
import { configurePriceLock } from '#app/modules/payments/price-lock.ts';
import { paymentRoutes } from '#app/modules/payments/routes.ts';
import { profileRoutes } from '#app/modules/profile/routes.ts';
import { publicRoutes } from '#app/modules/public/routes.ts';
import { rateRoutes } from '#app/modules/rates/routes.ts';
import { testNetworkRoutes } from '#app/modules/test-network/routes.ts';
import { transactionRoutes } from '#app/modules/transactions/routes.ts';
import { walletRoutes } from '#app/modules/wallets/routes.ts';
import { registerWalletAddressSources } from '#app/modules/wallets/wallet-address-source.ts';
import { webhookRoutes } from '#app/modules/webhooks/routes.ts';
import { authPlugin } from './auth.ts';
import { registerErrorHandler } from './errors.ts';
import { idempotencyPlugin } from './idempotency.ts';
import { logSerializers, REDACT_PATHS } from './log.ts';
import { openapiPlugin } from './openapi.ts';
import { apiRateLimitPlugin } from './rate-limit.ts';
import { sameOriginPlugin } from './same-origin.ts';
import { securityHeadersPlugin } from './security-headers.ts';
import { wellFormedInputPlugin } from './well-formed-input.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DbHandle;
    mailer: Mailer;
  }
}

export type AppDeps = { config: Config; dbHandle: DbHandle; mailer?: Mailer; logger?: boolean };

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');

/** Builds the whole HTTP app (API + static web app) on an open database. Does not listen. */
export async function buildApp({
  config,
  dbHandle,
  mailer,
  logger = true,
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          serializers: logSerializers,
        }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Tests log no request lines (LOG_LEVEL silent in most, but the server-process tests read real logs).
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    // The router's own refusals answer in the API's envelope too: a path that is not valid URL encoding (400),
    // a path parameter longer than any id (no such object: 404).
    frameworkErrors: (err, _req, reply) =>
      err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? notFound(reply as FastifyReply)
        : badRequest(reply as FastifyReply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('dbHandle', dbHandle);
  app.decorate('db', dbHandle.db);
  app.decorate('mailer', mailer ?? createMailer({ config, db: dbHandle.db, log: app.log }));
  // Live payments on configured UTXO chains receive to the merchant's wallets (modules/wallets).
  registerWalletAddressSources({ config, sources: addressSources });
  // How long prices are held, and how fresh a rate must be to price again when a hold lapses.
  configurePriceLock(config);

  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 },
    throwFileSizeLimit: false,
  });
  await app.register(securityHeadersPlugin);
  await app.register(sameOriginPlugin);
  await app.register(authPlugin);
  await app.register(apiRateLimitPlugin);
  await app.register(wellFormedInputPlugin);
  await app.register(idempotencyPlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(profileRoutes);
      await api.register(publicRoutes);
      await api.register(contactRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(apiKeyRoutes);
      await api.register(rateRoutes);
      await api.register(paymentLinkRoutes);
      await api.register(paymentRoutes);
      await api.register(forwarderRoutes);
      await api.register(checkoutRoutes);
      await api.register(testNetworkRoutes);
      await api.register(webhookRoutes);
      await api.register(currencyRoutes);
      await api.register(transactionRoutes);
      await api.register(analyticsRoutes);
      await api.register(walletRoutes);
      if (config.devMailOutbox) await api.register(devMailRoutes, { prefix: '/dev' });
      api.setNotFoundHandler((_req, reply) => notFound(reply));
    },
    { prefix: '/api/v1' },
  );

  // Live updates: the /ws WebSocket and this process's LISTEN connection (modules/live).
  await app.register(livePlugin);

  // Uploaded files (avatars) under DATA_DIR.
  const uploads = path.join(config.dataDir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploads,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '1h',
  });

  // The built web app; unknown paths fall back to index.html so client-side routes work on reload.
  const webDist = config.webDistDir ?? DEFAULT_WEB_DIST;
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // Precompressed copies (.br, .gz: written by the web build) go to clients that accept them. Hashed files under
    // /assets/ never change: cached for a year, never asked again. Everything else (the HTML, theme-init.js, the
    // favicon) is revalidated on every visit (ETag), so a new build is picked up at once.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', cacheControlOf(file)),
    });
    app.setNotFoundHandler((req, reply) => {
      // A missing file (an old /assets/*.js after a rebuild, a typo'd favicon) is a 404, never the app's HTML:
      // served as HTML it would fail as a script with a blank page instead of a clear error.
      const pathname = req.url.split('?')[0] ?? '';
      const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(pathname);
      if (
        req.method !== 'GET' ||
        isFile ||
        pathname.startsWith('/api/') ||
        pathname.startsWith('/uploads/')
      ) {
        return notFound(reply);
      }
      // The hosted payment page is its own light bundle (apps/web/payment.html).
      if (/^\/payment\/[^/?#]/.test(req.url) && fs.existsSync(path.join(webDist, 'payment.html'))) {
        return reply.type('text/html').sendFile('payment.html', webDist);
      }
      return reply.type('text/html').sendFile('index.html', webDist);
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build` to serve it');
    // Fastify's own 404 handler would log the raw URL (with any token in it): answer like the API does.
    app.setNotFoundHandler((_req, reply) => notFound(reply));
  }
  return app;
}

/** Hashed build files (dist/assets/name-HASH.ext) are immutable; anything else is revalidated on each use. */
export const cacheControlOf = (file: string) =>
  /[\\/]assets[\\/][^\\/]+-[\w-]{8}\.[a-z0-9.]+$/i.test(file)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';

/** The API's 400 envelope for a request the router cannot read. */
const badRequest = (reply: FastifyReply) =>
  reply
    .status(400)
    .send({ success: false, data: null, error: { message: T.invalidInput, code: 'BAD_REQUEST' } });

/** The API's 404 envelope, for every path nothing answers (never Fastify's default, which logs the raw URL). */
const notFound = (reply: FastifyReply) =>
  reply.status(404).send({ success: false, data: null, error: { message: 'Not found', code: 'NOT_FOUND' } });
