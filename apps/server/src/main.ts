import { ConfigError, loadConfig } from './config.ts';
import { DatabaseInUseError, openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { buildServer, startRoles } from './server.ts';
import { startProcessMetrics } from './server-metrics.ts';

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
  const server = await buildServer({ config, dbHandle });
  const { app } = server;
  if (applied.length) app.log.info({ migrations: applied }, 'migrations applied');
  app.log.info({ engine: dbHandle.engine, mail: app.mailer.kind }, 'database and mail ready');
  if (app.mailer.kind === 'outbox')
    app.log.warn(`development mail outbox: sign-in codes and links are at ${config.appUrl}/dev/mail`);

  if (config.appSecretKeyDerived)
    app.log.warn(
      'APP_SECRET_KEY is not set: webhook secrets are encrypted with a development key derived from DATA_DIR. Set APP_SECRET_KEY (openssl rand -base64 32); production requires it.',
    );
  // The internal metrics port (METRICS_PORT; decision 028), apart from the public one. A port that cannot be
  // taken stops the start, naming the variable.
  let metrics: Awaited<ReturnType<typeof startProcessMetrics>>;
  try {
    metrics = await startProcessMetrics(server);
  } catch (err) {
    console.error(
      `METRICS_PORT: cannot listen on ${config.metricsHost}:${config.metricsPort} (${(err as Error).message}); set another port, or METRICS_PORT=off`,
    );
    await app.close();
    await dbHandle.close();
    process.exit(78);
  }
  if (metrics) app.log.info({ metricsUrl: metrics.url }, `metrics at ${metrics.url}`);
  // The background roles (server.ts): scheduler (scheduled job slots), webhooks / jobs (the job worker), watcher.
  const roles = startRoles(server);
  if (roles.chainWatchers?.watchers.length)
    app.log.info({ networks: config.configuredChains.map((c) => c.network) }, 'chain watchers started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await roles.stop();
      await metrics?.close();
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
