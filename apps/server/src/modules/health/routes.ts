import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type ChainHealth, getChainsHealth } from '#app/modules/chains/get-chains-health.ts';

/**
 * A watcher's last error as anyone may read it: without the node's address (its host, port and path may carry
 * an API key of a hosted provider) nor what the node answered. The whole text stays in the logs and in
 * chain_cursors for the operator.
 */
export function publicErrorText(text: string | null): string | null {
  if (text === null) return null;
  return text
    .replace(/https?:\/\/\S*[^\s:,.;)]/g, 'the node')
    .replace(/(not JSON):[\s\S]*$/, '$1')
    .replace(/\b(?:\d{1,3}\.){3}\d{1,3}(?::\d+)?\b/g, 'the node')
    .replace(/\[?[0-9a-f]*:[0-9a-f:]*:[0-9a-f]*\]?(?::\d+)?/gi, (m) =>
      m.split(':').length > 2 ? 'the node' : m,
    )
    .replace(/\b(?:ENOTFOUND|EAI_AGAIN)\s+\S+/g, 'the node');
}

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
      chains = await getChainsHealth({ db: app.db, config: app.config })
        .then((list) => list.map((c) => ({ ...c, lastError: publicErrorText(c.lastError) })))
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
