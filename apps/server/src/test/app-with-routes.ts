import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TApiKeyPermission, TCreatedApiKey } from '@coinlane/core/api/api-keys';
import type { TMode } from '@coinlane/core/options';
import type { FastifyInstance } from 'fastify';
import { type Config, loadConfig } from '#app/config.ts';
import { buildServer } from '#app/server.ts';
import { signIn } from './fixtures.ts';
import { startSmtpServer } from './smtp.ts';
import type { TestContext } from './test-app.ts';
import { createTestDb } from './test-db.ts';

/**
 * Like createTestContext, with test-only routes registered before the app is ready (for the cross-cutting
 * HTTP parts: permissions, idempotency, rate limits). The routes exist in the test only, never in the product.
 */
export async function createTestContextWithRoutes(
  routes: (app: FastifyInstance) => Promise<void>,
  overrides: Partial<Config> = {},
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
  const server = await buildServer({ config, dbHandle, logger: false });
  const { app } = server;
  await app.register(routes);
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

/** Makes an API key through the API, as the merchant would from a signed-in session, and returns the reply. */
export async function createKeyFor({
  app,
  userId,
  mode = 'test',
  name = 'Test key',
  permissions = ['read', 'write', 'webhook'],
}: {
  app: FastifyInstance;
  userId: string;
  mode?: TMode;
  name?: string;
  permissions?: TApiKeyPermission[];
}): Promise<TCreatedApiKey> {
  const cookie = await signIn({ app, userId, mode });
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie },
    payload: { name, permissions },
  });
  if (res.statusCode !== 200) throw new Error(`creating a key failed: ${res.statusCode} ${res.body}`);
  return res.json().data as TCreatedApiKey;
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
