import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { getQueueBacklog } from '#app/jobs/queue.ts';
import type { Metrics, OperationsFigures } from '#app/lib/metrics.ts';
import { type MetricsServer, startMetricsServer } from '#app/lib/metrics-server.ts';
import { getChainsHealth } from '#app/modules/chains/get-chains-health.ts';
import { getWebhookBacklog } from '#app/modules/webhooks/get-webhook-health.ts';
import type { Server } from './server.ts';

/** The most a scrape waits for the database figures; past it they are left out (coinlane_operations_figures_up 0). */
export const FIGURES_TIMEOUT_MS = 2_000;

/**
 * The database figures of a scrape (part of the composition root; decision 028), read by the same functions as
 * the Health Monitor (modules/health/get-system-health.ts): the job queue's backlog (getQueueBacklog), the webhook
 * deliveries owed (getWebhookBacklog) and, in a process of the watcher role, each network's lag and whether this
 * process leads it (getChainsHealth). Three short statements on indexed columns.
 */
export async function readOperationsFigures({
  db,
  config,
  now = new Date(),
}: {
  db: Db;
  config: Pick<Config, 'configuredChains' | 'roles'>;
  now?: Date;
}): Promise<OperationsFigures> {
  const [queue, webhooks, chains] = await Promise.all([
    getQueueBacklog({ db, now }),
    getWebhookBacklog({ db, now }),
    config.roles.includes('watcher') ? getChainsHealth({ db, config, now }) : null,
  ]);
  return {
    queue: { dueByName: queue.dueByName, oldestDueAgeSeconds: queue.oldestDueAgeMs / 1000 },
    webhooks: { owed: webhooks.owed, oldestOwedAgeSeconds: webhooks.oldestOwedAgeMs / 1000 },
    watchers: chains?.map((c) => ({ network: c.network, lag: c.lag, leader: c.leaderHere })) ?? null,
  };
}

/**
 * What a scrape renders: the database figures first (at most `timeoutMs`; one read at a time however many
 * scrapers ask at once), then the registry. A failed or late read leaves those gauges out and says so, and the
 * in-memory figures are served all the same.
 */
export function metricsRenderer({
  metrics,
  read,
  timeoutMs = FIGURES_TIMEOUT_MS,
  onReadError,
}: {
  metrics: Metrics;
  read: () => Promise<OperationsFigures>;
  timeoutMs?: number;
  onReadError?: (err: unknown) => void;
}): () => Promise<string> {
  // The read under way, shared by every scrape until it settles: a slow database gets one read, not one per scrape.
  let pending: Promise<OperationsFigures | null> | null = null;
  const readShared = () => {
    pending ??= read()
      .catch((err: unknown) => {
        onReadError?.(err);
        return null;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };
  const readInTime = async () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    try {
      return await Promise.race([readShared(), late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return async () => {
    metrics.setOperationsFigures(await readInTime());
    return metrics.render();
  };
}

/**
 * Starts this process's metrics port when the configuration asks for one (METRICS_PORT, METRICS_HOST): main.ts
 * and the tests. Null when it is off.
 */
export async function startProcessMetrics(
  server: Pick<Server, 'app' | 'config' | 'dbHandle' | 'metrics'>,
  { port = server.config.metricsPort }: { port?: number | null } = {},
): Promise<MetricsServer | null> {
  if (port === null) return null;
  const { app, config, dbHandle, metrics } = server;
  const log = app.log.child({ service: 'metrics' });
  return startMetricsServer({
    host: config.metricsHost,
    port,
    contentType: metrics.contentType,
    render: metricsRenderer({
      metrics,
      read: () => readOperationsFigures({ db: dbHandle.db, config }),
      onReadError: (err) => log.warn({ err }, 'metrics: the database figures could not be read'),
    }),
    onError: (err) => log.error({ err }, 'metrics: the scrape failed'),
  });
}
