import { ZSystemAlert, ZSystemAlertList, ZSystemAlertParams } from '@coinlane/core/api/admin-operations';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { listSystemAlerts } from './list-system-alerts.ts';
import { resolveSystemAlert } from './resolve-system-alert.ts';

/** /api/v1/admin/alerts: the active system alerts of the Health Monitor (support.read) and Resolve (support.write). */
export const systemAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/alerts',
    {
      onRequest: requireAdmin('support.read'),
      schema: {
        tags: ['Admin'],
        summary: 'The 10 newest active system alerts (support.read)',
        response: { 200: envelope(ZSystemAlertList) },
      },
    },
    async () => ok(await listSystemAlerts({ db: app.db })),
  );

  app.post(
    '/alerts/:id/resolve',
    {
      onRequest: requireAdmin('support.write'),
      schema: {
        tags: ['Admin'],
        summary: 'Resolve an active system alert (support.write)',
        description:
          'Stamps resolved_at and who resolved it. Audited. If the condition comes back, it raises a new alert.',
        params: ZSystemAlertParams,
        response: { 200: envelope(ZSystemAlert) },
      },
    },
    async (req) =>
      ok(
        await resolveSystemAlert({
          db: app.db,
          alertId: req.params.id,
          actor: { id: authOf(req).user.id, ip: req.ip },
        }),
      ),
  );
};
