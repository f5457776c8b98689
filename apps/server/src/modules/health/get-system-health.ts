import type { THealthResult, TSystemHealth } from '@coinlane/core/api/admin-operations';
import { HEALTH_TIMEOUT_MS } from '@coinlane/core/options';
import { scoreSystemHealth, type TServiceStatus } from '@coinlane/core/system-health';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { getQueueHealth, lastCompletedAt } from '#app/jobs/queue.ts';
import type { Metrics } from '#app/lib/metrics.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { getSessionByToken } from '#app/modules/auth/sessions.ts';
import { getChainsHealth } from '#app/modules/chains/get-chains-health.ts';
import { getRatesStatus } from '#app/modules/rates/get-rates-status.ts';
import { getWebhookHealth } from '#app/modules/webhooks/get-webhook-health.ts';
import { publicErrorText } from './public-error-text.ts';

/** The webhook worker counts as running when its dispatcher (every second) completed a slot this recently. */
export const WEBHOOK_WORKER_SILENCE_MS = 60_000;
/** The job queue is healthy while no due job has waited longer than this for a worker. */
export const QUEUE_WAIT_LIMIT_MS = 60_000;

type Details = THealthResult['details'];
type CheckOutcome = { status: TServiceStatus; error: string | null; details: Details };

class CheckTimeout extends Error {}
class HttpFailure extends Error {}

/**
 * Runs one check with its timeout (admin spec 9: 5000 ms by default): a check slower than that is unhealthy with
 * 'Timeout after {n}ms'; an HTTP failure reads 'HTTP {status}: {text}', anything else thrown 'Network error'
 * (admin spec 8) unless the check names its own reason.
 */
async function timed(
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<CheckOutcome>,
): Promise<CheckOutcome & { responseTime: number }> {
  const started = performance.now();
  const ctrl = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      ctrl.abort();
      reject(new CheckTimeout());
    }, timeoutMs);
  });
  try {
    const out = await Promise.race([run(ctrl.signal), timeout]);
    return { ...out, responseTime: Math.round(performance.now() - started) };
  } catch (err) {
    const error =
      err instanceof CheckTimeout
        ? T.healthTimeout(timeoutMs)
        : err instanceof HttpFailure
          ? err.message
          : T.healthNetworkError;
    return { status: 'unhealthy', error, details: {}, responseTime: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

const ok = (details: Details = {}): CheckOutcome => ({ status: 'healthy', error: null, details });
const bad = (error: string, details: Details = {}): CheckOutcome => ({ status: 'unhealthy', error, details });

/**
 * The Health Monitor (admin spec 3, 7, 9; decision 018): every part of the system checked now, each with its
 * timeout, and the overall status and score of section 9 (packages/core/system-health.ts):
 * - api: GET {APP_URL}/api/v1/health over HTTP, as a client reaches it (healthy on 2xx);
 * - watcher:<network>: each configured chain's watcher, from its status (tip, lag, last error, freshness);
 * - webhooks: the webhook worker is running (its dispatcher completed a slot within 60 s); attempts, failures and
 *   owed deliveries of the last hour as details;
 * - jobs: no due job has waited more than 60 s for a worker; dead jobs of the last day as details;
 * - mail: SMTP connects and authenticates (verify), or the development outbox;
 * - rates: the newest market rate is younger than RATES_MAX_AGE_SECONDS;
 * - database: a query answers; authentication: the session store answers a lookup.
 * The queue, owed webhooks and watcher figures come from the functions the metrics' gauges read (decision 028);
 * with `metrics`, the answering process adds its own figures where they mean something: whether it leads each
 * watched network (watcher role), and its webhook attempts by outcome since it started (webhooks role).
 */
export async function getSystemHealth({
  db,
  config,
  mailer,
  apiUrl = `${config.appUrl}/api/v1/health`,
  timeoutMs = HEALTH_TIMEOUT_MS,
  now = () => new Date(),
  metrics,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** This process's metrics (the HTTP app's): its own figures join the checks they concern. */
  metrics?: Pick<Metrics, 'webhookTotals'>;
  apiUrl?: string;
  timeoutMs?: number;
  now?: () => Date;
}): Promise<TSystemHealth> {
  const check = (
    name: string,
    kind: THealthResult['kind'],
    run: (signal: AbortSignal) => Promise<CheckOutcome>,
  ) => timed(timeoutMs, run).then((r): THealthResult => ({ name, kind, ...r }));

  const database = await timed(timeoutMs, async () => {
    await sql`select 1`.execute(db);
    return ok({ engine: config.databaseUrl ? 'postgres' : 'pglite' });
  });
  const dbUp = database.status === 'healthy';
  // Without the database every other check would only repeat its failure: they are unknown then.
  const unknown = (name: string, kind: THealthResult['kind']): THealthResult => ({
    name,
    kind,
    status: 'unknown',
    responseTime: null,
    error: null,
    details: {},
  });

  const authentication = dbUp
    ? await timed(timeoutMs, async () => {
        // A lookup of a token no session has: the session store answers (null) as it does for every request.
        await getSessionByToken({ db, token: 'health-check-no-such-session', touch: false });
        return ok();
      })
    : { status: 'unknown' as const, error: null, details: {}, responseTime: null };

  // The checks run at once (each with its own timeout), so the whole answer takes about as long as the slowest.
  const pending: Array<THealthResult | Promise<THealthResult>> = [];
  pending.push(
    check('api', 'api', async (signal) => {
      const res = await fetch(apiUrl, { signal, redirect: 'manual' }).catch((err: unknown) => {
        if (signal.aborted) throw new CheckTimeout();
        throw err;
      });
      await res.body?.cancel();
      if (!res.ok) throw new HttpFailure(T.httpStatus(res.status, res.statusText || undefined));
      return ok({ url: new URL(apiUrl).origin });
    }),
  );
  if (!dbUp) {
    for (const c of config.configuredChains) pending.push(unknown(`watcher:${c.network}`, 'watcher'));
    pending.push(unknown('webhooks', 'webhooks'), unknown('jobs', 'jobs'));
  } else {
    const chains = await getChainsHealth({ db, config, now: now() });
    for (const c of chains) {
      const details: Details = {
        network: c.network,
        mode: c.mode,
        lag: c.lag,
        nodeTip: c.nodeTip,
        processedHeight: c.processedHeight,
        statusAt: c.statusAt,
        // this process's own figure: only a process of the watcher role may lead
        ...(config.roles.includes('watcher') ? { leaderHere: c.leaderHere } : {}),
      };
      const error = publicErrorText(c.lastError);
      pending.push({
        name: `watcher:${c.network}`,
        kind: 'watcher',
        status: c.status === 'healthy' ? 'healthy' : c.status === 'starting' ? 'unknown' : 'unhealthy',
        responseTime: null,
        error:
          c.status === 'error'
            ? error
            : c.status === 'stale'
              ? 'The watcher has not reported for more than 30 seconds'
              : c.status === 'lagging'
                ? `${c.lag} blocks behind the node`
                : null,
        details,
      });
    }
    pending.push(
      check('webhooks', 'webhooks', async () => {
        const sendsHere = metrics && (config.roles.includes('webhooks') || config.roles.includes('jobs'));
        const [last, w, here] = await Promise.all([
          lastCompletedAt({ db, name: 'webhooks.dispatch' }),
          getWebhookHealth({ db, now: now() }),
          sendsHere ? metrics.webhookTotals() : null,
        ]);
        const details: Details = {
          lastRunAt: last?.toISOString() ?? null,
          attemptsLastHour: w.attempts,
          failedLastHour: w.failedAttempts,
          owed: w.owed,
          oldestOwedAgeSeconds: Math.round(w.oldestOwedAgeMs / 1000),
          disabledEndpoints: w.disabledEndpoints,
          // this process's automatic attempts since it started (coinlane_webhook_deliveries_total)
          ...(here ? { deliveredHere: here.delivered, failedHere: here.failed, deadHere: here.dead } : {}),
        };
        if (!last || now().getTime() - last.getTime() > WEBHOOK_WORKER_SILENCE_MS) {
          return bad('No webhook worker has run in the last 60 seconds', details);
        }
        return ok(details);
      }),
      check('jobs', 'jobs', async () => {
        const q = await getQueueHealth({ db, now: now() });
        const details: Details = {
          oldestDueAgeSeconds: Math.round(q.oldestDueAgeMs / 1000),
          due: q.dueCount,
          deadLastDay: q.deadLastDay,
        };
        if (q.oldestDueAgeMs > QUEUE_WAIT_LIMIT_MS) {
          return bad(
            `The oldest due job has waited ${Math.round(q.oldestDueAgeMs / 1000)} s for a worker`,
            details,
          );
        }
        return ok(details);
      }),
    );
  }
  pending.push(
    check('mail', 'mail', async () => {
      if (mailer.kind === 'outbox') return ok({ transport: 'development outbox' });
      if (mailer.kind === 'none' || !mailer.verify)
        return bad('No mail transport is configured', { transport: 'none' });
      await mailer.verify();
      return ok({ transport: 'smtp' });
    }),
  );
  pending.push(
    dbUp
      ? check('rates', 'rates', async () => {
          const r = await getRatesStatus({ db, maxAgeSeconds: config.ratesMaxAgeSeconds, now: now() });
          const details: Details = { newestAt: r.marketUpdatedAt, maxAgeSeconds: r.maxAgeSeconds };
          if (r.stale) {
            return bad(
              r.marketUpdatedAt
                ? `The newest market rate is older than ${r.maxAgeSeconds} s`
                : 'No market rate has been fetched yet',
              details,
            );
          }
          return ok(details);
        })
      : unknown('rates', 'rates'),
  );

  const services = await Promise.all(pending);
  const { overallStatus, overallScore } = scoreSystemHealth({
    services,
    database: database.status,
    authentication: authentication.status,
  });
  return {
    overallStatus,
    overallScore,
    services,
    database,
    authentication,
    timestamp: now().toISOString(),
  };
}
