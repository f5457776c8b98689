import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { startJobWorker } from '#app/jobs/worker.ts';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { deliverWebhooksJob } from './deliver-webhooks.job.ts';
import { dispatchWebhooksOnEvents } from './dispatch-webhooks-on-events.ts';

/**
 * Wake-ups at commit (jobs/wake-signals.ts): the workers here poll every ten minutes and no scheduler runs, so
 * the only way work gets done within the tests' wait is the LISTEN connection's notifications (the jobs channel,
 * the outbox channel). On PGlite and, in the PostgreSQL part, on a real server.
 */
const TEN_MINUTES = 600_000;
let ctx: TestContext;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await ctx.close();
});

describe('wake-ups from the database', () => {
  it('a worker polling every ten minutes runs a job queued elsewhere at once, and only the jobs it runs wake it', async () => {
    const ran: string[] = [];
    const job = defineJob({
      name: 'test.wake',
      payload: z.object({ n: z.string() }),
      handler: async ({ n }) => {
        ran.push(n);
        return undefined;
      },
    });
    const app = ctx.server.app;
    const worker = startJobWorker({
      db: ctx.db,
      config: ctx.server.config,
      log: app.log,
      definitions: [job],
      pollMs: TEN_MINUTES,
      concurrency: 1,
    });
    const woken: string[] = [];
    const off = app.wakeSignals.onJob((name) => {
      woken.push(name);
      if (name === job.name) worker.wake();
    });
    try {
      // The first job may meet the worker's first look; the later ones find it asleep for ten minutes.
      await enqueueJob({ db: ctx.db, name: job.name, payload: { n: 'first' } });
      await waitFor('the first job run', async () => ran.includes('first'));
      await enqueueJob({ db: ctx.db, name: job.name, payload: { n: 'second' } });
      await waitFor('the second job run', async () => ran.includes('second'));
      expect(ran).toEqual(['first', 'second']);
      // A job that was already there (same unique key) is not added, and not announced.
      const before = woken.length;
      await enqueueJob({
        db: ctx.db,
        name: 'test.other',
        uniqueKey: 'k',
        runAt: new Date(Date.now() + TEN_MINUTES),
      });
      await enqueueJob({
        db: ctx.db,
        name: 'test.other',
        uniqueKey: 'k',
        runAt: new Date(Date.now() + TEN_MINUTES),
      });
      await waitFor('the other job announced', async () => woken.length > before);
      await enqueueJob({ db: ctx.db, name: job.name, payload: { n: 'third' } });
      await waitFor('the third job run', async () => ran.includes('third'));
      expect(woken.filter((n) => n === 'test.other')).toEqual(['test.other']);
    } finally {
      off();
      await worker.stop();
    }
  });

  it("a committed event reaches the merchant's webhook with no scheduled dispatcher and no poll", async () => {
    const app = ctx.server.app;
    const m = await createMerchant(ctx);
    const config = await m.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['payment.created'] },
    });
    expect(config.statusCode, config.body).toBe(200);
    const worker = startJobWorker({
      db: ctx.db,
      config: ctx.server.config,
      log: app.log,
      definitions: [deliverWebhooksJob],
      pollMs: TEN_MINUTES,
    });
    const dispatch = dispatchWebhooksOnEvents({ db: ctx.db, log: app.log });
    const offs = [
      app.wakeSignals.onOutbox(dispatch.poke),
      app.wakeSignals.onJob((name) => name === deliverWebhooksJob.name && worker.wake()),
    ];
    try {
      const ids: string[] = [];
      for (const amount of ['0.1', '0.2', '0.3']) {
        const res = await m.call({
          method: 'POST',
          url: '/api/v1/payments',
          payload: { amount, currency: 'BTC' },
        });
        expect(res.statusCode, res.body).toBe(201);
        ids.push(res.json().data.id);
      }
      await waitFor('three deliveries', async () => receiver.received.length >= 3);
      // In order, once each.
      expect(receiver.received.map((r) => JSON.parse(r.body).data.id)).toEqual(ids);
    } finally {
      for (const off of offs) off();
      await dispatch.stop();
      await worker.stop();
    }
  });
});
