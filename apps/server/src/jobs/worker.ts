import { randomId } from '@coinlane/core/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { AnyJobDefinition } from './define-job.ts';
import {
  claimJob,
  completeJob,
  DEFAULT_LEASE_MS,
  enqueueJob,
  extendLease,
  failJob,
  slotJobId,
} from './queue.ts';

export type JobWorker = {
  id: string;
  /** Resolves once no job is due (tests): runs due jobs in this worker until the queue has none. */
  drain(): Promise<void>;
  /** Stops taking jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
};

/**
 * A job worker: `concurrency` loops, each taking one due job at a time (claimJob), running its handler with no
 * transaction open while a heartbeat extends the lease, then completing or failing it. Scheduled definitions
 * (`everyMs`) get their current slot enqueued under a deterministic id on each tick, so any number of workers
 * in any number of processes run each slot once. Any number of workers may run against one database.
 */
export function startJobWorker({
  db,
  config,
  log,
  definitions,
  concurrency = 4,
  pollMs = config.jobPollMs,
  leaseMs = DEFAULT_LEASE_MS,
  schedules = true,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  definitions: readonly AnyJobDefinition[];
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  /** Enqueue the slots of scheduled definitions (off in tests that drive the queue by hand). */
  schedules?: boolean;
}): JobWorker {
  const workerId = randomId('wrk', 8);
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const names = [...byName.keys()];
  let stopped = false;
  const sleeping = new Set<() => void>();

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(t);
        sleeping.delete(done);
        resolve();
      };
      const t = setTimeout(done, ms);
      sleeping.add(done);
    });

  const enqueueSlots = async () => {
    const now = Date.now();
    for (const def of definitions) {
      if (!def.everyMs) continue;
      await enqueueJob({
        db,
        name: def.name,
        id: slotJobId(def.name, def.everyMs, now),
        maxAttempts: def.maxAttempts ?? 1,
      });
    }
  };

  /** Runs one due job; false when none was due. */
  const runOne = async (): Promise<boolean> => {
    const job = await claimJob({ db, workerId, names, leaseMs });
    if (!job) return false;
    const def = byName.get(job.name);
    if (!def) return true; // not ours (names filter): unreachable
    const heartbeat = setInterval(
      () => void extendLease({ db, jobId: job.id, workerId, leaseMs }).catch(() => {}),
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const started = Date.now();
    try {
      const payload = def.payload.parse(job.payload);
      const result = await def.handler(payload, {
        db,
        config,
        log,
        job: { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.max_attempts },
      });
      clearInterval(heartbeat);
      await completeJob({ db, jobId: job.id, workerId, runAgainAt: result?.runAgainAt });
      log.debug({ job: job.id, name: job.name, ms: Date.now() - started }, 'job done');
    } catch (err) {
      clearInterval(heartbeat);
      const message = err instanceof Error ? err.message : String(err);
      const outcome = await failJob({
        db,
        jobId: job.id,
        workerId,
        error: message,
        backoffMs: def.backoffMs ?? 5_000,
      }).catch(() => 'lost' as const);
      log[outcome === 'dead' ? 'error' : 'warn'](
        { job: job.id, name: job.name, attempts: job.attempts, outcome, err },
        'job failed',
      );
    }
    return true;
  };

  const loop = async () => {
    while (!stopped) {
      try {
        while (!stopped && (await runOne())) {}
      } catch (err) {
        log.error({ err }, 'job worker: database error');
      }
      if (!stopped) await sleep(pollMs);
    }
  };

  // Slots are enqueued by their own loop, so a long job (a slow webhook) never delays the schedule.
  const scheduleLoop = async () => {
    while (!stopped) {
      try {
        await enqueueSlots();
      } catch (err) {
        log.error({ err }, 'job worker: could not enqueue scheduled jobs');
      }
      if (!stopped) await sleep(Math.min(pollMs, 1000));
    }
  };

  const loops = [
    ...Array.from({ length: concurrency }, () => loop()),
    ...(schedules && definitions.some((d) => d.everyMs) ? [scheduleLoop()] : []),
  ];

  return {
    id: workerId,
    async drain() {
      while (await runOne()) {}
    },
    async stop() {
      stopped = true;
      for (const done of [...sleeping]) done();
      await Promise.all(loops);
    },
  };
}
