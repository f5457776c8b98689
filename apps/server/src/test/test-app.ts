import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '#app/config.ts';
import type { DbHandle } from '#app/db/connection.ts';
import type { SwapRouteFinder } from '#app/modules/payouts/swap-route-finder.ts';
import { buildServer, type Server } from '#app/server.ts';
import { startSmtpServer } from './smtp.ts';
import { createTestDb } from './test-db.ts';

export type TestContext = {
  app: FastifyInstance;
  db: DbHandle['db'];
  dbHandle: DbHandle;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  config: Config;
  /** The server as the composition root built it (its job definitions: `server.jobs`); no role started. */
  server: Server;
  close: () => Promise<void>;
};

/** A fresh server (server.ts, no role started) on a fresh database with a real SMTP server, for one test file. */
export async function createTestContext(
  overrides: Partial<Config> = {},
  { swapRouteFinder }: { swapRouteFinder?: SwapRouteFinder } = {},
): Promise<TestContext> {
  const smtp = await startSmtpServer();
  const dbHandle = await createTestDb();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
    },
    { webDistDir: path.join(dataDir, 'no-web'), ...overrides },
  );
  const server = await buildServer({ config, dbHandle, logger: false, swapRouteFinder });
  const { app } = server;
  await app.ready();
  return {
    app,
    db: dbHandle.db,
    dbHandle,
    smtp,
    config,
    server,
    close: async () => {
      await app.close();
      await dbHandle.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
