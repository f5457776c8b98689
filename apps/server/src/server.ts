import type { FastifyInstance } from 'fastify';
import type { Config } from '#app/config.ts';
import type { DbHandle } from '#app/db/connection.ts';
import { SERVER_FAMILIES } from '#app/families/registry.ts';
import { type ApiRoutes, buildApp } from '#app/http/app.ts';
import { redactSecretsInText } from '#app/http/log.ts';
import type { AnyJobDefinition } from '#app/jobs/define-job.ts';
import { type JobSchedule, startJobSchedule } from '#app/jobs/schedule.ts';
import { type JobWorker, startJobWorker } from '#app/jobs/worker.ts';
import { createMetrics, type Metrics } from '#app/lib/metrics.ts';
import { ProcessCaches } from '#app/lib/process-caches.ts';
import { createMailer, type Mailer } from '#app/mail/mailer.ts';
import { adminRoutes } from '#app/modules/admin/routes.ts';
import { adminCurrencyRoutes } from '#app/modules/admin-currencies/routes.ts';
import { adminTransactionRoutes } from '#app/modules/admin-transactions/routes.ts';
import { analyticsRoutes } from '#app/modules/analytics/routes.ts';
import { apiKeyRoutes } from '#app/modules/api-keys/routes.ts';
import { authRoutes } from '#app/modules/auth/routes.ts';
import { startChainWatchers } from '#app/modules/chains/start-chain-watchers.ts';
import { checkoutRoutes } from '#app/modules/checkout/routes.ts';
import { contactRoutes } from '#app/modules/contact/routes.ts';
import { type ConversionDeps, conversionDepsOf } from '#app/modules/conversions/conversion-deps.ts';
import { currencyRoutes } from '#app/modules/currencies/routes.ts';
import { devMailRoutes } from '#app/modules/dev-mail/routes.ts';
import { clearFactoryVersions } from '#app/modules/forwarders/flush-forwarders.ts';
import { forwarderRoutes } from '#app/modules/forwarders/routes.ts';
import { clearSwapFactories } from '#app/modules/forwarders/swap-forwarder.ts';
import { adminHealthRoutes, healthRoutes } from '#app/modules/health/routes.ts';
import { adminKycRoutes, kycRoutes } from '#app/modules/kyc/routes.ts';
import { livePlugin } from '#app/modules/live/routes.ts';
import { maintenanceRoutes } from '#app/modules/maintenance/routes.ts';
import { paymentLinkRoutes } from '#app/modules/payment-links/routes.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { paymentRoutes } from '#app/modules/payments/routes.ts';
import { payoutRoutes } from '#app/modules/payouts/routes.ts';
import type { SwapRouteFinder } from '#app/modules/payouts/swap-route-finder.ts';
import { posRoutes } from '#app/modules/pos/routes.ts';
import { profileRoutes } from '#app/modules/profile/routes.ts';
import { clearSettlementCache } from '#app/modules/public/measure-settlement.ts';
import { publicRoutes } from '#app/modules/public/routes.ts';
import { rateRoutes } from '#app/modules/rates/routes.ts';
import { adminRefundRoutes, refundRoutes } from '#app/modules/refunds/routes.ts';
import { subscriptionRoutes } from '#app/modules/subscriptions/routes.ts';
import { supportRoutes } from '#app/modules/support/routes.ts';
import { systemAlertRoutes } from '#app/modules/system-alerts/routes.ts';
import { systemLogRoutes } from '#app/modules/system-logs/routes.ts';
import { createSystemLogStream } from '#app/modules/system-logs/system-log-stream.ts';
import { testNetworkRoutes } from '#app/modules/test-network/routes.ts';
import { transactionRoutes } from '#app/modules/transactions/routes.ts';
import { walletRoutes } from '#app/modules/wallets/routes.ts';
import { dispatchWebhooksJob } from '#app/modules/webhooks/dispatch-webhooks.job.ts';
import { dispatchWebhooksOnEvents } from '#app/modules/webhooks/dispatch-webhooks-on-events.ts';
import { webhookRoutes } from '#app/modules/webhooks/routes.ts';
import { schedulerRoleJobs, webhooksRoleJobs } from './server-jobs.ts';
import { paymentDepsOf } from './server-payments.ts';
import { swapRouteFinderOf } from './server-payouts.ts';

/**
 * The composition root: the one place that knows every part and puts the server together. The HTTP app
 * (http/app.ts) gets its route plugins from here, the job queue (jobs/) its definitions and schedules, the modules
 * that need the chain families their list (families/registry.ts), and main.ts and the test helpers (test/) build
 * their server here. Modules do not register themselves anywhere.
 */

export type Server = {
  app: FastifyInstance;
  config: Config;
  dbHandle: DbHandle;
  /** The payments module's dependencies (address sources, lifecycle hooks, price lock): server-payments.ts. */
  payments: PaymentDeps;
  /** The conversions module's dependencies (the exchange of Bitcoin-family conversions): conversion-deps.ts. */
  conversions: ConversionDeps;
  /** The jobs each role runs (server-jobs.ts); `jobs` is an alias of `webhooks`. */
  roleJobs: { webhooks: readonly AnyJobDefinition[]; scheduler: readonly AnyJobDefinition[] };
  /** Every job definition. */
  jobs: readonly AnyJobDefinition[];
  /**
   * This process's Prometheus metrics (one registry, with Node's process metrics; decision 028): the HTTP app counts
   * its answers and payments, the job worker's handlers their webhook attempts; served by server-metrics.ts.
   */
  metrics: Metrics;
};

/** The modules' routes under /api/v1, in registration order. */
function apiRoutesOf(config: Config): ApiRoutes[] {
  return [
    { plugin: healthRoutes },
    { plugin: authRoutes, prefix: '/auth' },
    { plugin: profileRoutes },
    { plugin: publicRoutes },
    { plugin: contactRoutes },
    { plugin: adminRoutes, prefix: '/admin' },
    { plugin: adminTransactionRoutes, prefix: '/admin' },
    { plugin: adminCurrencyRoutes, prefix: '/admin' },
    { plugin: maintenanceRoutes, prefix: '/admin/maintenance' },
    { plugin: apiKeyRoutes },
    { plugin: rateRoutes },
    { plugin: paymentLinkRoutes },
    { plugin: paymentRoutes },
    { plugin: posRoutes },
    { plugin: forwarderRoutes },
    { plugin: checkoutRoutes },
    { plugin: testNetworkRoutes },
    { plugin: webhookRoutes },
    { plugin: currencyRoutes },
    { plugin: transactionRoutes },
    { plugin: analyticsRoutes },
    { plugin: walletRoutes },
    // Instant Payouts' Auto Conversion, Rules and History (decision 024).
    { plugin: payoutRoutes },
    // Support & Operations: System Logs, System Alerts, the Health Monitor (decision 018).
    { plugin: systemLogRoutes, prefix: '/admin' },
    { plugin: systemAlertRoutes, prefix: '/admin' },
    { plugin: adminHealthRoutes, prefix: '/admin' },
    { plugin: kycRoutes },
    { plugin: adminKycRoutes, prefix: '/admin' },
    // Support tickets: the back-office's /admin/support and the merchant's /support (decision 017).
    { plugin: supportRoutes },
    // Refunds without custody (decision 022): the merchant's, the customer's page and Issue Refund.
    { plugin: refundRoutes },
    { plugin: adminRefundRoutes, prefix: '/admin' },
    // Subscriptions (decision 023): plans, subscribers, the public subscribe page and the subscriber's portal.
    { plugin: subscriptionRoutes },
    // The development mail outbox's pages exist only where it is on.
    ...(config.devMailOutbox ? [{ plugin: devMailRoutes, prefix: '/dev' }] : []),
  ];
}

/**
 * Builds the server on an open, migrated database: the payments module's dependencies, the HTTP app (route
 * plugins read them as `app.payments`) and the job definitions. Starts no role.
 */
export async function buildServer({
  config,
  dbHandle,
  mailer,
  swapRouteFinder = swapRouteFinderOf(config, dbHandle.db),
  logger = true,
}: {
  config: Config;
  dbHandle: DbHandle;
  /** A mailer of the caller's (tests); default SMTP or the development outbox (mail/mailer.ts). */
  mailer?: Mailer;
  /**
   * How payout rules find Uniswap V3 routes on EVM networks (modules/payouts, decision 024); default: read from
   * the nodes of the chains with a swap factory (server-payouts.ts). Tests may give a test double.
   */
  swapRouteFinder?: SwapRouteFinder;
  logger?: boolean;
}): Promise<Server> {
  const payments = paymentDepsOf(config);
  const conversions = conversionDepsOf(config);
  // The modules' in-process caches, emptied by the Danger Zone's Clear All Cache (modules/maintenance); the
  // HTTP app adds the rate limits' settings.
  const processCaches = new ProcessCaches();
  processCaches.register('settlement_figures', () => clearSettlementCache(dbHandle.db));
  // the plain and the swapping forwarder factories' versions read from their chains
  processCaches.register('forwarder_factories', () => clearFactoryVersions() + clearSwapFactories());
  // Warn and error lines of this process into system_logs (the back-office's System Logs), in batches; a line's
  // `service` names the role that wrote it (startRoles gives each role's logger one), else this process's first.
  const logStream = createSystemLogStream({
    db: dbHandle.db,
    defaultService: config.roles.includes('api') ? 'api' : (config.roles[0] ?? 'api'),
    scrub: redactSecretsInText,
  });
  const metrics = createMetrics();
  const app = await buildApp({
    config,
    dbHandle,
    metrics,
    logger,
    logStream,
    mailer: (log) => mailer ?? createMailer({ config, db: dbHandle.db, log }),
    apiRoutes: apiRoutesOf(config),
    // Live updates: the /ws WebSocket and this process's LISTEN connection (modules/live).
    plugins: [livePlugin],
    // The chain families (families/registry.ts) as the wallets module reads them, `app.walletFamilies`.
    // The route finder of payout rules (modules/payouts/swap-route-finder.ts), `app.swapRouteFinder`.
    decorations: {
      payments,
      conversions,
      walletFamilies: SERVER_FAMILIES,
      tokenFamilies: SERVER_FAMILIES,
      swapRouteFinder,
    },
    processCaches,
  });
  app.addHook('onClose', () => logStream.flush());
  // NOTIFYs sent after their writes committed (db/notices.ts): a lost batch is covered by the listeners' polls
  dbHandle.notices.onError = (err, lost) =>
    app.log.warn(
      { err, lost },
      'notifications of committed writes were not sent; listeners catch up by polling',
    );
  app.addHook('onClose', () => dbHandle.notices.flush());
  const scheduler = schedulerRoleJobs({
    db: dbHandle.db,
    config,
    log: app.log.child({ service: 'scheduler' }),
    payments,
  });
  const webhooks = webhooksRoleJobs({ conversions });
  return {
    app,
    config,
    dbHandle,
    payments,
    conversions,
    roleJobs: { webhooks, scheduler },
    jobs: [...webhooks, ...scheduler],
    metrics,
  };
}

export type RunningRoles = {
  schedule: JobSchedule | null;
  worker: JobWorker | null;
  chainWatchers: ReturnType<typeof startChainWatchers> | null;
  /** Stops the roles in order: no new slots, running jobs finished, watchers stopped. */
  stop(): Promise<void>;
};

/**
 * Starts the background roles this process runs (config.roles unless `roles` is given; `api` is the HTTP app):
 * - scheduler: the rate refresh, the test network's blocks and the expiry sweep, as scheduled jobs;
 * - webhooks (alias jobs): webhook dispatch and delivery, the payment mails, notices, the EVM flush, the prune;
 * - watcher: one chain watcher per configured network, leader-elected.
 * A process runs one job worker for the jobs of its roles and one schedule (jobs/schedule.ts) that enqueues the
 * slots of their scheduled jobs; slot ids are deterministic, so however many processes run a role, each slot runs
 * once.
 */
export function startRoles(
  server: Server,
  { roles = server.config.roles, pollMs }: { roles?: readonly string[]; pollMs?: number } = {},
): RunningRoles {
  const { config, dbHandle, app } = server;
  const log = app.log;
  const has = (role: string) => roles.includes(role);
  const definitions = [
    ...(has('webhooks') || has('jobs') ? server.roleJobs.webhooks : []),
    ...(has('scheduler') ? server.roleJobs.scheduler : []),
  ];
  const scheduled = definitions.filter((d) => d.everyMs);
  // Each role's log lines name it (`service`: the System Logs' column, decision 018).
  const schedulerJobs = new Set(server.roleJobs.scheduler.map((d) => d.name));
  const worker = definitions.length
    ? startJobWorker({
        db: dbHandle.db,
        config,
        log,
        definitions,
        pollMs,
        metrics: server.metrics,
        serviceOf: (name) => (schedulerJobs.has(name) ? 'scheduler' : 'webhooks'),
      })
    : null;
  // Slots are looked at as often as the worker polls (at most a second apart), and at least once per slot of the
  // shortest schedule (the test network's blocks may be shorter than a second).
  const shortest = Math.min(...scheduled.map((d) => d.everyMs ?? Number.POSITIVE_INFINITY));
  const schedule = scheduled.length
    ? startJobSchedule({
        db: dbHandle.db,
        log: log.child({ service: 'scheduler' }),
        definitions: scheduled,
        tickMs: Math.max(10, Math.min(pollMs ?? config.jobPollMs, 1000, shortest)),
        onEnqueued: () => worker?.wake(),
      })
    : null;
  // Wake-ups from the database (the live plugin's LISTEN connection): a job queued by any process wakes this
  // worker when it runs that job; an outbox event committed anywhere runs the webhook dispatcher now. The polls
  // above stay as the safety net.
  const signals = app.hasDecorator('wakeSignals') ? app.wakeSignals : null;
  const unsubscribe: (() => void)[] = [];
  if (worker && signals) {
    const names = new Set(definitions.map((d) => d.name));
    unsubscribe.push(signals.onJob((name) => names.has(name) && worker.wake()));
  }
  let dispatch: ReturnType<typeof dispatchWebhooksOnEvents> | null = null;
  if (signals && definitions.some((d) => d.name === dispatchWebhooksJob.name)) {
    dispatch = dispatchWebhooksOnEvents({ db: dbHandle.db, log: log.child({ service: 'webhooks' }) });
    unsubscribe.push(signals.onOutbox(dispatch.poke));
  }
  const chainWatchers = has('watcher')
    ? startChainWatchers({
        dbHandle,
        config,
        log: log.child({ service: 'watcher' }),
        deps: server.payments,
        families: SERVER_FAMILIES,
      })
    : null;
  return {
    schedule,
    worker,
    chainWatchers,
    async stop() {
      for (const off of unsubscribe) off();
      await dispatch?.stop();
      await schedule?.stop();
      await worker?.stop();
      await chainWatchers?.stop();
    },
  };
}
