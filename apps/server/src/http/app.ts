import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { T } from '@coinlane/core/texts';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyPluginCallback,
  type FastifyReply,
  LogController,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from '#app/config.ts';
import type { Db, DbHandle } from '#app/db/connection.ts';
import { createMetrics, type Metrics } from '#app/lib/metrics.ts';
import { ProcessCaches } from '#app/lib/process-caches.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { authPlugin } from './auth.ts';
import { registerErrorHandler } from './errors.ts';
import { idempotencyPlugin } from './idempotency.ts';
import { logSerializers, REDACT_PATHS } from './log.ts';
import { maintenanceGatePlugin } from './maintenance-gate.ts';
import { openapiPlugin } from './openapi.ts';
import { apiRateLimitPlugin } from './rate-limit.ts';
import { createRateLimitCounters, type RateLimitCounters } from './rate-limit-store.ts';
import { sameOriginPlugin } from './same-origin.ts';
import { applySecurityHeaders, embeddablePageHeaders, securityHeadersPlugin } from './security-headers.ts';
import { wellFormedInputPlugin } from './well-formed-input.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    dbHandle: DbHandle;
    mailer: Mailer;
    /** This process's in-memory caches, each with its clear function (lib/process-caches.ts). */
    processCaches: ProcessCaches;
    /**
     * The counters of every @fastify/rate-limit registration of this app: each passes
     * `store: app.rateLimitCounters.store`, and `clear()` empties them all (rate-limit-store.ts).
     */
    rateLimitCounters: RateLimitCounters;
    /** This process's Prometheus metrics (lib/metrics.ts; decision 028): every answer is counted here. */
    metrics: Metrics;
  }
}

/** A plugin of a module (its `routes.ts`), whatever its type provider and options. */
export type ModulePlugin =
  // biome-ignore lint/suspicious/noExplicitAny: plugins of any options and type provider
  FastifyPluginAsync<any, RawServerDefault, any> | FastifyPluginCallback<any, RawServerDefault, any>;

/** A route plugin and its prefix under /api/v1. */
export type ApiRoutes = { plugin: ModulePlugin; prefix?: string };

/** What the composition root (server.ts) gives the HTTP app: it knows no module. */
export type AppDeps = {
  config: Config;
  dbHandle: DbHandle;
  /** Builds the mailer with the app's logger (decorated as `app.mailer`). */
  mailer: (log: FastifyBaseLogger) => Mailer;
  logger?: boolean;
  /** The modules' route plugins, registered under /api/v1 in this order. */
  apiRoutes: readonly ApiRoutes[];
  /** Plugins outside /api/v1, registered after the API (the live updates' /ws). */
  plugins?: readonly ModulePlugin[];
  /** More decorations of the instance, read by route plugins like `app.db` (e.g. `payments`). */
  decorations?: Readonly<Record<string, unknown>>;
  /** The modules' in-process caches (the root registers them); the HTTP parts add their own. */
  processCaches?: ProcessCaches;
  /**
   * A second destination of the log, for warn and error lines (the System Logs store, decision 018): the lines
   * reach it redacted like the standard output's.
   */
  logStream?: { write(line: string): void };
  /** This process's metrics (the root's; default a registry of its own): each answer counted by route template. */
  metrics?: Metrics;
};

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../../web/dist');

/**
 * Builds the HTTP app on an open database: Fastify with its cross-cutting plugins (errors, cookies, security
 * headers, same origin, auth, rate limits, input checks, idempotency, OpenAPI), the route plugins it is given,
 * the uploads and the built web app. Does not listen. The composition root (server.ts) says which routes.
 */
export async function buildApp({
  config,
  dbHandle,
  mailer,
  logger = true,
  apiRoutes,
  plugins = [],
  decorations = {},
  processCaches = new ProcessCaches(),
  logStream,
  metrics = createMetrics({ defaultMetrics: false }),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: { paths: REDACT_PATHS, censor: '[redacted]' },
          serializers: logSerializers,
          ...(logStream && config.logLevel !== 'silent'
            ? {
                stream: pino.multistream([
                  { level: config.logLevel as pino.Level, stream: process.stdout },
                  { level: 'warn', stream: logStream },
                ]),
              }
            : {}),
        }
      : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Fastify gives a plugin 10 s to load by default. The route plugins import their modules on first load, compiled
    // on the fly (tsx, vitest): on a loaded 2-core machine one took longer, and the app failed to start ("Plugin did
    // not start in time"). A plugin that never finishes still fails the start, after two minutes.
    pluginTimeout: 120_000,
    // Tests log no request lines (LOG_LEVEL silent in most, but the server-process tests read real logs).
    logController: new LogController({ disableRequestLogging: config.env === 'test' }),
    // The router's own refusals answer in the API's envelope too: a path that is not valid URL encoding (400),
    // a path parameter longer than any id (no such object: 404). No hook runs before them: they set the security
    // headers themselves.
    frameworkErrors: (err, _req, reply) => {
      applySecurityHeaders(reply as FastifyReply, config.env === 'production');
      return err.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? notFound(reply as FastifyReply)
        : badRequest(reply as FastifyReply);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('dbHandle', dbHandle);
  app.decorate('db', dbHandle.db);
  app.decorate('mailer', mailer(app.log));
  app.decorate('processCaches', processCaches);
  app.decorate('rateLimitCounters', createRateLimitCounters());
  app.decorate('metrics', metrics);
  for (const [name, value] of Object.entries(decorations)) app.decorate(name, value);
  // Every answer, by its route's template (never the URL: a bounded label), method and status; added first, so it
  // covers every route, the not-found handlers and the refusals of the hooks below.
  app.addHook('onResponse', (req, reply, done) => {
    metrics.httpRequest(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 5 },
    throwFileSizeLimit: false,
  });
  await app.register(securityHeadersPlugin);
  await app.register(sameOriginPlugin);
  await app.register(authPlugin);
  // maintenance_mode: merchant writes refused while it is on (decision 020).
  await app.register(maintenanceGatePlugin);
  await app.register(apiRateLimitPlugin);
  await app.register(wellFormedInputPlugin);
  await app.register(idempotencyPlugin);
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      for (const r of apiRoutes) await api.register(r.plugin, r.prefix ? { prefix: r.prefix } : {});
      api.setNotFoundHandler((_req, reply) => notFound(reply));
    },
    { prefix: '/api/v1' },
  );

  for (const plugin of plugins) await app.register(plugin);

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
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlOf(file));
        // The embed script is loaded by merchants' own sites (<script src=".../embed.js">): a same-origin
        // resource policy would have browsers refuse it there.
        if (/^embed\.js(?:\.br|\.gz)?$/.test(path.relative(webDist, file)))
          reply.header('cross-origin-resource-policy', 'cross-origin');
      },
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
      // The embeddable checkout: the hosted payment page made to be framed by a merchant's site, the one page
      // whose framing rules differ (http/security-headers.ts).
      if (EMBED_PAGE.test(req.url) && fs.existsSync(path.join(webDist, 'payment.html'))) {
        embeddablePageHeaders(reply, config.env === 'production');
        return reply.type('text/html').sendFile('payment.html', webDist);
      }
      // The hosted pages are their own light bundle (apps/web/payment.html).
      if (HOSTED_PAGE.test(req.url) && fs.existsSync(path.join(webDist, 'payment.html'))) {
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

/**
 * The customer's pages of the light bundle payment.html: the hosted payment page /payment/{linkId}, the subscribe
 * page /subscribe/{planId} and the subscriber's portal /subscription-portal?token=... (never the merchant's
 * /subscriptions, which is the app's).
 */
export const HOSTED_PAGE = /^\/(?:payment\/[^/?#]|subscribe\/[^/?#]|subscription-portal\/?(?:[?#]|$))/;

/**
 * The embeddable variant of the hosted payment page, /embed/payment/{linkId} (opened in an overlay by embed.js on a
 * merchant's site): the only page another site may frame.
 */
export const EMBED_PAGE = /^\/embed\/payment\/[^/?#]/;

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
