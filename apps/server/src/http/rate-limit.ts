import { AppError } from '@coinlane/core/errors';
import { SYSTEM_SETTING_DEFAULTS } from '@coinlane/core/system-settings';
import { T } from '@coinlane/core/texts';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { createSharedRateLimitCounters } from './shared-rate-limit-store.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Limit this route per client IP like the public routes (checkout, public payment status, rates). */
    publicRateLimit?: boolean;
  }
}

/**
 * Public routes limited per client IP (with TRUST_PROXY the address comes from X-Forwarded-For). Matched on
 * the route pattern, so the modules that own them need no change; a route may also opt in with
 * `config: { publicRateLimit: true }`.
 */
export const PUBLIC_ROUTE_PATTERNS: readonly RegExp[] = [
  /^\/api\/v1\/checkout(\/|$)/,
  /^\/api\/v1\/payments\/:[^/]+\/(status|address)$/,
  /^\/api\/v1\/exchange-rates$/,
];

export const isPublicRateLimited = (req: FastifyRequest) =>
  req.routeOptions.config?.publicRateLimit === true ||
  PUBLIC_ROUTE_PATTERNS.some((p) => p.test(req.routeOptions.url ?? ''));

/** System settings are read at most this often per process for the limits. */
const SETTINGS_TTL_MS = 10_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;

type Limits = { perMinute: number; perHour: number };
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;
type Outcome = Exclude<Awaited<ReturnType<Limiter>>, { isAllowed: true }>;

/**
 * Request limits of the API (admin settings api.rate_limit_per_minute and api.rate_limit_per_hour, defaults 60
 * and 1000): per API key for calls made with a key, and per client IP on the public routes. Over the limit:
 * 429 with the spec's message and `Retry-After`; every limited reply carries `RateLimit-Limit`,
 * `RateLimit-Remaining`, `RateLimit-Reset` (seconds) and `RateLimit-Policy`.
 * On PostgreSQL the counters are shared by every process on the database (shared-rate-limit-store.ts, decision
 * 029: counted in memory, added up every 250 ms), so N API processes behind a balancer still give a client its
 * limit, within one sync interval of the other processes' traffic; on PGlite (one process) they live in this
 * process, in `app.rateLimitCounters`. Both are emptied by the Danger Zone's Reset Rate Limits. The sign-in routes
 * keep their own limits (modules/auth), per process.
 */
export const apiRateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { apiRateLimitPerMinute, apiRateLimitPerHour } = app.config;
  let cached: { limits: Limits; at: number } | null = null;
  const limits = async (): Promise<Limits> => {
    if (cached && Date.now() - cached.at < SETTINGS_TTL_MS) return cached.limits;
    let fromSettings: Limits = {
      perMinute: SYSTEM_SETTING_DEFAULTS.api.rate_limit_per_minute,
      perHour: SYSTEM_SETTING_DEFAULTS.api.rate_limit_per_hour,
    };
    if (apiRateLimitPerMinute === null || apiRateLimitPerHour === null) {
      try {
        const { api } = await getSystemSettings({ db: app.db });
        fromSettings = {
          perMinute: Math.max(1, Number(api.rate_limit_per_minute) || fromSettings.perMinute),
          perHour: Math.max(1, Number(api.rate_limit_per_hour) || fromSettings.perHour),
        };
      } catch (err) {
        app.log.error({ err }, 'rate limits: system settings unreadable, using the defaults');
      }
    }
    const next = {
      perMinute: apiRateLimitPerMinute ?? fromSettings.perMinute,
      perHour: apiRateLimitPerHour ?? fromSettings.perHour,
    };
    cached = { limits: next, at: Date.now() };
    return next;
  };
  app.processCaches.register('api_rate_limit_settings', () => {
    const had = cached ? 1 : 0;
    cached = null;
    return had;
  });

  // The limiter instances come from @fastify/rate-limit registered in a scope of their own, so that this
  // registration never adds hooks to other routes (the auth module registers the plugin for its routes).
  let limiters!: Record<'keyMinute' | 'keyHour' | 'ipMinute' | 'ipHour', Limiter>;
  // On PostgreSQL the API limits are shared by every process on the database (decision 029); PGlite is one
  // process's database, so its counters stay in that process.
  let store = app.rateLimitCounters.store;
  if (app.dbHandle.engine === 'postgres') {
    const shared = createSharedRateLimitCounters({ db: app.db, log: app.log });
    app.rateLimitCounters.shared = shared;
    app.addHook('onClose', async () => {
      shared.stop();
      await shared.sync();
    });
    store = shared.store;
  }
  await app.register(async (scope) => {
    await scope.register(rateLimit, { global: false, store });
    const byKey = (req: FastifyRequest) =>
      req.auth?.kind === 'api_key'
        ? `key:${req.auth.keyId}`
        : req.auth?.kind === 'device'
          ? `device:${req.auth.deviceId}`
          : `key:${req.ip}`;
    limiters = {
      keyMinute: scope.createRateLimit({
        timeWindow: MINUTE,
        max: async () => (await limits()).perMinute,
        keyGenerator: byKey,
      }),
      keyHour: scope.createRateLimit({
        timeWindow: HOUR,
        max: async () => (await limits()).perHour,
        keyGenerator: byKey,
      }),
      ipMinute: scope.createRateLimit({ timeWindow: MINUTE, max: async () => (await limits()).perMinute }),
      ipHour: scope.createRateLimit({ timeWindow: HOUR, max: async () => (await limits()).perHour }),
    };
  });

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    let pair: [Limiter, Limiter];
    // API keys and point-of-sale devices (decision 026) each have their own counters.
    if (req.auth?.kind === 'api_key' || req.auth?.kind === 'device')
      pair = [limiters.keyMinute, limiters.keyHour];
    else if (isPublicRateLimited(req)) pair = [limiters.ipMinute, limiters.ipHour];
    else return;
    const { perMinute, perHour } = await limits();
    reply.header('RateLimit-Policy', `${perMinute};w=60, ${perHour};w=3600`);
    const minute = await pair[0](req);
    if (minute.isAllowed) return;
    if (minute.isExceeded) return refuse(reply, minute);
    const hour = await pair[1](req);
    if (hour.isAllowed) return;
    if (hour.isExceeded) return refuse(reply, hour);
    setHeaders(reply, hour.remaining < minute.remaining ? hour : minute);
  });
});

function setHeaders(reply: FastifyReply, o: Outcome) {
  reply.header('RateLimit-Limit', o.max);
  reply.header('RateLimit-Remaining', o.remaining);
  reply.header('RateLimit-Reset', o.ttlInSeconds);
}

function refuse(reply: FastifyReply, o: Outcome): never {
  setHeaders(reply, o);
  reply.header('Retry-After', Math.max(1, o.ttlInSeconds));
  throw new AppError('RATE_LIMITED', { message: T.rateLimited });
}
