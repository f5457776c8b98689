import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { claimJob } from '#app/jobs/queue.ts';
import { SYSTEM_ACTOR } from '#app/modules/payments/actor.ts';
import { runPaymentLifecycle } from '#app/modules/payments/payment-lifecycle.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { SYSTEM_ALERT_KINDS } from './alert-kinds.ts';
import { deliverSystemAlertJob } from './deliver-system-alert.job.ts';
import { DELIVER_SYSTEM_ALERT_JOB, raiseSystemAlert } from './raise-system-alert.ts';

/**
 * System Alerts (issue 16, admin spec 2, 3, 7, 9; decision 018): raised once per condition, listed (10 newest
 * active), resolved and audited; sent by e-mail (the test's real SMTP server), to Slack and to Discord (here two
 * local HTTP servers standing in for Slack's incoming webhook and Discord's webhook: fakes of services outside this
 * machine); raised by the payment lifecycle for large and failed live payments.
 */
let ctx: TestContext;
let cookie: string;
let adminEmail: string;

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true });
  const admin = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  adminEmail = admin.email;
  cookie = await signIn({ app: ctx.app, userId: admin.id });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('system_alerts').execute();
  await ctx.db.deleteFrom('jobs').execute();
  await setSystemSetting({ db: ctx.db, key: 'email_notifications', value: false, updatedBy: null });
  await setSystemSetting({ db: ctx.db, key: 'slack_webhook', value: '', updatedBy: null });
  await setSystemSetting({ db: ctx.db, key: 'discord_webhook', value: '', updatedBy: null });
});

const call = (method: 'GET' | 'POST', url: string) => ctx.app.inject({ method, url, headers: { cookie } });

const raise = (key: string, kind: string = SYSTEM_ALERT_KINDS.serviceUnhealthy, now?: Date) =>
  raiseSystemAlert({
    db: ctx.db,
    kind,
    key,
    level: 'error',
    title: `Service unhealthy: ${key}`,
    description: `The health check of ${key} failed.`,
    ...(now ? { now } : {}),
  });

/** Runs every queued alert delivery job once, as the worker would; returns each job's error (null: done). */
async function runDeliveries(): Promise<Array<string | null>> {
  const out: Array<string | null> = [];
  for (;;) {
    const job = await claimJob({
      db: ctx.db,
      workerId: 'test',
      names: [DELIVER_SYSTEM_ALERT_JOB],
      leaseMs: 30_000,
    });
    if (!job) return out;
    try {
      await deliverSystemAlertJob.handler(deliverSystemAlertJob.payload.parse(job.payload), {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        job: { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.max_attempts },
      });
      out.push(null);
    } catch (err) {
      out.push(err instanceof Error ? err.message : String(err));
    }
    await ctx.db.deleteFrom('jobs').where('id', '=', job.id).execute();
  }
}

describe('raising, listing and resolving', () => {
  it('raises one active alert per condition, lists the 10 newest, and resolves it (audited)', async () => {
    const first = await raise('mail');
    expect(first).toMatchObject({ kind: 'service_unhealthy', status: 'active', level: 'error' });
    expect(await raise('mail')).toBeNull(); // the same condition again: still the one alert
    // Each a millisecond apart at least: PGlite's clock counts milliseconds, and alerts raised within one are
    // equally new (the list then orders them by id).
    const start = Date.now() + 1000;
    for (let i = 0; i < 11; i++)
      await raise(`watcher:${i}`, SYSTEM_ALERT_KINDS.serviceUnhealthy, new Date(start + i * 10));
    const listed = (await call('GET', '/api/v1/admin/alerts')).json().data;
    expect(listed.activeCount).toBe(12);
    expect(listed.items).toHaveLength(10);
    expect(listed.items[0].title).toBe('Service unhealthy: watcher:10');
    expect(listed.items.some((a: { id: string }) => a.id === first!.id)).toBe(false);

    const res = await call('POST', `/api/v1/admin/alerts/${first!.id}/resolve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: first!.id, status: 'resolved' });
    expect(res.json().data.resolvedAt).not.toBeNull();
    const audit = await ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'system_alert.resolved')
      .where('entity_id', '=', first!.id)
      .executeTakeFirstOrThrow();
    expect(audit.actor_type).toBe('admin');
    expect(audit.before).toMatchObject({ status: 'active' });

    // Resolved: the condition may raise a new alert.
    const again = await raise('mail');
    expect(again).not.toBeNull();
    expect(again!.id).not.toBe(first!.id);
  });

  it('refuses to resolve twice (409) or an unknown alert (404), with their messages', async () => {
    const a = await raise('rates');
    await call('POST', `/api/v1/admin/alerts/${a!.id}/resolve`);
    const twice = await call('POST', `/api/v1/admin/alerts/${a!.id}/resolve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(T.systemAlertAlreadyResolved);
    const missing = await call('POST', '/api/v1/admin/alerts/alr_nope/resolve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(T.systemAlertNotFound);
  });

  it('reads with support.read, resolves with support.write', async () => {
    const a = await raise('jobs');
    const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
    const fc = await signIn({ app: ctx.app, userId: finance.id });
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/alerts', headers: { cookie: fc } }))
        .statusCode,
    ).toBe(403);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/alerts/${a!.id}/resolve`,
      headers: { cookie: fc },
    });
    expect(res.statusCode).toBe(403);
  });

  it('raises a governed kind only while its notify_* setting is on', async () => {
    await setSystemSetting({
      db: ctx.db,
      key: 'notify_high_risk_transactions',
      value: false,
      updatedBy: null,
    });
    try {
      expect(await raise('pay_1', SYSTEM_ALERT_KINDS.highRiskTransaction)).toBeNull();
      expect(await raise('pay_1', SYSTEM_ALERT_KINDS.sanctionsHit)).not.toBeNull();
    } finally {
      await setSystemSetting({
        db: ctx.db,
        key: 'notify_high_risk_transactions',
        value: true,
        updatedBy: null,
      });
    }
    expect(await raise('pay_1', SYSTEM_ALERT_KINDS.highRiskTransaction)).not.toBeNull();
  });
});

describe('delivery', () => {
  it('posts { text } to the Slack webhook and { content } to the Discord webhook', async () => {
    const fakeSlack = await startWebhookReceiver(() => ({ status: 200, body: 'ok' }));
    const fakeDiscord = await startWebhookReceiver(() => ({ status: 204 }));
    try {
      await setSystemSetting({ db: ctx.db, key: 'slack_webhook', value: fakeSlack.url, updatedBy: null });
      await setSystemSetting({ db: ctx.db, key: 'discord_webhook', value: fakeDiscord.url, updatedBy: null });
      await raise('api');
      expect(await runDeliveries()).toEqual([null, null]);
      expect(fakeSlack.received).toHaveLength(1);
      expect(fakeSlack.received[0]!.headers['content-type']).toBe('application/json');
      const slack = JSON.parse(fakeSlack.received[0]!.body);
      expect(Object.keys(slack)).toEqual(['text']);
      expect(slack.text).toContain('Service unhealthy: api');
      expect(slack.text).toContain('/admin/support');
      const discord = JSON.parse(fakeDiscord.received[0]!.body);
      expect(Object.keys(discord)).toEqual(['content']);
      expect(discord.content).toContain('Service unhealthy: api');
    } finally {
      await fakeSlack.close();
      await fakeDiscord.close();
    }
  });

  it('fails the job (retried by the queue) when Slack answers an error', async () => {
    const fakeSlack = await startWebhookReceiver(() => ({ status: 500, body: 'invalid_payload' }));
    try {
      await setSystemSetting({ db: ctx.db, key: 'slack_webhook', value: fakeSlack.url, updatedBy: null });
      await raise('api');
      expect(await runDeliveries()).toEqual(['slack webhook: HTTP 500']);
    } finally {
      await fakeSlack.close();
    }
  });

  it('refuses a private address without ALLOW_PRIVATE_WEBHOOKS: nothing is posted', async () => {
    const fakeDiscord = await startWebhookReceiver();
    ctx.config.allowPrivateWebhooks = false;
    try {
      await setSystemSetting({ db: ctx.db, key: 'discord_webhook', value: fakeDiscord.url, updatedBy: null });
      await raise('api');
      const [error] = await runDeliveries();
      expect(error).toBe(T.webhookUrlPrivateDev);
      expect(fakeDiscord.received).toHaveLength(0);
    } finally {
      ctx.config.allowPrivateWebhooks = true;
      await fakeDiscord.close();
    }
  });

  it('mails the support e-mail and the administrators with support.read when e-mail notifications are on', async () => {
    await setSystemSetting({ db: ctx.db, key: 'email_notifications', value: true, updatedBy: null });
    await setSystemSetting({ db: ctx.db, key: 'support_email', value: 'ops@coinlane.test', updatedBy: null });
    const before = ctx.smtp.mails.length;
    await raise('mail');
    expect(await runDeliveries()).toEqual([null]);
    const mail = await ctx.smtp.waitForMail('ops@coinlane.test', {
      subject: /Service unhealthy: mail/,
      after: before,
    });
    const to = (Array.isArray(mail.parsed.to) ? mail.parsed.to : [mail.parsed.to]).flatMap((a) =>
      (a?.value ?? []).map((v) => v.address),
    );
    expect(to).toContain('ops@coinlane.test');
    expect(to).toContain(adminEmail);
    expect(mail.text).toContain('The health check of mail failed.');
  });

  it('queues nothing when no channel is on', async () => {
    await raise('api');
    expect(await runDeliveries()).toEqual([]);
  });
});

describe('payment alerts (lifecycle handlers registered in server-payments.ts)', () => {
  /** A payment of a new merchant, made live and given amounts, as the lifecycle handlers will see it. */
  async function livePayment(usd: string, confirmed: string) {
    const m = await createMerchant(ctx);
    const res = await m.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.1', currency: 'BTC' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const row = await ctx.db
      .updateTable('payments')
      .set({
        mode: 'live',
        amount: '10000000',
        amount_received: confirmed,
        amount_confirmed: confirmed,
        usd_amount: usd,
      })
      .where('id', '=', res.json().data.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, flushed_at: null, flush_tx: null, return_url: null };
  }
  const run = (
    event: 'payment.confirmed' | 'payment.expired',
    payment: Awaited<ReturnType<typeof livePayment>>,
  ) =>
    runPaymentLifecycle(ctx.server.payments.lifecycle, [event], {
      db: ctx.db,
      payment,
      actor: SYSTEM_ACTOR,
      now: new Date(),
    });
  const alerts = () => ctx.db.selectFrom('system_alerts').selectAll().orderBy('created_at').execute();

  it('raises large_transaction for a live payment confirmed at or above the threshold, not below', async () => {
    await setSystemSetting({ db: ctx.db, key: 'large_transaction_threshold', value: 10000, updatedBy: null });
    const below = await livePayment('9999.99', '10000000');
    await run('payment.confirmed', below);
    expect(await alerts()).toEqual([]);
    const at = await livePayment('10000.00', '10000000');
    await run('payment.confirmed', at);
    const [a] = await alerts();
    expect(a).toMatchObject({ kind: 'large_transaction', dedupe_key: at.id, level: 'warning' });
    expect(a!.title).toBe('Large transaction: 10000.00 USD');
    // Overpaid: the confirmed money counts (half the amount due is worth 5,000 of 10,000 USD: below).
    const half = await livePayment('10000.00', '5000000');
    await run('payment.confirmed', half);
    expect(await alerts()).toHaveLength(1);
  });

  it('raises nothing for a test payment, nor while notify_large_transactions is off', async () => {
    const p = await livePayment('50000.00', '10000000');
    await run('payment.confirmed', { ...p, mode: 'test' });
    await setSystemSetting({ db: ctx.db, key: 'notify_large_transactions', value: false, updatedBy: null });
    try {
      await run('payment.confirmed', p);
      expect(await alerts()).toEqual([]);
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'notify_large_transactions', value: true, updatedBy: null });
    }
  });

  it('raises failed_transaction for an expired live payment (notify_failed_transactions)', async () => {
    const p = await livePayment('100.00', '0');
    await run('payment.expired', p);
    const [a] = await alerts();
    expect(a).toMatchObject({ kind: 'failed_transaction', dedupe_key: p.id, level: 'warning' });
    expect(a!.title).toBe(`Transaction expired: ${p.id}`);
    await setSystemSetting({ db: ctx.db, key: 'notify_failed_transactions', value: false, updatedBy: null });
    try {
      await run('payment.expired', await livePayment('100.00', '0'));
      expect(await alerts()).toHaveLength(1);
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'notify_failed_transactions', value: true, updatedBy: null });
    }
  });
});
