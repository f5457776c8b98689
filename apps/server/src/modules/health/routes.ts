import { ZSystemHealth } from '@coinlane/core/api/admin-operations';
import { envelope } from '@coinlane/core/api/envelope';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { requireAdmin } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { type ChainHealth, getChainsHealth } from '#app/modules/chains/get-chains-health.ts';
import { getSystemHealth } from './get-system-health.ts';
import { publicErrorText } from './public-error-text.ts';

/** GET /api/v1/health: the process is up; the database answers (and how fast). */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', async (_req, reply) => {
    const started = performance.now();
    let database: { status: 'healthy' | 'unhealthy'; engine: string; responseTime: number; error?: string };
    try {
      await sql`select 1`.execute(app.db);
      database = {
        status: 'healthy',
        engine: app.dbHandle.engine,
        responseTime: Math.round(performance.now() - started),
      };
    } catch (err) {
      database = {
        status: 'unhealthy',
        engine: app.dbHandle.engine,
        responseTime: Math.round(performance.now() - started),
        error: 'Database unreachable',
      };
      app.log.error({ err }, 'health: database check failed');
    }
    // Live UTXO watchers: tip, lag, last error and last block time per configured network (modules/chains).
    let chains: Omit<ChainHealth, 'leaderHere'>[] = [];
    if (database.status === 'healthy') {
      chains = await getChainsHealth({ db: app.db, config: app.config })
        .then((list) =>
          // which process leads is for the back-office (the Health Monitor), not this public answer
          list.map(({ leaderHere: _, ...c }) => ({ ...c, lastError: publicErrorText(c.lastError) })),
        )
        .catch((err) => {
          app.log.error({ err }, 'health: chain status failed');
          return [];
        });
    }
    const healthy = database.status === 'healthy';
    return reply.status(healthy ? 200 : 503).send({
      success: healthy,
      data: {
        status: healthy ? 'healthy' : 'unhealthy',
        database,
        chains,
        uptime: Math.round(process.uptime()),
        timestamp: new Date().toISOString(),
      },
      error: healthy ? null : { message: 'Database unreachable', code: 'SERVICE_UNAVAILABLE' },
    });
  });
}

/**
 * GET /api/v1/admin/health: the Health Monitor (admin spec 3, 9). Any administrator may read it: the spec's route
 * table opens the Admin Dashboard, whose Core and Backend Services panels show it, to every admin with no named
 * permission, and the Support page's Health Monitor tab (support.read) shows the same result (decision 018).
 */
export const adminHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      onRequest: requireAdmin(),
      schema: {
        tags: ['Admin'],
        summary: 'System health: every part checked now, overall status and score (any administrator)',
        description:
          'api, each configured chain watcher (with its lag), the webhook worker, the job queue, mail, the rate source, plus the database and authentication; each check has a 5000 ms timeout. Score: the share of healthy checks; unhealthy (score at most 50) unless the database and authentication are healthy; otherwise healthy at 90 or more, degraded at 70 or more.',
        response: { 200: envelope(ZSystemHealth) },
      },
    },
    async () =>
      ok(await getSystemHealth({ db: app.db, config: app.config, mailer: app.mailer, metrics: app.metrics })),
  );
};
