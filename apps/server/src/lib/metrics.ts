import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * This process's Prometheus metrics (decision 028): one registry per server (the composition root builds it, so
 * one per process in production), with Node's default process metrics and Coinlane's own. Every label value is
 * from a bounded set (a route template, a method, a status, a mode, a network, a job name, an outcome): never a
 * merchant, a payment, an e-mail, a URL or a secret.
 */

/** How a payment came to be created (`coinlane_payments_created_total{source}`). */
export type PaymentSource = 'api' | 'link' | 'subscription';
/** The outcome of one automatic webhook attempt: delivered, failed with a retry planned, failed for good. */
export type WebhookOutcome = 'delivered' | 'failed' | 'dead';

/** The figures read from the database at each scrape (server-metrics.ts), the Health Monitor's figures. */
export type OperationsFigures = {
  /** Queued jobs that are due now, by job name, and how long the oldest of them has waited. */
  queue: { dueByName: ReadonlyArray<{ name: string; due: number }>; oldestDueAgeSeconds: number };
  /** Webhook deliveries still owed (pending or retrying) and the age of the oldest. */
  webhooks: { owed: number; oldestOwedAgeSeconds: number };
  /** Each configured network's watcher (only in a process of the watcher role): lag, and whether this process leads. */
  watchers: ReadonlyArray<{ network: string; lag: number | null; leader: boolean }> | null;
};

/** The label of a request that matched no route (a 404, the web app's page fallback): one value, however many URLs. */
export const UNMATCHED_ROUTE = '(unmatched)';
/** The label of every file the web app's static routes serve (one route per file: many, and build-dependent). */
export const STATIC_ROUTE = '(static)';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The `route` label of a request: its route's template (`/api/v1/payments/:id`), never the URL. Requests that
 * matched no route share one label; the web app's files (a route each) share another.
 */
export function routeLabel(template: string | undefined): string {
  if (!template) return UNMATCHED_ROUTE;
  if (template.startsWith('/api/') || template === '/ws') return template;
  return STATIC_ROUTE;
}

export type Metrics = {
  readonly registry: Registry;
  /** One HTTP request answered (onResponse). */
  httpRequest(route: string | undefined, method: string, status: number, seconds: number): void;
  paymentCreated(mode: 'test' | 'live', source: PaymentSource): void;
  /** One automatic webhook attempt, with how long the merchant's server took. */
  webhookAttempt(outcome: WebhookOutcome, seconds: number): void;
  /** Sets the gauges read from the database; null (the read failed or timed out) leaves them out of the scrape. */
  setOperationsFigures(figures: OperationsFigures | null): void;
  /** This process's webhook attempts since it started, by outcome (the Health Monitor's "this process" figures). */
  webhookTotals(): Promise<Record<WebhookOutcome, number>>;
  /** The text exposition format, and its content type. */
  render(): Promise<string>;
  readonly contentType: string;
};

export function createMetrics({ defaultMetrics = true }: { defaultMetrics?: boolean } = {}): Metrics {
  const registry = new Registry();
  if (defaultMetrics) collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const httpRequests = new Counter({
    name: 'coinlane_http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: 'coinlane_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template and method.',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const paymentsCreated = new Counter({
    name: 'coinlane_payments_created_total',
    help: 'Payments created by this process, by mode and source (api: POST /payments; link: a payment link; subscription: an invoice).',
    labelNames: ['mode', 'source'] as const,
    registers,
  });
  const webhookDuration = new Histogram({
    name: 'coinlane_webhook_delivery_seconds',
    help: "Time of an automatic webhook attempt (the merchant's server answering, or the timeout).",
    labelNames: ['outcome'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  const webhookDeliveries = new Counter({
    name: 'coinlane_webhook_deliveries_total',
    help: 'Automatic webhook attempts by outcome: delivered, failed (a retry is planned), dead (no retry left).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const jobsQueued = new Gauge({
    name: 'coinlane_jobs_queued',
    help: 'Queued jobs due now (waiting for a worker), by job name; the same in every process (the database).',
    labelNames: ['name'] as const,
    registers,
  });
  const jobsOldest = new Gauge({
    name: 'coinlane_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited for a worker (0 when none waits).',
    registers,
  });
  const webhooksOwed = new Gauge({
    name: 'coinlane_webhook_deliveries_owed',
    help: 'Webhook deliveries still owed (pending or retrying), over every merchant.',
    registers,
  });
  const webhooksOldestOwed = new Gauge({
    name: 'coinlane_webhook_oldest_owed_age_seconds',
    help: 'Age of the oldest webhook delivery still owed (0 when none is).',
    registers,
  });
  const watcherLag = new Gauge({
    name: 'coinlane_watcher_lag_blocks',
    help: "Blocks between the node's tip and the watcher's processed height, by network (processes of the watcher role).",
    labelNames: ['network'] as const,
    registers,
  });
  const watcherLeader = new Gauge({
    name: 'coinlane_watcher_leader',
    help: "1 when this process holds the network's leader lock and watches it, 0 when it stands by.",
    labelNames: ['network'] as const,
    registers,
  });
  const figuresUp = new Gauge({
    name: 'coinlane_operations_figures_up',
    help: 'Whether this scrape read the database figures (jobs, owed webhooks, watchers) in time: 1 or 0.',
    registers,
  });

  // Children by label values, so the request path does not hash its labels on every call.
  const requestChildren = new Map<
    string,
    { count: Counter.Internal; duration: Histogram.Internal<'route' | 'method'> }
  >();

  return {
    registry,
    contentType: registry.contentType,
    httpRequest(template, method, status, seconds) {
      const route = routeLabel(template);
      const m = METHODS.has(method) ? method : 'OTHER';
      const key = `${route} ${m} ${status}`;
      let child = requestChildren.get(key);
      if (!child) {
        child = {
          count: httpRequests.labels(route, m, String(status)),
          duration: httpDuration.labels(route, m),
        };
        requestChildren.set(key, child);
      }
      child.count.inc();
      child.duration.observe(seconds);
    },
    paymentCreated(mode, source) {
      paymentsCreated.labels(mode, source).inc();
    },
    webhookAttempt(outcome, seconds) {
      webhookDeliveries.labels(outcome).inc();
      webhookDuration.labels(outcome).observe(seconds);
    },
    setOperationsFigures(figures) {
      for (const g of [jobsQueued, jobsOldest, webhooksOwed, webhooksOldestOwed, watcherLag, watcherLeader])
        g.reset();
      figuresUp.set(figures ? 1 : 0);
      if (!figures) return;
      for (const { name, due } of figures.queue.dueByName) jobsQueued.labels(name).set(due);
      jobsOldest.set(figures.queue.oldestDueAgeSeconds);
      webhooksOwed.set(figures.webhooks.owed);
      webhooksOldestOwed.set(figures.webhooks.oldestOwedAgeSeconds);
      for (const w of figures.watchers ?? []) {
        watcherLeader.labels(w.network).set(w.leader ? 1 : 0);
        if (w.lag !== null) watcherLag.labels(w.network).set(w.lag);
      }
    },
    async webhookTotals() {
      const totals: Record<WebhookOutcome, number> = { delivered: 0, failed: 0, dead: 0 };
      for (const v of (await webhookDeliveries.get()).values) {
        const outcome = v.labels.outcome as WebhookOutcome;
        if (outcome in totals) totals[outcome] += v.value;
      }
      return totals;
    },
    render: () => registry.metrics(),
  };
}
