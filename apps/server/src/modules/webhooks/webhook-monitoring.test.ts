import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { deliverNextWebhook } from './deliver-next-webhook.ts';
import { dispatchWebhookEvents } from './dispatch-webhook-events.ts';
import { webhookDisabledMailJob } from './webhook-disabled-mail.job.ts';

/**
 * Webhook Monitoring (issue 16, admin spec 2, 3, 4, 7): the latest deliveries across merchants, Retry and Disable,
 * and the merchant's side of Disable (e-mail, settings, turning it back on). Real HTTP receivers on 127.0.0.1
 * (ALLOW_PRIVATE_WEBHOOKS on); deliveries are made by calling the delivery step directly, one attempt at a time.
 */
let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let support: (opts: Parameters<Merchant['call']>[0]) => ReturnType<Merchant['call']>;
let supportId: string;

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true, webhookRetryBaseMs: 60_000 });
  receiver = await startWebhookReceiver();
  const admin = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  supportId = admin.id;
  const cookie = await signIn({ app: ctx.app, userId: admin.id });
  support = (o) => ctx.app.inject({ ...o, headers: { cookie, ...(o.headers ?? {}) } });
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

type Row = {
  id: string;
  eventId: string;
  eventType: string;
  mode: string;
  merchantId: string;
  merchantLabel: string;
  endpointId: string;
  url: string;
  endpointDisabledAt: string | null;
  status: string;
  retrying: boolean;
  responseCode: number | null;
  attempts: number;
};

async function list(): Promise<{ items: Row[]; failedCount: number }> {
  const res = await support({ method: 'GET', url: '/api/v1/admin/webhooks' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A merchant with an endpoint at `url` and one payment whose payment.created delivery exists. */
async function merchantWithDelivery(
  opts: { name?: string; business?: string; mode?: 'test' | 'live'; url?: string } = {},
) {
  const m = await createMerchant(ctx, { name: opts.name ?? 'Shop Owner' });
  if (opts.business !== undefined || opts.name === '') {
    await ctx.db
      .updateTable('user_profiles')
      .set({
        business_name: opts.business ?? null,
        name: opts.name === '' ? null : (opts.name ?? 'Shop Owner'),
      })
      .where('id', '=', m.id)
      .execute();
  }
  const cfg = await m.call({
    method: 'PUT',
    url: '/api/v1/webhooks/config',
    payload: { url: opts.url ?? receiver.url, events: ['payment.created'] },
  });
  expect(cfg.statusCode, cfg.body).toBe(200);
  const pay = await m.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount: '0.1', currency: 'BTC' },
  });
  expect(pay.statusCode, pay.body).toBe(201);
  await dispatchWebhookEvents({ db: ctx.db });
  const delivery = await ctx.db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('user_id', '=', m.id)
    .executeTakeFirstOrThrow();
  return { m, delivery };
}

describe('GET /admin/webhooks', () => {
  it('lists deliveries newest first with the merchant label rule, the mode, the status and the attempts', async () => {
    const biz = await merchantWithDelivery({ business: 'Acme Coffee' });
    const named = await merchantWithDelivery({ name: 'Jane Seller' });
    const nameless = await merchantWithDelivery({ name: '' });
    await deliverNextWebhook({ db: ctx.db, config: ctx.config, endpointId: biz.delivery.endpoint_id });

    const { items } = await list();
    const ids = items.map((i) => i.id);
    expect(ids.indexOf(nameless.delivery.id)).toBeLessThan(ids.indexOf(named.delivery.id));
    expect(ids.indexOf(named.delivery.id)).toBeLessThan(ids.indexOf(biz.delivery.id));
    const row = (id: string) => items.find((i) => i.id === id)!;
    expect(row(biz.delivery.id)).toMatchObject({
      merchantLabel: 'Acme Coffee',
      eventType: 'payment.created',
      mode: 'test',
      url: receiver.url,
      status: 'success',
      retrying: false,
      responseCode: 200,
      attempts: 1,
      endpointDisabledAt: null,
    });
    expect(row(named.delivery.id)).toMatchObject({
      merchantLabel: 'Jane Seller',
      status: 'pending',
      attempts: 0,
    });
    expect(row(nameless.delivery.id).merchantLabel).toBe(T.unknownMerchant);
  });

  it('shows a failed attempt with a retry planned as pending and retrying, a final failure as failed, and counts failures', async () => {
    const failing = await startWebhookReceiver(() => ({ status: 503, body: 'down' }));
    const gone = await startWebhookReceiver(() => ({ status: 410, body: 'gone' }));
    try {
      const a = await merchantWithDelivery({ url: failing.url });
      const b = await merchantWithDelivery({ url: gone.url });
      await deliverNextWebhook({ db: ctx.db, config: ctx.config, endpointId: a.delivery.endpoint_id });
      await deliverNextWebhook({ db: ctx.db, config: ctx.config, endpointId: b.delivery.endpoint_id });
      const { items, failedCount } = await list();
      expect(items.find((i) => i.id === a.delivery.id)).toMatchObject({
        status: 'pending',
        retrying: true,
        responseCode: 503,
        attempts: 1,
      });
      expect(items.find((i) => i.id === b.delivery.id)).toMatchObject({
        status: 'failed',
        retrying: false,
        responseCode: 410,
      });
      expect(failedCount).toBe(items.filter((i) => i.status === 'failed').length);
      expect(failedCount).toBeGreaterThanOrEqual(1);
    } finally {
      await failing.close();
      await gone.close();
    }
  });

  it('shows live deliveries with their mode beside test ones', async () => {
    const m = await createMerchant(ctx, { mode: 'live' });
    const cfg = await m.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['payment.created'] },
    });
    expect(cfg.statusCode).toBe(200);
    const endpoint = await ctx.db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('webhook_deliveries')
      .values({
        id: 'whd_live_monitoring',
        endpoint_id: endpoint.id,
        user_id: m.id,
        mode: 'live',
        event_id: 'evt_live_monitoring',
        event_type: 'payment.confirmed',
        event_created_at: new Date(),
        body: '{}',
      })
      .execute();
    const { items } = await list();
    expect(items.find((i) => i.id === 'whd_live_monitoring')).toMatchObject({
      mode: 'live',
      status: 'pending',
    });
  });
});

describe('POST /admin/webhooks/{id}/retry', () => {
  it('re-sends the delivery now, marked as a manual redelivery, and audits it', async () => {
    const flaky = await startWebhookReceiver((_r, i) => (i === 0 ? { status: 500 } : { status: 200 }));
    try {
      const { delivery } = await merchantWithDelivery({ url: flaky.url });
      await deliverNextWebhook({ db: ctx.db, config: ctx.config, endpointId: delivery.endpoint_id });
      const res = await support({ method: 'POST', url: `/api/v1/admin/webhooks/${delivery.id}/retry` });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.attempt).toMatchObject({ attemptNumber: 2, statusCode: 200, ok: true, error: null });
      expect(data.delivery).toMatchObject({
        id: delivery.id,
        status: 'success',
        attempts: 2,
        responseCode: 200,
      });
      expect(flaky.received).toHaveLength(2);
      expect(flaky.received[1]!.body).toBe(flaky.received[0]!.body);
      const attempts = await ctx.db
        .selectFrom('webhook_attempts')
        .select(['attempt_number', 'is_resend'])
        .where('delivery_id', '=', delivery.id)
        .orderBy('attempt_number')
        .execute();
      expect(attempts).toEqual([
        { attempt_number: 1, is_resend: false },
        { attempt_number: 2, is_resend: true },
      ]);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'webhook.delivery_retried')
        .where('entity_id', '=', delivery.id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_id: supportId, actor_type: 'admin', mode: 'test' });
      expect(audit.after).toMatchObject({ ok: true, statusCode: 200 });
    } finally {
      await flaky.close();
    }
  });

  it('answers 404 with its message for a delivery that does not exist', async () => {
    const res = await support({ method: 'POST', url: '/api/v1/admin/webhooks/whd_nope/retry' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'NOT_FOUND', message: T.webhookDeliveryNotFound });
  });
});

describe('POST /admin/webhooks/{id}/disable and the merchant turning it back on', () => {
  it('turns the endpoint off: nothing is sent, the merchant is mailed and sees it, and turns it back on', async () => {
    const own = await startWebhookReceiver();
    try {
      const { m, delivery } = await merchantWithDelivery({ url: own.url });
      const email = (
        await ctx.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()
      ).email;
      const res = await support({
        method: 'POST',
        url: `/api/v1/admin/webhooks/${delivery.id}/disable`,
        payload: { reason: 'Answers 500 to everything since Monday' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        endpointId: delivery.endpoint_id,
        merchantId: m.id,
        mode: 'test',
        url: own.url,
        reason: 'Answers 500 to everything since Monday',
      });

      // Audited, and the merchant's mail is queued in the same transaction; the job sends it.
      const audit = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'webhook.endpoint_disabled')
        .where('entity_id', '=', delivery.endpoint_id)
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ actor_id: supportId, actor_type: 'admin' });
      const job = await ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('name', '=', webhookDisabledMailJob.name)
        .executeTakeFirstOrThrow();
      const before = ctx.smtp.mails.length;
      await webhookDisabledMailJob.handler(webhookDisabledMailJob.payload.parse(job.payload), {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        job: { id: job.id, name: job.name, attempts: 1, maxAttempts: 8 },
      });
      const mail = await ctx.smtp.waitForMail(email, {
        subject: /webhook endpoint was turned off/,
        after: before,
      });
      expect(mail.text).toContain(own.url);
      expect(mail.text).toContain('Answers 500 to everything since Monday');
      expect(mail.text).toContain(`${ctx.config.appUrl}/settings`);

      // Nothing is sent while off; the delivery waits.
      const outcome = await deliverNextWebhook({
        db: ctx.db,
        config: ctx.config,
        endpointId: delivery.endpoint_id,
      });
      expect(outcome.kind).toBe('paused');
      expect(own.received).toHaveLength(0);
      const listed = (await list()).items.find((i) => i.id === delivery.id)!;
      expect(listed.endpointDisabledAt).not.toBeNull();
      expect(listed.status).toBe('pending');

      // Retry is refused while the endpoint is off; Disable again says it is already off.
      const retry = await support({ method: 'POST', url: `/api/v1/admin/webhooks/${delivery.id}/retry` });
      expect(retry.statusCode).toBe(409);
      expect(retry.json().error.message).toBe(T.webhookEndpointDisabled);
      const again = await support({
        method: 'POST',
        url: `/api/v1/admin/webhooks/${delivery.id}/disable`,
        payload: {},
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(T.webhookEndpointAlreadyDisabled);

      // The merchant sees it in its settings and turns it back on; the delivery goes out.
      const cfg = (await m.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data;
      expect(cfg.disabled).toMatchObject({ reason: 'Answers 500 to everything since Monday' });
      const enabled = await m.call({ method: 'POST', url: '/api/v1/webhooks/config/enable' });
      expect(enabled.statusCode, enabled.body).toBe(200);
      expect(enabled.json().data.disabled).toBeNull();
      const twice = await m.call({ method: 'POST', url: '/api/v1/webhooks/config/enable' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(T.webhookEndpointNotDisabled);
      expect(
        await ctx.db
          .selectFrom('audit_log')
          .select('actor_id')
          .where('action', '=', 'webhook.endpoint_enabled')
          .where('entity_id', '=', delivery.endpoint_id)
          .executeTakeFirst(),
      ).toEqual({ actor_id: m.id });
      const sent = await deliverNextWebhook({
        db: ctx.db,
        config: ctx.config,
        endpointId: delivery.endpoint_id,
      });
      expect(sent).toMatchObject({ kind: 'sent', ok: true, outcome: 'delivered' });
      expect(own.received).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('turns off only the endpoint of the delivery’s mode', async () => {
    const { m, delivery } = await merchantWithDelivery();
    const live = await m.inMode('live');
    await live.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['payment.created'] },
    });
    const res = await support({
      method: 'POST',
      url: `/api/v1/admin/webhooks/${delivery.id}/disable`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reason).toBeNull();
    expect(
      (await m.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data.disabled,
    ).not.toBeNull();
    expect(
      (await live.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data.disabled,
    ).toBeNull();
  });

  it('refuses a reason over 500 characters, an unknown field and an unknown delivery, changing nothing', async () => {
    const { delivery } = await merchantWithDelivery();
    const long = await support({
      method: 'POST',
      url: `/api/v1/admin/webhooks/${delivery.id}/disable`,
      payload: { reason: 'x'.repeat(501) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain(T.webhookDisableReasonTooLong(500));
    const extra = await support({
      method: 'POST',
      url: `/api/v1/admin/webhooks/${delivery.id}/disable`,
      payload: { reason: 'ok', force: true },
    });
    expect(extra.statusCode).toBe(400);
    const missing = await support({
      method: 'POST',
      url: '/api/v1/admin/webhooks/whd_nope/disable',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(T.webhookDeliveryNotFound);
    const endpoint = await ctx.db
      .selectFrom('webhook_endpoints')
      .select('disabled_at')
      .where('id', '=', delivery.endpoint_id)
      .executeTakeFirstOrThrow();
    expect(endpoint.disabled_at).toBeNull();
  });

  it('needs support.write to act and support.read to read', async () => {
    const { delivery } = await merchantWithDelivery();
    const finance = await createUser({ db: ctx.db, adminRole: 'finance_admin' });
    const cookie = await signIn({ app: ctx.app, userId: finance.id });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/webhooks', headers: { cookie } });
    expect(read.statusCode).toBe(403);
    const act = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/admin/webhooks/${delivery.id}/disable`,
      headers: { cookie },
      payload: {},
    });
    expect(act.statusCode).toBe(403);
    expect(act.json().error.message).toContain('support.write');
  });
});
