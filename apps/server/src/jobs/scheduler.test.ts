import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { startScheduler } from './scheduler.ts';
import { scheduledTasks } from './schedules.ts';

const log = pino({ level: 'silent' });

describe('startScheduler', () => {
  it('runs each task at once and then on its interval, never overlapping itself', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const scheduler = startScheduler({
      log,
      tasks: [
        {
          name: 'slow',
          everyMs: 5,
          run: async () => {
            runs++;
            concurrent++;
            maxConcurrent = Math.max(maxConcurrent, concurrent);
            await new Promise((r) => setTimeout(r, 30));
            concurrent--;
          },
        },
      ],
    });
    await new Promise((r) => setTimeout(r, 120));
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    const after = runs;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs).toBe(after);
  });

  it('keeps running after a task fails', async () => {
    let runs = 0;
    const scheduler = startScheduler({
      log,
      tasks: [
        {
          name: 'flaky',
          everyMs: 60_000,
          run: async () => {
            runs++;
            throw new Error('boom');
          },
        },
      ],
    });
    await scheduler.runNow('flaky');
    await scheduler.runNow('flaky');
    await scheduler.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
  });
});

describe('the scheduler role', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The rate source points at a closed local port: the refresh fails fast and is logged, never the internet.
    ctx = await createTestContext({
      ratesApiUrl: 'http://127.0.0.1:9/api/v3',
      testNetworkBlockSeconds: 0.05,
    });
  });
  afterAll(() => ctx.close());

  it('advances the test network and expires payments', async () => {
    const m = await createMerchant(ctx);
    const pay = async (amount: string) =>
      (await m.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'BTC' } })).json()
        .data;
    const paid = await pay('0.1');
    await m.call({ method: 'POST', url: `/api/v1/payments/${paid.id}/simulate` });
    const unpaid = await pay('0.2');
    await ctx.db
      .updateTable('payments')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', unpaid.id)
      .execute();

    const tasks = scheduledTasks({ db: ctx.db, config: ctx.config, log });
    expect(tasks.map((t) => t.name)).toEqual(['rates.refresh', 'test-network.advance', 'payments.expire']);
    const scheduler = startScheduler({ tasks, log });
    await new Promise((r) => setTimeout(r, 300));
    await scheduler.runNow('test-network.advance');
    await scheduler.runNow('payments.expire');
    await scheduler.stop();

    const status = async (id: string) =>
      (await ctx.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    expect(await status(paid.id)).toBe('confirmed');
    expect(await status(unpaid.id)).toBe('expired');
  });
});
