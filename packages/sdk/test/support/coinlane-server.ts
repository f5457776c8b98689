import type { AddressInfo } from 'node:net';
import type { TApiKeyPermission } from '@coinlane/core/api/api-keys';
import type { TMode } from '@coinlane/core/options';
import { createApiKey } from '#app/modules/api-keys/create-api-key.ts';
import { createUser } from '#app/test/fixtures.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

const ALL_PERMISSIONS: TApiKeyPermission[] = ['read', 'write', 'webhook'];

export type CoinlaneServer = {
  ctx: TestContext;
  /** Where the real server listens: http://127.0.0.1:<port>. */
  url: string;
  /** A new merchant and one of its keys. */
  merchant: (opts?: {
    mode?: TMode;
    permissions?: TApiKeyPermission[];
  }) => Promise<{ userId: string; key: string }>;
  close: () => Promise<void>;
};

/**
 * The real Coinlane server of the server tests (fresh database), listening on a free port of 127.0.0.1, with the
 * webhooks role running (deliveries are made to private addresses: the receivers of the tests).
 */
export async function startCoinlaneServer(): Promise<CoinlaneServer> {
  const ctx = await createTestContext({ allowPrivateWebhooks: true });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const worker = startWebhooksRole(ctx, 50);
  return {
    ctx,
    url: `http://127.0.0.1:${port}`,
    merchant: async ({ mode = 'test', permissions = ALL_PERMISSIONS } = {}) => {
      const user = await createUser({ db: ctx.db });
      const { key } = await createApiKey({
        db: ctx.db,
        userId: user.id,
        mode,
        name: 'sdk',
        permissions,
        ip: null,
      });
      return { userId: user.id, key };
    },
    close: async () => {
      await worker.stop();
      await ctx.close();
    },
  };
}
