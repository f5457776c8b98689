import { ConfigError, loadConfig } from './config.ts';
import { DatabaseInUseError, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildApp } from './http/app.ts';
import { JOB_DEFINITIONS } from './jobs/registry.ts';
import { startSchedules } from './jobs/schedules.ts';
import { startJobWorker } from './jobs/worker.ts';
import { startChainWatchers } from './modules/chains/start-chain-watchers.ts';

/**
 * `--roles api,watcher` (or `--roles=...`) on the command line, as ARCHITECTURE.md runs each role: the same as
 * ROLES, which it overrides. Anything else on the command line is refused.
 */
function rolesFromArgs(argv: readonly string[]): string | undefined {
  let roles: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--roles' && argv[i + 1] !== undefined) roles = argv[++i];
    else if (a.startsWith('--roles=')) roles = a.slice('--roles='.length);
    else
      throw new ConfigError(`Unknown argument ${a}: the server takes --roles api,watcher,webhooks,scheduler`);
  }
  return roles;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    const roles = rolesFromArgs(process.argv.slice(2));
    config = loadConfig(roles === undefined ? process.env : { ...process.env, ROLES: roles });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  let dbHandle: Awaited<ReturnType<typeof openDatabase>>;
  try {
    dbHandle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DatabaseInUseError) {
      console.error(err.message);
      process.exit(75);
    }
    throw err;
  }
  const applied = await migrateToLatest(dbHandle.db);
  const app = await buildApp({ config, dbHandle });
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  app.log.info({ engine: dbHandle.engine, mail: app.mailer.kind }, 'database and mail ready');
  if (app.mailer.kind === 'outbox')
    app.log.warn(`development mail outbox: sign-in codes and links are at ${config.appUrl}/dev/mail`);

  // The scheduler role: rate refresh, the test network's clock, expiries.
  const scheduler = config.roles.includes('scheduler')
    ? startSchedules({ db: dbHandle.db, config, log: app.log })
    : null;

  // The webhooks / jobs roles: a job worker (webhook dispatch and delivery, scheduled job slots).
  if (config.appSecretKeyDerived)
    app.log.warn(
      'APP_SECRET_KEY is not set: webhook secrets are encrypted with a development key derived from DATA_DIR. Set APP_SECRET_KEY (openssl rand -base64 32); production requires it.',
    );
  const jobWorker =
    config.roles.includes('webhooks') || config.roles.includes('jobs')
      ? startJobWorker({ db: dbHandle.db, config, log: app.log, definitions: JOB_DEFINITIONS })
      : null;

  // The watcher role: one watcher per configured UTXO network (CHAIN_<NETWORK>_RPC_URL), leader-elected.
  const chainWatchers = config.roles.includes('watcher')
    ? startChainWatchers({ dbHandle, config, log: app.log })
    : null;
  if (chainWatchers?.watchers.length)
    app.log.info({ networks: config.configuredChains.map((c) => c.network) }, 'chain watchers started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await scheduler?.stop();
      await jobWorker?.stop();
      await chainWatchers?.stop();
      await app.close();
      await dbHandle.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Coinlane is running at ${config.appUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
