import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '#app/config.ts';
import type { DbHandle } from '#app/db/connection.ts';
import { startRoles } from '#app/server.ts';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { type AnyJobDefinition, defineJob } from './define-job.ts';
import { enqueueJob } from './queue.ts';
import { startJobSchedule } from './schedule.ts';
import { startJobWorker } from './worker.ts';

const log = pino({ level: 'silent' });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('scheduled jobs', () => {
  let handle: DbHandle;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(() => handle.close());

  /** A schedule and a worker of four loops, as one process with the scheduler role runs them. */
  const start = (def: AnyJobDefinition) => {
    const worker = startJobWorker({ db: handle.db, config, log, definitions: [def], pollMs: 5 });
    const schedule = startJobSchedule({
      db: handle.db,
      log,
      definitions: [def],
      tickMs: 5,
      onEnqueued: () => worker.wake(),
    });
    return {
      stop: async () => {
        await schedule.stop();
        await worker.stop();
      },
    };
  };

  it('runs each job at once and then on its interval, never overlapping itself', async () => {
    let runs = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    const running = start(
      defineJob({
        name: 'test.slow',
        payload: z.object({}),
        everyMs: 5,
        handler: async () => {
          runs++;
          concurrent++;
          maxConcurrent = Math.max(maxConcurrent, concurrent);
          await wait(30);
          concurrent--;
          return undefined;
        },
      }),
    );
    // Each slot is a row of the queue: under load a round trip takes longer than the old in-process timer's tick.
    await wait(120);
    for (let i = 0; i < 500 && runs < 3; i++) await wait(10);
    await running.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(maxConcurrent).toBe(1);
    const after = runs;
    await wait(30);
    expect(runs).toBe(after);
  });

  it('keeps running after a job fails', async () => {
    let runs = 0;
    const running = start(
      defineJob({
        name: 'test.flaky',
        payload: z.object({}),
        everyMs: 10,
        handler: async () => {
          runs++;
          throw new Error('boom');
        },
      }),
    );
    for (let i = 0; i < 200 && runs < 2; i++) await wait(10);
    await running.stop();
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
      roles: ['scheduler'],
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

    const jobs = ctx.server.roleJobs.scheduler;
    expect(jobs.map((j) => j.name)).toEqual([
      'rates.refresh',
      'test-network.advance',
      'payments.expire',
      'payments.compact-rollups',
      'health.sweep',
      'subscriptions.advance',
      'subscriptions.advance_batch',
    ]);
    const roles = startRoles(ctx.server);
    await wait(300);
    await roles.stop();
    // One more run of each, as a worker takes any enqueued job.
    const worker = startJobWorker({ db: ctx.db, config: ctx.config, log, definitions: jobs, concurrency: 0 });
    for (const name of ['test-network.advance', 'payments.expire', 'payments.compact-rollups']) {
      await enqueueJob({ db: ctx.db, name });
      await worker.drain();
    }
    await worker.stop();

    const status = async (id: string) =>
      (await ctx.db.selectFrom('payments').select('status').where('id', '=', id).executeTakeFirstOrThrow())
        .status;
    expect(await status(paid.id)).toBe('confirmed');
    expect(await status(unpaid.id)).toBe('expired');
    // The merchants' rollup logs folded in by their job (decision 031): nothing left, the counts where they belong.
    const logged = await ctx.db.selectFrom('payment_totals_log').select('id').execute();
    expect(logged).toEqual([]);
    const totals = await ctx.db
      .selectFrom('payment_totals')
      .select(['status', 'payments'])
      .where('user_id', '=', m.id)
      .where('payments', '<>', '0')
      .orderBy('status')
      .execute();
    expect(totals.map((t) => [t.status, Number(t.payments)])).toEqual([
      ['confirmed', 1],
      ['expired', 1],
    ]);
  });
});
