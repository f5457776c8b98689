import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { enqueueJob } from '#app/jobs/queue.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { getSystemHealth } from './get-system-health.ts';
import { sweepSystemHealth } from './sweep-system-health.ts';

/**
 * The Health Monitor (issue 16, admin spec 3, 8, 9; decision 018): every part checked with its timeout and the
 * spec's error texts, the overall score, the admin route, and the sweep that raises and resolves alerts. The api
 * check is pointed at local HTTP servers that answer as told (healthy, 503, never, or not at all).
 */
let ctx: TestContext;
let api: Awaited<ReturnType<typeof startWebhookReceiver>>;
const closing: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
  api = await startWebhookReceiver(() => ({ status: 200, body: '{"success":true}' }));
  closing.push(api);
});
afterAll(async () => {
  for (const c of closing) await c.close();
  await ctx.close();
});
beforeEach(async () => {
  await ctx.db.deleteFrom('jobs').execute();
  await ctx.db.deleteFrom('system_alerts').execute();
});

/** The parts that a running deployment has and a bare test database lacks: a webhook worker's run, a fresh rate. */
async function healthyBackground() {
  const id = await enqueueJob({ db: ctx.db, name: 'webhooks.dispatch' });
  await ctx.db
    .updateTable('jobs')
    .set({ state: 'completed', completed_at: new Date() })
    .where('id', '=', id!)
    .execute();
  await ctx.db
    .insertInto('exchange_rates')
    .values({
      source: 'coingecko',
      base: 'USD',
      symbol: 'BTC',
      rate: '90000',
      quote: 'symbol_per_base',
      fetched_at: new Date(),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await ctx.db
    .insertInto('chain_cursors')
    .values({ network: 'litecoin', height: 100, hash: 'h100', node_tip: 101, status_at: new Date() })
    .onConflict((oc) =>
      oc
        .column('network')
        .doUpdateSet({ height: 100, node_tip: 101, last_error: null, status_at: new Date() }),
    )
    .execute();
}

const health = (opts: { apiUrl?: string; timeoutMs?: number; mailer?: Mailer } = {}) =>
  getSystemHealth({
    db: ctx.db,
    config: ctx.config,
    mailer: opts.mailer ?? ctx.app.mailer,
    apiUrl: opts.apiUrl ?? api.url,
    timeoutMs: opts.timeoutMs,
  });

const service = (h: Awaited<ReturnType<typeof health>>, name: string) =>
  h.services.find((s) => s.name === name)!;

describe('the checks', () => {
  it('finds every part healthy in a running deployment: score 100', async () => {
    await healthyBackground();
    const h = await health();
    expect(h.services.map((s) => [s.name, s.kind, s.status])).toEqual([
      ['api', 'api', 'healthy'],
      ['watcher:litecoin', 'watcher', 'healthy'],
      ['webhooks', 'webhooks', 'healthy'],
      ['jobs', 'jobs', 'healthy'],
      ['mail', 'mail', 'healthy'],
      ['rates', 'rates', 'healthy'],
    ]);
    expect(h.database).toMatchObject({ status: 'healthy', error: null });
    expect(h.authentication).toMatchObject({ status: 'healthy', error: null });
    expect(h).toMatchObject({ overallStatus: 'healthy', overallScore: 100 });
    expect(service(h, 'watcher:litecoin').details).toMatchObject({
      network: 'litecoin',
      lag: 1,
      nodeTip: 101,
    });
    expect(service(h, 'mail').details).toEqual({ transport: 'smtp' });
    expect(api.received.at(-1)!.path).toBe('/hooks');
  });

  it('reads the spec’s error texts: HTTP {status}: {text}, Timeout after {n}ms, Network error', async () => {
    const failing = await startWebhookReceiver(() => ({ status: 503 }));
    const silent = await startWebhookReceiver(() => ({ status: 200, delayMs: 60_000 }));
    const gone = await startWebhookReceiver();
    closing.push(failing, silent);
    await gone.close();
    expect(service(await health({ apiUrl: failing.url }), 'api')).toMatchObject({
      status: 'unhealthy',
      error: 'HTTP 503: Service Unavailable',
    });
    expect(service(await health({ apiUrl: silent.url, timeoutMs: 200 }), 'api')).toMatchObject({
      status: 'unhealthy',
      error: T.healthTimeout(200),
    });
    expect(T.healthTimeout(200)).toBe('Timeout after 200ms');
    expect(service(await health({ apiUrl: gone.url }), 'api')).toMatchObject({
      status: 'unhealthy',
      error: 'Network error',
    });
  });

  it('names what is wrong with the watcher, the worker, the queue, mail and rates', async () => {
    await ctx.db.deleteFrom('exchange_rates').execute();
    await ctx.db
      .updateTable('chain_cursors')
      .set({ height: 90, node_tip: 101, status_at: new Date() })
      .where('network', '=', 'litecoin')
      .execute();
    await enqueueJob({ db: ctx.db, name: 'webhooks.deliver', runAt: new Date(Date.now() - 5 * 60_000) });
    const none: Mailer = { kind: 'none', send: async () => {} };
    const h = await health({ mailer: none });
    expect(service(h, 'watcher:litecoin')).toMatchObject({
      status: 'unhealthy',
      error: '11 blocks behind the node',
    });
    expect(service(h, 'webhooks')).toMatchObject({
      status: 'unhealthy',
      error: 'No webhook worker has run in the last 60 seconds',
    });
    expect(service(h, 'jobs').status).toBe('unhealthy');
    expect(service(h, 'jobs').error).toMatch(/^The oldest due job has waited 30\d s for a worker$/);
    expect(service(h, 'mail')).toMatchObject({
      status: 'unhealthy',
      error: 'No mail transport is configured',
    });
    expect(service(h, 'rates')).toMatchObject({
      status: 'unhealthy',
      error: 'No market rate has been fetched yet',
    });
    // 3 of 8 checks healthy (api, database, authentication): 38, unhealthy.
    expect(h.overallStatus).toBe('unhealthy');
    expect(h.overallScore).toBe(38);
  });

  it('fails the mail check when SMTP does not answer', async () => {
    const broken: Mailer = {
      kind: 'smtp',
      send: async () => {},
      verify: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    };
    await healthyBackground();
    const h = await health({ mailer: broken });
    expect(service(h, 'mail')).toMatchObject({ status: 'unhealthy', error: 'Network error' });
    // 7 of 8 healthy: 88, degraded.
    expect(h).toMatchObject({ overallStatus: 'degraded', overallScore: 88 });
  });
});

describe('GET /admin/health', () => {
  it('answers any administrator (the dashboard has no named permission), not a merchant', async () => {
    for (const role of ['super_admin', 'support_admin', 'finance_admin', 'compliance_admin'] as const) {
      const admin = await createUser({ db: ctx.db, adminRole: role });
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/admin/health',
        headers: { cookie: await signIn({ app: ctx.app, userId: admin.id }) },
      });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      const data = res.json().data;
      expect(data.services.map((s: { name: string }) => s.name)).toContain('api');
      expect(data.database.status).toBe('healthy');
      expect(typeof data.overallScore).toBe('number');
    }
    const merchant = await createUser({ db: ctx.db });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/health',
      headers: { cookie: await signIn({ app: ctx.app, userId: merchant.id }) },
    });
    expect(res.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/health' })).statusCode).toBe(401);
  });
});

describe('the health sweep', () => {
  const active = () =>
    ctx.db
      .selectFrom('system_alerts')
      .select(['kind', 'dedupe_key', 'level'])
      .where('status', '=', 'active')
      .orderBy('dedupe_key')
      .execute();

  it('raises one alert per unhealthy part and resolves it once the part is healthy again', async () => {
    await healthyBackground();
    const failing = await startWebhookReceiver(() => ({ status: 500 }));
    closing.push(failing);
    await sweepSystemHealth({ db: ctx.db, config: ctx.config, mailer: ctx.app.mailer, apiUrl: failing.url });
    await sweepSystemHealth({ db: ctx.db, config: ctx.config, mailer: ctx.app.mailer, apiUrl: failing.url });
    expect(await active()).toEqual([{ kind: 'service_unhealthy', dedupe_key: 'api', level: 'critical' }]);
    await sweepSystemHealth({ db: ctx.db, config: ctx.config, mailer: ctx.app.mailer, apiUrl: api.url });
    expect(await active()).toEqual([]);
    const resolved = await ctx.db
      .selectFrom('audit_log')
      .select(['actor_type', 'action'])
      .where('action', '=', 'system_alert.resolved')
      .execute();
    expect(resolved).toEqual([{ actor_type: 'system', action: 'system_alert.resolved' }]);
  });

  it('raises webhook_failure_rate when 25% or more of 20+ attempts of the last hour failed', async () => {
    await healthyBackground();
    const user = await createUser({ db: ctx.db });
    await ctx.db
      .insertInto('webhook_endpoints')
      .values({
        id: 'whk_rate',
        user_id: user.id,
        mode: 'test',
        url: 'https://example.com/h',
        events: '[]',
        secret_sealed: 'x',
      })
      .execute();
    await ctx.db
      .insertInto('webhook_deliveries')
      .values({
        id: 'whd_rate',
        endpoint_id: 'whk_rate',
        user_id: user.id,
        mode: 'test',
        event_id: 'evt_rate',
        event_type: 'payment.created',
        event_created_at: new Date(),
        body: '{}',
        state: 'delivered',
      })
      .execute();
    const attempts = (ok: number, failed: number, start: number) =>
      ctx.db
        .insertInto('webhook_attempts')
        .values(
          Array.from({ length: ok + failed }, (_, i) => ({
            id: `wha_rate_${start + i}`,
            delivery_id: 'whd_rate',
            attempt_number: start + i,
            url: 'https://example.com/h',
            status_code: i < ok ? 200 : 500,
            duration_ms: 5,
          })),
        )
        .execute();
    await attempts(16, 4, 1); // 20% of 20: below
    await sweepSystemHealth({ db: ctx.db, config: ctx.config, mailer: ctx.app.mailer, apiUrl: api.url });
    expect(await active()).toEqual([]);
    await attempts(0, 2, 21); // 6 of 22 = 27%
    await sweepSystemHealth({ db: ctx.db, config: ctx.config, mailer: ctx.app.mailer, apiUrl: api.url });
    expect(await active()).toEqual([{ kind: 'webhook_failure_rate', dedupe_key: 'all', level: 'warning' }]);
    const [alert] = await ctx.db.selectFrom('system_alerts').select('title').execute();
    expect(alert!.title).toBe('Webhook failure rate 27%');
  });
});
