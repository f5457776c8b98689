import { defineConfig } from 'vitest/config';

const serverAlias = { '#app/': new URL('./apps/server/src/', import.meta.url).pathname };

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // npm test runs four suites side by side on CI's two cores: opening a database (PGlite: about 2 s of CPU)
          // took over 60 s there at times (2026-11-30). Room for a loaded machine; a hang still fails.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        root: 'apps/web',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test-setup.ts'],
          // a loaded machine (the other parts of npm test side by side): see src/test-setup.ts
          testTimeout: 20_000,
        },
      },
      {
        // The SDK, run against a real server built in the test (the server tests' helpers and global setup).
        resolve: { alias: serverAlias },
        test: {
          name: 'sdk',
          include: ['packages/sdk/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // npm test runs four suites side by side on CI's two cores: opening a database (PGlite: about 2 s of CPU)
          // took over 60 s there at times (2026-11-30). Room for a loaded machine; a hang still fails.
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        // The WooCommerce plugin's PHPUnit suites, one against a real server (integrations/woocommerce).
        resolve: { alias: serverAlias },
        test: {
          name: 'woocommerce',
          include: ['integrations/woocommerce/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 180_000,
          // starting its server is the first thing it does, while every other suite of npm test starts beside it
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
