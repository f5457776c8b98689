import { defineConfig } from 'vitest/config';

const serverAlias = { '#app/': new URL('./apps/server/src/', import.meta.url).pathname };

/** Server test files that mock a module (vi.mock): run in the 'server-isolated' project, a process each. */
const SERVER_TESTS_ISOLATED = ['apps/server/src/modules/transactions/export-failure.test.ts'];

const serverTestSettings = {
  environment: 'node',
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  // npm test runs four suites side by side on CI's two cores: opening a database (PGlite: about 2 s of CPU)
  // took over 60 s there at times, and on a slower machine the same suites took 2.4 times as long (2026-11-30).
  // Room for a loaded machine (tests of 25 s alone have run past 180 s there); a hang still fails.
  testTimeout: 480_000,
  hookTimeout: 480_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias: serverAlias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: SERVER_TESTS_ISOLATED,
          ...serverTestSettings,
          // One process per worker for all its files (a process per file, the default, spent more than half the
          // suite's time starting processes, importing the server's modules and compiling PGlite again for each
          // file). Each file still builds its own server on its own database; what a process keeps at module
          // level is emptied before each file (fresh-process.ts).
          isolate: false,
          setupFiles: ['apps/server/src/test/fresh-process.ts'],
        },
      },
      {
        // Server tests that replace a module (vi.mock): a process of their own each, as a replaced module would
        // otherwise be the one every later file of the process imports.
        resolve: { alias: serverAlias },
        test: {
          name: 'server-isolated',
          include: SERVER_TESTS_ISOLATED,
          ...serverTestSettings,
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
          ...serverTestSettings,
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
          globalSetup: ['e2e/support/global-setup.ts'],
          // One limit for every journey and hook, a guard against a hang only: a journey of 30 s alone took over
          // 300 s on CI's two cores beside the other suites (load average 15-18), and one that outruns its limit
          // goes on running under the next. Waits inside a journey are for what the user would see, not for time.
          testTimeout: 900_000,
          hookTimeout: 900_000,
          pool: 'forks',
        },
      },
    ],
  },
});
