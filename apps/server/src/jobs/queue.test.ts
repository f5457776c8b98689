import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '#app/config.ts';
import { type DbHandle, openPostgres } from '#app/db/connection.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { defineJob } from './define-job.ts';
import { claimJob, completeJob, enqueueJob, failJob, jobBackoffMs, pruneJobs, slotJobId } from './queue.ts';
import { startJobSchedule } from './schedule.ts';
import { startJobWorker } from './worker.ts';

const log = pino({ level: 'silent' });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => Promise<boolean>, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await wait(20);
  }
}

describe('job queue', () => {
  let handle: DbHandle;
  let other: DbHandle | null = null;
  beforeAll(async () => {
    handle = await createTestDb();
    // On PostgreSQL a second pool stands for a second process; PGlite is one connection in one process.
    if (handle.engine === 'postgres') other = await openPostgres(handle.databaseUrl!, 5);
  });
  afterAll(async () => {
    await other?.close();
    await handle.close();
  });
  beforeEach(async () => {
    await handle.db.deleteFrom('jobs').execute();
  });
  const job = (id: string) =>
    handle.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a prompt job starts at once, however many other jobs are due before it', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = defineJob({
      name: 'test.mail',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        order.push(`mail ${n}`);
        await held; // the ordinary loop stays busy until the prompt job has run
        return undefined;
      },
    });
    const prompt = defineJob({
      name: 'test.delivery',
      payload: z.object({}),
      prompt: true,
      handler: async () => {
        order.push('delivery');
        release();
        return undefined;
      },
    });
    const past = Date.now() - 60_000;
    for (let n = 0; n < 5; n++)
      await enqueueJob({ db: handle.db, name: slow.name, payload: { n }, runAt: new Date(past + n) });
    await enqueueJob({ db: handle.db, name: prompt.name, payload: {} });
    const worker = startJobWorker({
      db: handle.db,
      config,
      log,
      definitions: [slow, prompt],
      concurrency: 1,
      pollMs: 10,
    });
    await until(async () => order.length === 6);
    await worker.stop();
    // One ordinary loop: the first mail holds it; the delivery ran in a prompt lane meanwhile (which of the two
    // handlers starts first is a race between the loops' claims), the other mails after.
    expect([...order.slice(0, 2)].sort()).toEqual(['delivery', 'mail 0']);
    expect(order.slice(2)).toEqual(['mail 1', 'mail 2', 'mail 3', 'mail 4']);
  });

  it('a prompt job that yields and asks to run again at once runs again at once, not at the next look', async () => {
    const runs: number[] = [];
    let firstEnded = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const long = defineJob({
      name: 'test.long',
      payload: z.object({}),
      handler: async () => {
        await wait(1_000); // holds the one ordinary loop while the prompt lanes find nothing and go to sleep
        return undefined;
      },
    });
    const mail = defineJob({
      name: 'test.mail',
      payload: z.object({}),
      handler: async () => {
        await held; // the ordinary loop stays here once the prompt job has yielded
        return undefined;
      },
    });
    const delivery = defineJob({
      name: 'test.delivery',
      payload: z.object({}),
      prompt: true,
      handler: async () => {
        runs.push(Date.now());
        if (runs.length === 1) {
          firstEnded = Date.now();
          return { runAgainAt: new Date() }; // a batch sent: yield, and run again at once
        }
        release();
        return undefined;
      },
    });
    await enqueueJob({ db: handle.db, name: long.name, payload: {} });
    // Long pauses between looks: only a wake-up brings the second run before the first look.
    const worker = startJobWorker({
      db: handle.db,
      config,
      log,
      definitions: [long, mail, delivery],
      concurrency: 1,
      pollMs: 5_000,
    });
    await wait(100);
    // Due after the long job started, the delivery before the mail: the ordinary loop takes the delivery first.
    await enqueueJob({ db: handle.db, name: delivery.name, payload: {}, runAt: new Date(Date.now() - 2) });
    await enqueueJob({ db: handle.db, name: mail.name, payload: {} });
    await until(async () => runs.length === 2);
    await worker.stop();
    // The ordinary loop went on to the mail; a sleeping prompt lane was woken for the second run (without the
    // wake-up it waits for the lanes' next look, seconds later).
    expect(runs[1]! - firstEnded).toBeLessThan(2_000);
  });

  it('two workers never run one job twice', async () => {
    const runs = new Map<string, number>();
    const def = defineJob({
      name: 'test.count',
      payload: z.object({ n: z.number() }),
      handler: async ({ n }) => {
        runs.set(String(n), (runs.get(String(n)) ?? 0) + 1);
        await wait(5);
        return undefined;
      },
    });
    for (let n = 0; n < 60; n++) await enqueueJob({ db: handle.db, name: def.name, payload: { n } });
    const a = startJobWorker({
      db: handle.db,
      config,
      log,
      definitions: [def],
      concurrency: 3,
      pollMs: 10,
    });
    const b = startJobWorker({
      db: (other ?? handle).db,
      config,
      log,
      definitions: [def],
      concurrency: 3,
      pollMs: 10,
    });
    await until(async () => {
      const open = await handle.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('state', '!=', 'completed')
        .executeTakeFirstOrThrow();
      return Number(open.n) === 0;
    });
    await Promise.all([a.stop(), b.stop()]);
    expect(runs.size).toBe(60);
    expect([...runs.values()].every((v) => v === 1)).toBe(true);
  });

  it('takes a job again when its lease has expired (its worker died), and only then', async () => {
    const id = await enqueueJob({ db: handle.db, name: 'test.lease' });
    const claimedAt = Date.now();
    const first = await claimJob({
      db: handle.db,
      workerId: 'crashed',
      names: ['test.lease'],
      leaseMs: 60_000,
    });
    expect(first?.id).toBe(id);
    const leased = (await job(id!)).locked_until!.getTime() - claimedAt;
    expect(leased).toBeGreaterThan(55_000);
    expect(leased).toBeLessThan(65_000);
    expect(await claimJob({ db: handle.db, workerId: 'other', names: ['test.lease'] })).toBeNull();
    // The lease runs out (moved to the past here: a lease of 150 ms ran out before the next claim under CI's load).
    await handle.db
      .updateTable('jobs')
      .set({ locked_until: new Date(Date.now() - 1) })
      .where('id', '=', id!)
      .execute();
    const again = await claimJob({ db: handle.db, workerId: 'other', names: ['test.lease'] });
    expect(again?.id).toBe(id);
    expect(again?.attempts).toBe(2);
    // The crashed worker's late completion changes nothing: the job is the other worker's now.
    await completeJob({ db: handle.db, jobId: id!, workerId: 'crashed' });
    expect((await job(id!)).state).toBe('running');
    await completeJob({ db: handle.db, jobId: id!, workerId: 'other' });
    expect((await job(id!)).state).toBe('completed');
  });

  it('runs a unique job once more when it was asked for with rerunIfRunning while it ran, and only then', async () => {
    const ask = (rerunIfRunning: boolean) =>
      enqueueJob({ db: handle.db, name: 'test.drain', uniqueKey: 'test.drain:1', rerunIfRunning });
    const id = await ask(true);
    expect(id).not.toBeNull();
    // Queued: nothing added, nothing marked.
    expect(await ask(true)).toBeNull();
    expect((await job(id!)).rerun).toBe(false);
    const claimed = await claimJob({ db: handle.db, workerId: 'w', names: ['test.drain'] });
    expect(claimed?.id).toBe(id);
    // Running: without the option the request is dropped (the job completes); with it, the job runs again.
    expect(await ask(false)).toBeNull();
    expect((await job(id!)).rerun).toBe(false);
    expect(await ask(true)).toBeNull();
    expect(await completeJob({ db: handle.db, jobId: id!, workerId: 'w' })).toBe(true);
    const requeued = await job(id!);
    expect(requeued).toMatchObject({ state: 'queued', rerun: false, attempts: 0, completed_at: null });
    const again = await claimJob({ db: handle.db, workerId: 'w', names: ['test.drain'] });
    expect(again?.id).toBe(id);
    // Not asked for again this time: it completes, and the next request adds a new job.
    expect(await completeJob({ db: handle.db, jobId: id!, workerId: 'w' })).toBe(false);
    expect((await job(id!)).state).toBe('completed');
    const next = await ask(true);
    expect(next).not.toBeNull();
    expect(next).not.toBe(id);
  });

  it("gives a job name its own lease, so a dead worker's job of that name is taken sooner", async () => {
    const short = await enqueueJob({ db: handle.db, name: 'test.short' });
    const long = await enqueueJob({ db: handle.db, name: 'test.long' });
    const names = ['test.short', 'test.long'];
    const leases = { 'test.short': 150 };
    // The worker that took both dies; another looks after the short lease: only the short one is free again.
    // (Both were queued for the same moment: which is claimed first is not the point, and not fixed.)
    const taken = [
      (await claimJob({ db: handle.db, workerId: 'crashed', names, leaseMs: 60_000, leases }))?.id,
      (await claimJob({ db: handle.db, workerId: 'crashed', names, leaseMs: 60_000, leases }))?.id,
    ];
    expect(taken.sort()).toEqual([short, long].sort());
    await wait(250);
    // The other worker holds what it takes for a minute: on a loaded machine its next claim may come more than 150 ms
    // later, and the short job must not be free again by then (the lease that matters here is the dead worker's).
    const again = await claimJob({ db: handle.db, workerId: 'other', names, leaseMs: 60_000 });
    expect(again).toMatchObject({ id: short, attempts: 2, locked_by: 'other' });
    expect(await claimJob({ db: handle.db, workerId: 'other', names, leaseMs: 60_000 })).toBeNull();
  });

  it('names the process holding a job: locked_by carries the host and pid of the worker', async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const def = defineJob({
      name: 'test.held',
      payload: z.object({}),
      handler: async () => {
        await held;
        return undefined;
      },
    });
    const id = await enqueueJob({ db: handle.db, name: def.name });
    const w = startJobWorker({ db: handle.db, config, log, definitions: [def], pollMs: 10 });
    await until(async () => (await job(id!)).state === 'running');
    expect((await job(id!)).locked_by).toBe(w.id);
    expect(w.id).toMatch(new RegExp(`^wrk_[a-z2-7]+@.+:${process.pid}$`));
    release();
    await w.stop();
  });

  it('retries a failing job with exponential backoff, then marks it dead', async () => {
    expect(jobBackoffMs(1, 1000, () => 0)).toBe(1000);
    expect(jobBackoffMs(2, 1000, () => 0)).toBe(2000);
    expect(jobBackoffMs(3, 1000, () => 0)).toBe(4000);
    expect(jobBackoffMs(4, 1000, () => 1)).toBe(8800);
    expect(jobBackoffMs(30, 1000, () => 0)).toBe(3_600_000);

    const id = (await enqueueJob({ db: handle.db, name: 'test.fail', maxAttempts: 3 }))!;
    const take = () => claimJob({ db: handle.db, workerId: 'w', names: ['test.fail'] });
    const due = async () =>
      handle.db
        .updateTable('jobs')
        .set({ run_at: new Date(0) })
        .where('id', '=', id)
        .execute();

    await take();
    let t0 = Date.now();
    expect(
      await failJob({ db: handle.db, jobId: id, workerId: 'w', error: 'boom 1', backoffMs: 10_000 }),
    ).toBe('retry');
    let row = await job(id);
    expect(row.state).toBe('queued');
    expect(row.run_at.getTime() - t0).toBeGreaterThanOrEqual(9_000);
    expect(row.run_at.getTime() - t0).toBeLessThanOrEqual(11_500);
    expect(await take()).toBeNull(); // not due yet

    await due();
    await take();
    t0 = Date.now();
    expect(
      await failJob({ db: handle.db, jobId: id, workerId: 'w', error: 'boom 2', backoffMs: 10_000 }),
    ).toBe('retry');
    row = await job(id);
    expect(row.run_at.getTime() - t0).toBeGreaterThanOrEqual(19_000);

    await due();
    await take();
    expect(
      await failJob({ db: handle.db, jobId: id, workerId: 'w', error: 'boom 3', backoffMs: 10_000 }),
    ).toBe('dead');
    row = await job(id);
    expect(row.state).toBe('dead');
    expect(row.attempts).toBe(3);
    expect(row.last_error).toBe('boom 3');
    await due();
    expect(await take()).toBeNull();
  });

  it('a worker runs the handler, retries its failures and leaves it dead after maxAttempts', async () => {
    let calls = 0;
    const def = defineJob({
      name: 'test.always-fails',
      payload: z.object({}),
      maxAttempts: 2,
      backoffMs: 10,
      handler: async () => {
        calls++;
        throw new Error(`failure ${calls}`);
      },
    });
    const id = (await enqueueJob({ db: handle.db, name: def.name, maxAttempts: 2 }))!;
    const w = startJobWorker({
      db: handle.db,
      config,
      log,
      definitions: [def],
      pollMs: 10,
    });
    await until(async () => (await job(id)).state === 'dead');
    await w.stop();
    expect(calls).toBe(2);
    expect((await job(id)).last_error).toBe('failure 2');
  });

  it('marks dead a job whose lease expired during its last attempt', async () => {
    const id = (await enqueueJob({ db: handle.db, name: 'test.poison', maxAttempts: 1 }))!;
    await claimJob({ db: handle.db, workerId: 'crashed', names: ['test.poison'], leaseMs: 50 });
    await wait(120);
    expect(await claimJob({ db: handle.db, workerId: 'w', names: ['test.poison'] })).toBeNull();
    expect((await job(id)).state).toBe('dead');
  });

  it('keeps one queued-or-running job per unique key, and runs a job again when it asks to', async () => {
    const first = await enqueueJob({ db: handle.db, name: 'test.loop', uniqueKey: 'k' });
    expect(first).not.toBeNull();
    expect(await enqueueJob({ db: handle.db, name: 'test.loop', uniqueKey: 'k' })).toBeNull();
    const claimed = await claimJob({ db: handle.db, workerId: 'w', names: ['test.loop'] });
    expect(await enqueueJob({ db: handle.db, name: 'test.loop', uniqueKey: 'k' })).toBeNull(); // running
    const later = new Date(Date.now() + 60_000);
    await completeJob({ db: handle.db, jobId: claimed!.id, workerId: 'w', runAgainAt: later });
    const row = await job(first!);
    expect(row.state).toBe('queued');
    expect(row.attempts).toBe(0);
    expect(row.run_at.getTime()).toBe(later.getTime());
    await handle.db.updateTable('jobs').set({ state: 'completed' }).where('id', '=', first!).execute();
    expect(await enqueueJob({ db: handle.db, name: 'test.loop', uniqueKey: 'k' })).not.toBeNull();
  });

  it('scheduled jobs: every instance computes the same slot id, so a slot runs once', async () => {
    let runs = 0;
    const def = defineJob({
      name: 'test.every',
      payload: z.object({}),
      everyMs: 60 * 60 * 1000,
      handler: async () => {
        runs++;
        return undefined;
      },
    });
    expect(slotJobId('x', 60_000, Date.parse('2026-01-01T00:00:59Z'))).toBe('x@2026-01-01T00:00:00.000Z');
    // Three scheduler processes enqueue the slot, three workers take jobs.
    const schedules = [0, 1, 2].map(() =>
      startJobSchedule({ db: handle.db, log, definitions: [def], tickMs: 10 }),
    );
    const workers = [0, 1, 2].map(() =>
      startJobWorker({ db: handle.db, config, log, definitions: [def], concurrency: 2, pollMs: 10 }),
    );
    await wait(300);
    await Promise.all([...schedules, ...workers].map((w) => w.stop()));
    expect(runs).toBe(1);
    const rows = await handle.db
      .selectFrom('jobs')
      .select(['id', 'state'])
      .where('name', '=', def.name)
      .execute();
    expect(rows).toEqual([{ id: slotJobId(def.name, def.everyMs!, Date.now()), state: 'completed' }]);
  });

  it('prunes finished jobs', async () => {
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const a = (await enqueueJob({ db: handle.db, name: 'x' }))!;
    const b = (await enqueueJob({ db: handle.db, name: 'x' }))!;
    await handle.db
      .updateTable('jobs')
      .set({ state: 'completed', updated_at: old })
      .where('id', '=', a)
      .execute();
    await handle.db.updateTable('jobs').set({ state: 'dead', updated_at: old }).where('id', '=', b).execute();
    expect(await pruneJobs({ db: handle.db })).toBe(1);
    expect((await job(b)).state).toBe('dead');
  });
});
