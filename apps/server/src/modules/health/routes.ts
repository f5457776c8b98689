import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type ChainHealth, getChainsHealth } from '#app/modules/chains/get-chains-health.ts';

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
    let chains: ChainHealth[] = [];
    if (database.status === 'healthy') {
      chains = await getChainsHealth({ db: app.db, config: app.config }).catch((err) => {
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
