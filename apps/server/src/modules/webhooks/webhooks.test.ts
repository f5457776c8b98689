import { T } from '@coinlane/core/texts';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '#app/jobs/worker.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { dispatchWebhookEvents } from './dispatch-webhook-events.ts';

// Real HTTP receivers on 127.0.0.1, so private targets are allowed here (ALLOW_PRIVATE_WEBHOOKS=true), except
// in the tests of the refusal, which turn it off. Retries are 50 ms apart (x2 each) instead of a minute.
let ctx: TestContext;
let worker: JobWorker;
const receivers: Array<{ close: () => Promise<void> }> = [];

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true, webhookRetryBaseMs: 50 });
  worker = startWebhooksRole(ctx, 20);
});
afterAll(async () => {
  await worker.stop();
  for (const r of receivers) await r.close();
  await ctx.close();
});

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(get: () => Promise<T> | T, ok: (v: T) => boolean, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in time; last value: ${JSON.stringify(v)}`);
    await wait(25);
  }
}

async function receiver(...args: Parameters<typeof startWebhookReceiver>) {
  const r = await startWebhookReceiver(...args);
  receivers.push(r);
  return r;
}

async function configure(m: Merchant, url: string, events = ['payment.created', 'payment.confirmed']) {
  const res = await m.call({ method: 'PUT', url: '/api/v1/webhooks/config', payload: { url, events } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { url: string; events: string[]; secret: string; updatedAt: string };
}

async function createPayment(m: Merchant, amount = '0.1') {
  const res = await m.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'BTC' } });
  expect(res.statusCode, res.body).toBe(201);
  await dispatchWebhookEvents({ db: ctx.db }); // the worker's dispatcher runs every second; sooner here
  return res.json().data as { id: string };
}

const eventsOf = async (m: Merchant, query = '') =>
  (await m.call({ method: 'GET', url: `/api/v1/webhooks/events${query}` })).json().data as {
    items: Array<{ id: string; type: string; deliveryState: string; attempts: number; mode: string }>;
    total: number;
    page: number;
    limit: number;
  };
const eventDetail = async (m: Merchant, id: string) =>
  (await m.call({ method: 'GET', url: `/api/v1/webhooks/events/${id}` })).json().data;

describe('webhook configuration', () => {
  it('saves the URL and events, reveals the secret to its owner, encrypts it at rest and rotates it', async () => {
    const m = await createMerchant(ctx);
    const empty = (await m.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json();
    expect(empty.data).toEqual({
      url: null,
      events: [],
      secret: null,
      previousSecretExpiresAt: null,
      updatedAt: null,
      disabled: null,
    });
    expect((await m.call({ method: 'POST', url: '/api/v1/webhooks/config/rotate-secret' })).statusCode).toBe(
      404,
    );
    expect((await m.call({ method: 'POST', url: '/api/v1/webhooks/config/test' })).statusCode).toBe(404);

    const saved = await configure(m, 'https://shop.example.com/hooks', [
      'payment.confirmed',
      'payment.created',
    ]);
    expect(saved.events).toEqual(['payment.created', 'payment.confirmed']);
    expect(saved.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const got = (await m.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data;
    expect(got).toEqual(saved);
    const row = await ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('user_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(saved.secret.slice(6));

    const again = await configure(m, 'https://shop.example.com/v2', ['payment.failed']);
    expect(again.secret).toBe(saved.secret); // saving keeps the secret

    const rotated = (await m.call({ method: 'POST', url: '/api/v1/webhooks/config/rotate-secret' })).json()
      .data;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(saved.secret);
    expect((await m.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data.secret).toBe(
      rotated.secret,
    );

    // The other mode has its own (empty) configuration.
    const live = await m.inMode('live');
    expect((await live.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data.url).toBeNull();
  });

  it('refuses bad URLs and events', async () => {
    const m = await createMerchant(ctx);
    const put = (payload: Record<string, unknown>) =>
      m.call({ method: 'PUT', url: '/api/v1/webhooks/config', payload });
    for (const url of [
      'not a url',
      'ftp://example.com/x',
      'https://user:pw@example.com/x',
      `https://e.com/${'a'.repeat(2048)}`,
    ]) {
      const res = await put({ url, events: ['payment.created'] });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await put({ url: 'https://e.com', events: ['payment.refunded'] })).statusCode).toBe(400);
    expect((await put({ url: 'https://e.com' })).statusCode).toBe(400);
  });

  it('works with an API key holding the webhook permission, and only with one', async () => {
    const m = await createMerchant(ctx);
    const key = async (permissions: string[]) =>
      (await m.call({ method: 'POST', url: '/api/v1/api-keys', payload: { name: 'k', permissions } })).json()
        .data.key as string;
    const withHook = await key(['webhook']);
    const readOnly = await key(['read']);
    const as = (k: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/v1/webhooks/config',
        headers: { authorization: `Bearer ${k}` },
      });
    expect((await as(withHook)).statusCode).toBe(200);
    expect((await as(readOnly)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/webhooks/events' })).statusCode).toBe(401);
  });
});

describe('webhook delivery', () => {
  it('POSTs signed events that verify with the secret, with the event id and the payment as the API returns it', async () => {
    const r = await receiver();
    const m = await createMerchant(ctx);
    const { secret } = await configure(m, r.url);
    const p = await createPayment(m);
    await until(
      () => r.received.length,
      (n) => n >= 1,
    );
    const got = r.received[0]!;
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Coinlane-Webhooks/1');
    expect(
      verifyWebhookSignature(got.body, got.headers['coinlane-signature'] as string, secret),
    ).toMatchObject({ ok: true });
    expect(
      verifyWebhookSignature(got.body, got.headers['coinlane-signature'] as string, 'whsec_wrong').ok,
    ).toBe(false);
    const body = JSON.parse(got.body);
    expect(Object.keys(body)).toEqual(['id', 'type', 'createdAt', 'mode', 'data']);
    expect(body).toMatchObject({ type: 'payment.created', mode: 'test' });
    expect(got.headers['coinlane-event-id']).toBe(body.id);
    const api = (await m.call({ method: 'GET', url: `/api/v1/payments/${p.id}` })).json().data;
    expect(Object.keys(body.data).sort()).toEqual(Object.keys(api).sort());
    expect(body.data).toMatchObject({
      id: p.id,
      status: 'pending',
      amount: api.amount,
      address: api.address,
    });

    const list = await until(
      () => eventsOf(m),
      (l) => l.items[0]?.deliveryState === 'delivered',
    );
    expect(list).toMatchObject({ page: 1, limit: 20, total: 1 });
    expect(list.items[0]).toMatchObject({ id: body.id, type: 'payment.created', mode: 'test', attempts: 1 });
    const detail = await eventDetail(m, body.id);
    expect(detail.payload).toEqual(body);
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({
      attemptNumber: 1,
      isResend: false,
      statusCode: 200,
      error: null,
      responseExcerpt: 'ok',
    });
  });

  it('sends only the subscribed events', async () => {
    const r = await receiver();
    const m = await createMerchant(ctx);
    await configure(m, r.url, ['payment.confirmed']);
    await createPayment(m);
    await wait(400);
    expect(r.received).toHaveLength(0);
    expect((await eventsOf(m)).total).toBe(0);
  });

  it('a late payment sends payment.paid_late once its money is confirmed, and payment.confirmed only when accepted', async () => {
    const r = await receiver();
    const m = await createMerchant(ctx);
    await configure(m, r.url, ['payment.confirmed', 'payment.paid_late']);
    const p = await createPayment(m, '0.001');
    const later = (s: number) => new Date(Date.now() + s * 1000);
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, now: later(16 * 60) });
    const sim = await m.call({ method: 'POST', url: `/api/v1/payments/${p.id}/simulate` });
    expect(sim.statusCode, sim.body).toBe(200);
    await advanceTestNetwork({ deps: ctx.server.payments, db: ctx.db, now: later(5), blockSeconds: 2 });
    await dispatchWebhookEvents({ db: ctx.db });
    const late = await until(
      () => r.events(),
      (e) => e.length === 1,
    );
    expect(late[0]).toMatchObject({
      type: 'payment.paid_late',
      data: {
        id: p.id,
        status: 'expired',
        exception: 'paid_late',
        canAccept: true,
        amountConfirmed: '0.001',
      },
    });
    const accepted = await m.call({ method: 'POST', url: `/api/v1/payments/${p.id}/accept` });
    expect(accepted.statusCode, accepted.body).toBe(200);
    await dispatchWebhookEvents({ db: ctx.db });
    const both = await until(
      () => r.events(),
      (e) => e.length === 2,
    );
    expect(both[1]).toMatchObject({
      type: 'payment.confirmed',
      data: { id: p.id, status: 'confirmed', exception: 'paid_late', canAccept: false },
    });
  });

  it('retries after a 500 and stops at the success', async () => {
    const r = await receiver((_req, i) => (i === 0 ? { status: 500, body: 'down' } : { status: 200 }));
    const m = await createMerchant(ctx);
    await configure(m, r.url);
    await createPayment(m);
    const [item] = (
      await until(
        () => eventsOf(m),
        (l) => l.items[0]?.deliveryState === 'delivered',
      )
    ).items;
    expect(item!.attempts).toBe(2);
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.headers['coinlane-event-id']).toBe(r.received[0]!.headers['coinlane-event-id']);
    const d = await eventDetail(m, item!.id);
    expect(d.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 200]);
    expect(d.attempts[0]).toMatchObject({ error: 'HTTP 500', responseExcerpt: 'down' });
    await wait(300);
    expect(r.received).toHaveLength(2);
  });

  it('never retries after a 400, nor a redirect (not followed)', async () => {
    const r = await receiver((req) =>
      req.path.includes('moved')
        ? { status: 302, headers: { location: '/hooks' } }
        : { status: 400, body: 'bad' },
    );
    const m = await createMerchant(ctx);
    await configure(m, r.url);
    await createPayment(m);
    const [item] = (
      await until(
        () => eventsOf(m),
        (l) => l.items[0]?.deliveryState === 'failed',
      )
    ).items;
    expect(item!.attempts).toBe(1);
    await configure(m, `${r.url}/moved`);
    await createPayment(m);
    const l = await until(
      () => eventsOf(m, '?state=failed'),
      (x) => x.total === 2,
    );
    expect(l.items[0]).toMatchObject({ attempts: 1, lastStatusCode: 302 });
    await wait(300);
    expect(r.received.map((x) => x.path)).toEqual(['/hooks', '/hooks/moved']);
  });

  it('gives up after webhook_retries more attempts on 503, and keeps a 1 KB excerpt of each reply', async () => {
    const r = await receiver(() => ({ status: 503, body: 'é'.repeat(3000) }));
    const m = await createMerchant(ctx);
    await configure(m, r.url);
    await createPayment(m);
    const [item] = (
      await until(
        () => eventsOf(m),
        (l) => l.items[0]?.deliveryState === 'failed',
      )
    ).items;
    expect(item).toMatchObject({ attempts: 4, lastStatusCode: 503, nextRetryAt: null });
    const d = await eventDetail(m, item!.id);
    expect(Buffer.byteLength(d.attempts[0].responseExcerpt)).toBeLessThanOrEqual(1024);
    expect(d.attempts[0].responseExcerpt.length).toBeGreaterThan(500);
    await wait(300);
    expect(r.received).toHaveLength(4);
  });

  it('keeps the order per endpoint: event N+1 waits until N is delivered', async () => {
    let failures = 2;
    const r = await receiver(() => (failures-- > 0 ? { status: 500 } : { status: 200 }));
    const m = await createMerchant(ctx);
    await configure(m, r.url);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await createPayment(m, `0.0${i + 1}`)).id);
    await until(
      () => eventsOf(m, '?state=delivered'),
      (l) => l.total === 4,
    );
    const sent = r.events().map((e) => (e.data as { id: string }).id);
    expect(sent).toEqual([ids[0], ids[0], ids[0], ids[1], ids[2], ids[3]]);
  });

  it('retries a timeout (the admin webhook_timeout)', async () => {
    await setSystemSetting({ db: ctx.db, key: 'webhook_timeout', value: 3, updatedBy: null });
    try {
      // A 3 s limit and a first reply after 5 s: with a 1 s limit, the immediate replies of the retries also timed
      // out on a loaded machine (npm test's other suites beside it), and the event failed.
      const r = await receiver((_req, i) => (i === 0 ? { status: 200, delayMs: 5000 } : { status: 200 }));
      const m = await createMerchant(ctx);
      await configure(m, r.url);
      await createPayment(m);
      const [item] = (
        await until(
          () => eventsOf(m),
          (l) => l.items[0]?.deliveryState === 'delivered',
        )
      ).items;
      const d = await eventDetail(m, item!.id);
      expect(d.attempts[0]).toMatchObject({ statusCode: null, error: 'timed out after 3000 ms' });
      expect(d.attempts[0].durationMs).toBeGreaterThanOrEqual(2990);
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'webhook_timeout', value: 30, updatedBy: null });
    }
  });

  it('resends an event as a new attempt marked as a resend', async () => {
    const r = await receiver(() => ({ status: 400 }));
    const m = await createMerchant(ctx);
    await configure(m, r.url);
    await createPayment(m);
    const [item] = (
      await until(
        () => eventsOf(m),
        (l) => l.items[0]?.deliveryState === 'failed',
      )
    ).items;
    r.setResponder(() => ({ status: 200, body: 'thanks' }));
    const res = await m.call({ method: 'POST', url: `/api/v1/webhooks/events/${item!.id}/resend` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      attemptNumber: 2,
      isResend: true,
      statusCode: 200,
      responseExcerpt: 'thanks',
      error: null,
    });
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.body).toBe(r.received[0]!.body);
    const d = await eventDetail(m, item!.id);
    expect(d).toMatchObject({ deliveryState: 'delivered', lastStatusCode: 200 });
    expect(d.attempts.map((a: { isResend: boolean }) => a.isResend)).toEqual([false, true]);
  });

  it('sends a signed test event now and returns the attempt', async () => {
    const r = await receiver();
    const m = await createMerchant(ctx);
    const { secret } = await configure(m, r.url);
    const res = await m.call({ method: 'POST', url: '/api/v1/webhooks/config/test' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ statusCode: 200, ok: true });
    expect(data.error).toBeUndefined();
    expect(typeof data.durationMs).toBe('number');
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', mode: 'test' });
    expect(verifyWebhookSignature(got.body, got.headers['coinlane-signature'] as string, secret).ok).toBe(
      true,
    );
    expect((await eventsOf(m, '?type=webhook.test')).items[0]).toMatchObject({ deliveryState: 'delivered' });

    r.setResponder(() => ({ status: 500 }));
    const failed = (await m.call({ method: 'POST', url: '/api/v1/webhooks/config/test' })).json().data;
    expect(failed).toMatchObject({ statusCode: 500, ok: false, error: 'HTTP 500' });
  });
});

describe('isolation', () => {
  it('another merchant cannot see or resend my events (404), and events are kept per mode', async () => {
    const r = await receiver();
    const me = await createMerchant(ctx);
    const other = await createMerchant(ctx);
    await configure(me, r.url);
    await createPayment(me);
    const [item] = (
      await until(
        () => eventsOf(me),
        (l) => l.items[0]?.deliveryState === 'delivered',
      )
    ).items;
    expect((await other.call({ method: 'GET', url: `/api/v1/webhooks/events/${item!.id}` })).statusCode).toBe(
      404,
    );
    expect(
      (await other.call({ method: 'POST', url: `/api/v1/webhooks/events/${item!.id}/resend` })).statusCode,
    ).toBe(404);
    expect((await eventsOf(other)).total).toBe(0);
    expect(r.received).toHaveLength(1);

    const live = await me.inMode('live');
    expect((await eventsOf(live)).total).toBe(0);
    expect((await live.call({ method: 'GET', url: `/api/v1/webhooks/events/${item!.id}` })).statusCode).toBe(
      404,
    );
    expect((await eventsOf(me)).items.every((i) => i.mode === 'test')).toBe(true);
  });

  it('filters the events log by type and state, with pages', async () => {
    const r = await receiver();
    const m = await createMerchant(ctx);
    await configure(m, r.url);
    for (let i = 0; i < 3; i++) await createPayment(m);
    await until(
      () => eventsOf(m, '?state=delivered'),
      (l) => l.total === 3,
    );
    const page = await eventsOf(m, '?limit=2&page=2&type=payment.created');
    expect(page).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(page.items).toHaveLength(1);
    expect((await eventsOf(m, '?type=payment.confirmed')).total).toBe(0);
    expect((await eventsOf(m, '?state=failed')).total).toBe(0);
    expect((await m.call({ method: 'GET', url: '/api/v1/webhooks/events?state=lost' })).statusCode).toBe(400);
  });

  it('lists the latest deliveries across merchants for an admin with support.read only', async () => {
    const r = await receiver();
    const m = await createMerchant(ctx, { name: 'Acme Shop' });
    await configure(m, r.url);
    await createPayment(m);
    // Delivered: the receiver has it and the delivery's outcome is recorded (after the receiver's reply).
    await until(
      () => eventsOf(m, '?state=delivered'),
      (l) => l.total === 1,
    );
    expect(r.received).toHaveLength(1);
    const admin = await createMerchant(ctx, { isAdmin: true });
    const res = await admin.call({ method: 'GET', url: '/api/v1/admin/webhooks' });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json().data.items.find((i: { merchantId: string }) => i.merchantId === m.id);
    expect(mine).toMatchObject({ eventType: 'payment.created', url: r.url, mode: 'test', status: 'success' });
    expect(mine.merchantLabel).toBeTruthy();
    expect((await m.call({ method: 'GET', url: '/api/v1/admin/webhooks' })).statusCode).toBe(403);
  });
});

describe('private targets', () => {
  const refusing = async <T>(fn: () => Promise<T>) => {
    ctx.config.allowPrivateWebhooks = false;
    try {
      return await fn();
    } finally {
      ctx.config.allowPrivateWebhooks = true;
    }
  };

  it('are refused at save time without ALLOW_PRIVATE_WEBHOOKS', async () => {
    const m = await createMerchant(ctx);
    await refusing(async () => {
      for (const url of [
        'http://127.0.0.1:8080/hooks',
        'https://10.1.2.3/hooks',
        'https://192.168.0.10/x',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:3000/hooks',
        'https://[fd00::1]/x',
        'http://0.0.0.0/x',
        'http://localhost:3000/hooks',
      ]) {
        const res = await m.call({
          method: 'PUT',
          url: '/api/v1/webhooks/config',
          payload: { url, events: ['payment.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.message).toMatch(/private, loopback or link-local/);
        // Outside production the merchant (a developer on a laptop) is told how to allow it.
        expect(res.json().error.message).toContain('ALLOW_PRIVATE_WEBHOOKS=true');
      }
    });
    expect((await m.call({ method: 'GET', url: '/api/v1/webhooks/config' })).json().data.url).toBeNull();
  });

  it('are refused in production without the development hint', async () => {
    const m = await createMerchant(ctx);
    const env = ctx.config.env;
    ctx.config.env = 'production';
    try {
      const res = await refusing(() =>
        m.call({
          method: 'PUT',
          url: '/api/v1/webhooks/config',
          payload: { url: 'https://10.1.2.3/hooks', events: ['payment.created'] },
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(T.webhookUrlPrivate);
    } finally {
      ctx.config.env = env;
    }
  });

  it('are refused again at connect time (an address literal, and a host name that resolves to loopback)', async () => {
    const r = await receiver();
    for (const url of [r.url, `http://localhost:${r.port}/hooks`]) {
      const m = await createMerchant(ctx);
      await configure(m, url); // saved while allowed: the refusal below happens at connect time
      const result = await refusing(
        async () => (await m.call({ method: 'POST', url: '/api/v1/webhooks/config/test' })).json().data,
      );
      expect(result, url).toMatchObject({ ok: false, statusCode: null });
      expect(result.error).toMatch(/^refused: .* private, loopback or link-local address$/);
    }
    expect(r.received).toHaveLength(0);
  });
});
