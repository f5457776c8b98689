import { ZClearCacheResult, ZForceLogoutResult, ZResetRateLimitsResult } from '@coinlane/core/api/admin';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { clearCaches } from './clear-caches.ts';
import { forceLogoutAllUsers } from './force-logout-all-users.ts';
import { resetRateLimits } from './reset-rate-limits.ts';

/**
 * The Danger Zone of System Settings (admin spec 2), under /api/v1/admin/maintenance: system.maintenance only,
 * each action audited and answering what it did. Counters and caches are this process's (see each function).
 */
export const maintenanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/force-logout',
    {
      onRequest: requireAdmin('system.maintenance'),
      schema: {
        summary:
          'Force Logout All Users: end every session but the caller’s own and cancel sign-ins under way (system.maintenance)',
        response: { 200: envelope(ZForceLogoutResult) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      if (auth.kind !== 'session') throw new Error('requireAdmin admits sessions only');
      return ok(
        await forceLogoutAllUsers({
          db: app.db,
          actorId: auth.user.id,
          sessionId: auth.sessionId,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/reset-rate-limits',
    {
      onRequest: requireAdmin('system.maintenance'),
      schema: {
        summary: 'Reset Rate Limits: empty the request counters of this server process (system.maintenance)',
        response: { 200: envelope(ZResetRateLimitsResult) },
      },
    },
    async (req) =>
      ok(
        await resetRateLimits({
          db: app.db,
          counters: app.rateLimitCounters,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );

  app.post(
    '/clear-cache',
    {
      onRequest: requireAdmin('system.maintenance'),
      schema: {
        summary: 'Clear All Cache: empty the in-process caches of every server process (system.maintenance)',
        response: { 200: envelope(ZClearCacheResult) },
      },
    },
    async (req) =>
      ok(
        await clearCaches({
          db: app.db,
          caches: app.processCaches,
          actorId: authOf(req).user.id,
          ip: req.ip,
        }),
      ),
  );
};
