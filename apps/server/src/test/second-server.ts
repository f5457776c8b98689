import type { FastifyInstance } from 'fastify';
import { type DbHandle, openPostgres } from '#app/db/connection.ts';
import { buildServer } from '#app/server.ts';
import type { TestContext } from './test-app.ts';

export type SecondServer = { app: FastifyInstance; dbHandle: DbHandle; close: () => Promise<void> };

/**
 * A second server on the test context's PostgreSQL database, with a handle of its own (its own pool, LISTEN
 * connection, caches and counters): what a second process is, in the test's process. PostgreSQL only (PGlite is
 * one process's database).
 */
export async function startSecondServer(ctx: TestContext): Promise<SecondServer> {
  if (!ctx.dbHandle.databaseUrl) throw new Error('a second server needs PostgreSQL (TEST_DATABASE_URL)');
  const dbHandle = await openPostgres(ctx.dbHandle.databaseUrl, 3);
  const { app } = await buildServer({ config: ctx.config, dbHandle, logger: false });
  await app.ready();
  return {
    app,
    dbHandle,
    close: async () => {
      await app.close();
      await dbHandle.close();
    },
  };
}
