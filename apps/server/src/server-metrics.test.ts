import type { AddressInfo } from 'node:net';
import type { THealthResult, TSystemHealth } from '@coinlane/core/api/admin-operations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '#app/jobs/queue.ts';
import type { MetricsServer } from '#app/lib/metrics-server.ts';
import { createApiKey } from '#app/modules/api-keys/create-api-key.ts';
import type { ChainWatcher, WatcherStatus } from '#app/modules/chains/generic-watcher.ts';
import { registerLocalWatcher } from '#app/modules/chains/start-chain-watchers.ts';
import { createUser, signIn, type TestUser } from '#app/test/fixtures.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { parseMetrics, type Sample, sampleValue } from '#app/test/metrics-text.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { startProcessMetrics } from './server-metrics.ts';

/**
 * The metrics port (decision 028): the server listening on a real port, its metrics on another (METRICS_PORT=0, an
 * ephemeral one), scraped over HTTP after real requests, payments, queued jobs and webhook deliveries to a local
 * receiver; and the Health Monitor showing the same figures.
 */
let ctx: TestContext;
let metrics: MetricsServer;
let appUrl: string;
let merchant: TestUser;
let apiKey: string;
let adminCookie: string;
const closing: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  ctx = await createTestContext({
    allowPrivateWebhooks: true,
    // one configured network, its status written below as its watcher would
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  appUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  metrics = (await startProcessMetrics(ctx.server, { port: 0 }))!;
  merchant = await createUser({ db: ctx.db });
  ({ key: apiKey } = await createApiKey({
    db: ctx.db,
    userId: merchant.id,
    mode: 'test',
    name: 'metrics test',
    permissions: ['read', 'write', 'webhook'],
    ip: null,
  }));
  const admin = await createUser({ db: ctx.db, isAdmin: true });
  adminCookie = await signIn({ app: ctx.app, userId: admin.id, mode: 'test' });
});
afterAll(async () => {
  for (const c of closing.reverse()) await c();
  await metrics?.close();
  await ctx.close();
});

async function scrape(): Promise<{ text: string; samples: Sample[] }> {
  const res = await fetch(metrics.url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  return { text, samples: parseMetrics(text) };
}

const api = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${appUrl}/api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  // biome-ignore lint/suspicious/noExplicitAny: replies of several shapes, checked by the assertions
  return { status: res.status, json: (await res.json()) as { data: any } };
};

async function healthMonitor(): Promise<TSystemHealth> {
  const res = await fetch(`${appUrl}/api/v1/admin/health`, { headers: { cookie: adminCookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: TSystemHealth }).data;
}
const check = (h: TSystemHealth, name: string): THealthResult => h.services.find((s) => s.name === name)!;

describe('the metrics port', () => {
  it('serves only GET /metrics, in the text format with Node’s process metrics', async () => {
    const { samples } = await scrape();
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
    expect(samples.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    expect((await fetch(metrics.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metrics.url, { method: 'POST' })).status).toBe(405);
  });

  it('is not served on the public app port', async () => {
    const res = await fetch(`${appUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('coinlane_http_requests_total');
    const { samples } = await scrape();
    // the refused request was counted under the one label of unmatched routes
    expect(
      sampleValue(samples, 'coinlane_http_requests_total', {
        route: '(unmatched)',
        method: 'GET',
        status: '404',
      }),
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts a created payment and its request by route template, once', async () => {
    const before = parseMetrics((await scrape()).text);
    const created = await api('POST', '/payments', { amount: '0.25', currency: 'BTC' });
    expect(created.status).toBe(201);
    const got = await api('GET', `/payments/${created.json.data.id}`);
    expect(got.status).toBe(200);
    const { samples } = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sampleValue(samples, name, labels) - sampleValue(before, name, labels);
    expect(delta('coinlane_payments_created_total', { mode: 'test', source: 'api' })).toBe(1);
    expect(delta('coinlane_payments_created_total', { mode: 'live', source: 'api' })).toBe(0);
    expect(
      delta('coinlane_http_requests_total', { route: '/api/v1/payments', method: 'POST', status: '201' }),
    ).toBe(1);
    expect(
      delta('coinlane_http_requests_total', { route: '/api/v1/payments/:id', method: 'GET', status: '200' }),
    ).toBe(1);
    expect(
      delta('coinlane_http_request_duration_seconds_count', { route: '/api/v1/payments', method: 'POST' }),
    ).toBe(1);
  });

  it('counts a payment started on a payment link’s hosted page as source "link"', async () => {
    const link = await api('POST', '/payment-links', {
      amount: '0.1',
      currency: 'BTC',
      description: 'Metrics',
    });
    expect(link.status).toBe(201);
    const before = parseMetrics((await scrape()).text);
    const res = await fetch(`${appUrl}/api/v1/checkout/${link.json.data.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(201);
    // the same attempt again: returned, not created
    const again = await fetch(`${appUrl}/api/v1/checkout/${link.json.data.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(again.status).toBe(200);
    const { samples } = await scrape();
    expect(
      sampleValue(samples, 'coinlane_payments_created_total', { mode: 'test', source: 'link' }) -
        sampleValue(before, 'coinlane_payments_created_total', { mode: 'test', source: 'link' }),
    ).toBe(1);
  });

  it('counts unknown URLs once each under one bounded label, with no part of the URL in it', async () => {
    const before = parseMetrics((await scrape()).text);
    const urls = [
      '/api/v1/no-such-route/pay_secret123',
      '/api/v1/payments/pay_x/no-such-thing',
      '/totally/unknown/token-abc?key=sk_test_zzz',
    ];
    for (const u of urls) expect((await fetch(`${appUrl}${u}`)).status).toBe(404);
    const { text, samples } = await scrape();
    expect(
      sampleValue(samples, 'coinlane_http_requests_total', {
        route: '(unmatched)',
        method: 'GET',
        status: '404',
      }) -
        sampleValue(before, 'coinlane_http_requests_total', {
          route: '(unmatched)',
          method: 'GET',
          status: '404',
        }),
    ).toBe(3);
    for (const piece of ['pay_secret123', 'no-such', 'token-abc', 'sk_test_zzz', 'pay_x']) {
      expect(text).not.toContain(piece);
    }
  });

  it('shows the queued jobs by name and the oldest wait, as the Health Monitor does', async () => {
    await enqueueJob({ db: ctx.db, name: 'metrics.test_job' });
    await enqueueJob({ db: ctx.db, name: 'metrics.test_job' });
    await enqueueJob({ db: ctx.db, name: 'metrics.old_job', runAt: new Date(Date.now() - 120_000) });
    // not due yet: not waiting for a worker
    await enqueueJob({ db: ctx.db, name: 'metrics.later_job', runAt: new Date(Date.now() + 3_600_000) });
    const { samples } = await scrape();
    expect(sampleValue(samples, 'coinlane_jobs_queued', { name: 'metrics.test_job' })).toBe(2);
    expect(sampleValue(samples, 'coinlane_jobs_queued', { name: 'metrics.old_job' })).toBe(1);
    expect(
      samples.some((s) => s.name === 'coinlane_jobs_queued' && s.labels.name === 'metrics.later_job'),
    ).toBe(false);
    expect(sampleValue(samples, 'coinlane_jobs_oldest_due_age_seconds')).toBeGreaterThanOrEqual(120);
    expect(sampleValue(samples, 'coinlane_operations_figures_up')).toBe(1);

    const jobs = check(await healthMonitor(), 'jobs');
    const queued = samples.filter((s) => s.name === 'coinlane_jobs_queued').reduce((n, s) => n + s.value, 0);
    expect(jobs.details.due).toBe(queued);
    expect(jobs.status).toBe('unhealthy'); // the old job has waited more than 60 s
    expect(jobs.details.oldestDueAgeSeconds).toBeGreaterThanOrEqual(120);
    expect(
      Math.abs(
        Number(jobs.details.oldestDueAgeSeconds) -
          sampleValue(samples, 'coinlane_jobs_oldest_due_age_seconds'),
      ),
    ).toBeLessThan(30);
    await ctx.db.deleteFrom('jobs').where('name', 'like', 'metrics.%').execute();
    const after = (await scrape()).samples;
    expect(sampleValue(after, 'coinlane_jobs_queued', { name: 'metrics.test_job' })).toBe(0);
  });

  it('shows each watched network’s lag and whether this process leads it, as the Health Monitor does', async () => {
    await ctx.db
      .insertInto('chain_cursors')
      .values({ network: 'litecoin', height: 100, hash: 'h100', node_tip: 104, status_at: new Date() })
      .onConflict((oc) =>
        oc
          .column('network')
          .doUpdateSet({ height: 100, node_tip: 104, last_error: null, status_at: new Date() }),
      )
      .execute();
    // Another process leads litecoin: this one reads the lag its leader stored, and stands by.
    let { samples } = await scrape();
    expect(sampleValue(samples, 'coinlane_watcher_lag_blocks', { network: 'litecoin' })).toBe(4);
    expect(sampleValue(samples, 'coinlane_watcher_leader', { network: 'litecoin' })).toBe(0);
    let watcher = check(await healthMonitor(), 'watcher:litecoin');
    expect(watcher.details).toMatchObject({ lag: 4, leaderHere: false });

    // This process's watcher takes the lead (a stand-in reporting the status the generic watcher reports).
    const status: WatcherStatus = {
      network: 'litecoin',
      mode: 'regtest',
      running: true,
      leader: true,
      nodeTip: 110,
      processedHeight: 109,
      lag: 1,
      lastError: null,
      lastErrorAt: null,
      lastBlockTime: null,
      watchedAddresses: 0,
      mempoolTransactions: 0,
    };
    const standIn: ChainWatcher = {
      start() {},
      stop: async () => {},
      tick: async () => {},
      status: () => status,
    };
    const unregister = registerLocalWatcher(standIn);
    closing.push(async () => unregister());
    ({ samples } = await scrape());
    expect(sampleValue(samples, 'coinlane_watcher_lag_blocks', { network: 'litecoin' })).toBe(1);
    expect(sampleValue(samples, 'coinlane_watcher_leader', { network: 'litecoin' })).toBe(1);
    watcher = check(await healthMonitor(), 'watcher:litecoin');
    expect(watcher.details).toMatchObject({ lag: 1, leaderHere: true });
    unregister();
  });

  it('times each webhook attempt and counts it delivered, failed or dead, as the Health Monitor shows', async () => {
    // 200, then 400 (final: dead), then 503 (retried later: failed)
    const answers = [200, 400, 503];
    const receiver = await startWebhookReceiver((_r, i) => ({ status: answers[i] ?? 503, body: 'x' }));
    closing.push(() => receiver.close());
    const cfg = await api('PUT', '/webhooks/config', { url: receiver.url, events: ['payment.created'] });
    expect(cfg.status).toBe(200);
    const before = parseMetrics((await scrape()).text);
    const role = startWebhooksRole(ctx, 50);
    closing.push(() => role.stop());
    const payments: string[] = [];
    for (let i = 0; i < 3; i++) {
      const p = await api('POST', '/payments', { amount: '0.01', currency: 'BTC' });
      expect(p.status).toBe(201);
      payments.push(p.json.data.id);
    }
    const delta = (samples: Sample[], name: string, labels: Record<string, string>) =>
      sampleValue(samples, name, labels) - sampleValue(before, name, labels);
    const { text, samples } = await waitFor('three attempts counted', async () => {
      const s = await scrape();
      const n = ['delivered', 'failed', 'dead'].reduce(
        (sum, outcome) => sum + delta(s.samples, 'coinlane_webhook_deliveries_total', { outcome }),
        0,
      );
      return n >= 3 && s;
    });
    expect(receiver.received.length).toBe(3);
    for (const outcome of ['delivered', 'failed', 'dead']) {
      expect(delta(samples, 'coinlane_webhook_deliveries_total', { outcome })).toBe(1);
      expect(delta(samples, 'coinlane_webhook_delivery_seconds_count', { outcome })).toBe(1);
    }
    expect(delta(samples, 'coinlane_webhook_delivery_seconds_sum', { outcome: 'delivered' })).toBeGreaterThan(
      0,
    );
    // the one retrying is owed (and the deliveries queued behind it, in order)
    expect(sampleValue(samples, 'coinlane_webhook_deliveries_owed')).toBeGreaterThanOrEqual(1);
    await role.stop();
    // Compared once nothing moves: while the role ran, the dispatcher could still queue a delivery between a scrape
    // and the Health Monitor's read (CI saw owed 2, then 3).
    const owed = sampleValue((await scrape()).samples, 'coinlane_webhook_deliveries_owed');
    expect(owed).toBeGreaterThanOrEqual(1);

    const webhooks = check(await healthMonitor(), 'webhooks');
    const totals = (s: Sample[], outcome: string) =>
      sampleValue(s, 'coinlane_webhook_deliveries_total', { outcome });
    expect(webhooks.details).toMatchObject({
      owed,
      deliveredHere: totals(samples, 'delivered'),
      failedHere: totals(samples, 'failed'),
      deadHere: totals(samples, 'dead'),
    });

    // No label names a merchant, a payment, an address, an e-mail, a key or a URL.
    for (const secret of [
      merchant.id,
      merchant.email,
      apiKey,
      receiver.url,
      `${receiver.port}`,
      ...payments,
    ]) {
      expect(text).not.toContain(secret);
    }
    const allowed: Record<string, RegExp> = {
      route: /^(\/api\/v1\/[\w/:.-]*|\/ws|\(unmatched\)|\(static\))$/,
      method: /^(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|OTHER)$/,
      status: /^[1-5]\d\d$/,
      mode: /^(test|live)$/,
      source: /^(api|link|subscription)$/,
      outcome: /^(delivered|failed|dead)$/,
      network: /^[a-z_]+$/,
      name: /^[a-z_.-]+$/,
      le: /^[\d.e+-]+|\+Inf$/,
    };
    for (const s of samples.filter((x) => x.name.startsWith('coinlane_'))) {
      for (const [label, value] of Object.entries(s.labels)) {
        expect(allowed[label], `label ${label} of ${s.name}`).toBeDefined();
        expect(value, `${s.name}{${label}}`).toMatch(allowed[label]!);
      }
    }
  });
});
