import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobWorker } from '#app/jobs/worker.ts';
import { startWebhooksRole, waitForJobRuns, waitForJobsIdle } from '#app/test/jobs.ts';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { sleep, waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { DELIVER_WEBHOOKS_JOB, dispatchWebhookEvents } from './dispatch-webhook-events.ts';

/**
 * Settings → Notifications → Webhook notifications off pauses the merchant's automatic webhook deliveries: the
 * events still become deliveries, nothing is sent, no attempt is used; on again, everything owed is sent, in
 * order. A real job worker (with its dispatchers every second) and a real receiver on 127.0.0.1.
 */
let ctx: TestContext;
let worker: JobWorker;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true, webhookRetryBaseMs: 50 });
  worker = startWebhooksRole(ctx, 20);
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await ctx.close();
});

describe('webhook notifications off', () => {
  it('keeps the deliveries and sends nothing; turned on again, sends them all in order', async () => {
    const m = await createMerchant(ctx);
    const config = await m.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['payment.created'] },
    });
    expect(config.statusCode, config.body).toBe(200);
    const toggle = async (on: boolean) => {
      const res = await m.call({
        method: 'PUT',
        url: '/api/v1/settings',
        payload: { webhookNotifications: on },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.webhookNotifications).toBe(on);
    };

    await toggle(false);
    const ids: string[] = [];
    for (const amount of ['0.1', '0.2', '0.3', '0.4']) {
      const res = await m.call({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { amount, currency: 'BTC' },
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
      await dispatchWebhookEvents({ db: ctx.db });
    }
    // Two more dispatcher rounds (every second) pass: nothing leaves, nothing is counted, nothing is dropped.
    await waitForJobRuns(ctx.db, 'webhooks.dispatch', new Date(), 2);
    expect(receiver.received).toHaveLength(0);
    const deliveries = await ctx.db
      .selectFrom('webhook_deliveries')
      .select(['state', 'auto_attempts'])
      .where('user_id', '=', m.id)
      .orderBy('seq')
      .execute();
    expect(deliveries).toEqual(ids.map(() => ({ state: 'pending', auto_attempts: 0 })));
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('state')
      .where('name', '=', 'webhooks.deliver')
      .where('state', 'in', ['queued', 'running'])
      .execute();
    expect(jobs).toEqual([]);

    await toggle(true);
    await waitFor('the four deliveries', async () => receiver.received.length >= 4);
    await sleep(300);
    const events = receiver.events();
    expect(events.map((e) => e.type)).toEqual(Array(4).fill('payment.created'));
    expect(events.map((e) => (e.data as { id: string }).id)).toEqual(ids);
    const after = await ctx.db
      .selectFrom('webhook_deliveries')
      .select('state')
      .where('user_id', '=', m.id)
      .execute();
    expect(after.every((d) => d.state === 'delivered')).toBe(true);
  });

  it('pauses one merchant only', async () => {
    const paused = await createMerchant(ctx);
    const other = await createMerchant(ctx);
    const r2 = await startWebhookReceiver();
    try {
      for (const m of [paused, other]) {
        const url = m === paused ? receiver.url : r2.url;
        await m.call({
          method: 'PUT',
          url: '/api/v1/webhooks/config',
          payload: { url, events: ['payment.created'] },
        });
      }
      await paused.call({ method: 'PUT', url: '/api/v1/settings', payload: { webhookNotifications: false } });
      const before = receiver.received.length;
      for (const m of [paused, other]) {
        await m.call({
          method: 'POST',
          url: '/api/v1/payments',
          payload: { amount: '0.1', currency: 'BTC' },
        });
      }
      await waitFor('the other merchant’s delivery', async () => r2.received.length === 1);
      // A dispatcher round after it, and every delivery it queued done: none went to the paused merchant.
      await waitForJobRuns(ctx.db, 'webhooks.dispatch', new Date(), 1);
      await waitForJobsIdle(ctx.db, [DELIVER_WEBHOOKS_JOB]);
      expect(receiver.received.length).toBe(before);
    } finally {
      await r2.close();
    }
  });
});
