import { ZSystemLogPage, ZSystemLogQuery } from '@coinlane/core/api/admin-operations';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { listSystemLogs } from './list-system-logs.ts';

/** /api/v1/admin/logs: the back-office's System Logs (support.read). */
export const systemLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/logs',
    {
      onRequest: requireAdmin('support.read'),
      schema: {
        tags: ['Admin'],
        summary: 'System logs, newest first, 50 per page with a cursor (support.read)',
        description:
          "The warn and error lines of every process role (api, watcher, webhooks, scheduler), kept 14 days and at most 100,000 lines. Filter by level (error, warn, info, debug: only warn and error are stored); `before` is the previous page's nextCursor.",
        querystring: ZSystemLogQuery,
        response: { 200: envelope(ZSystemLogPage) },
      },
    },
    async (req) => ok(await listSystemLogs({ db: app.db, query: req.query })),
  );
};
