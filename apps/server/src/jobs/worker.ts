import os from 'node:os';
import { randomId } from '@coinlane/core/ids';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { Metrics } from '#app/lib/metrics.ts';
import type { AnyJobDefinition } from './define-job.ts';
import { claimJob, completeJob, DEFAULT_LEASE_MS, extendLease, failJob } from './queue.ts';

export type JobWorker = {
  id: string;
  /** Resolves once no job is due (tests): runs due jobs in this worker until the queue has none. */
  drain(): Promise<void>;
  /** Looks for due jobs now instead of at the end of the idle loops' sleep (a slot was just enqueued). */
  wake(): void;
  /** Stops taking jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
};

/** The loops a worker keeps for prompt jobs alone (JobDefinition.prompt), besides its `concurrency` loops. */
export const PROMPT_LANES = 2;
/**
 * How often an idle prompt loop looks for due jobs by itself, at most: it is woken at once when a job is queued
 * (wake), and the worker's other loops, which take prompt jobs too, look every `pollMs`. So the lanes add almost
 * nothing to an idle worker's queries (a test's worker polling every 20 ms would otherwise run half as many again).
 */
const PROMPT_IDLE_POLL_MS = 1_000;

/**
 * A job worker: `concurrency` loops, each taking one due job at a time (claimJob), running its handler with no
 * transaction open while a heartbeat extends the lease, then completing or failing it. It runs the jobs of the
 * definitions it is given: on-demand jobs and the slots of scheduled ones, which the scheduler role enqueues
 * (schedule.ts). Any number of workers may run against one database. When some definitions are prompt, PROMPT_LANES
 * more loops take only those: the oldest due prompt job starts as soon as one of them is free, however many other
 * jobs are due before it.
 */
export function startJobWorker({
  db,
  config,
  log,
  definitions,
  concurrency = 4,
  pollMs = config.jobPollMs,
  leaseMs = DEFAULT_LEASE_MS,
  serviceOf,
  metrics,
}: {
  db: Db;
  /** The process's metrics, handed to every handler (JobContext). */
  metrics?: Metrics;
  config: Config;
  log: FastifyBaseLogger;
  definitions: readonly AnyJobDefinition[];
  /** The role a job runs for (its log lines carry it as `service`: the System Logs' service column). */
  serviceOf?: (jobName: string) => string;
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
}): JobWorker {
  // The worker's id names its host and process: `jobs.locked_by` of a running job says which process holds it.
  const workerId = `${randomId('wrk', 8)}@${os.hostname()}:${process.pid}`;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const names = [...byName.keys()];
  const promptNames = definitions.filter((d) => d.prompt).map((d) => d.name);
  const leases = Object.fromEntries(
    definitions.flatMap((d) => (d.leaseMs !== undefined ? [[d.name, d.leaseMs]] : [])),
  );
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

  /** Runs one due job of `among` (default: any of the worker's); false when none was due. */
  const runOne = async (among: readonly string[] = names): Promise<boolean> => {
    const job = await claimJob({ db, workerId, names: among, leaseMs, leases });
    if (!job) return false;
    const def = byName.get(job.name);
    if (!def) return true; // not ours (names filter): unreachable
    const jobLog = serviceOf ? log.child({ service: serviceOf(job.name) }) : log;
    const lease = def.leaseMs ?? leaseMs;
    const heartbeat = setInterval(
      () => void extendLease({ db, jobId: job.id, workerId, leaseMs: lease }).catch(() => {}),
      Math.max(50, Math.floor(lease / 3)),
    );
    heartbeat.unref();
    const started = Date.now();
    try {
      const payload = def.payload.parse(job.payload);
      const result = await def.handler(payload, {
        db,
        config,
        log: jobLog,
        job: { id: job.id, name: job.name, attempts: job.attempts, maxAttempts: job.max_attempts },
        ...(metrics ? { metrics } : {}),
      });
      clearInterval(heartbeat);
      const queuedAgain = await completeJob({ db, jobId: job.id, workerId, runAgainAt: result?.runAgainAt });
      // Queued again and due now (a delivery job yielding after its batch, a rerun asked for while it ran): no
      // notification announces it, and this loop may go on to other jobs, so the sleeping loops look at once (a prompt
      // job would otherwise wait for an idle prompt loop's next look, up to a second).
      if (queuedAgain && (result?.runAgainAt ?? new Date()).getTime() <= Date.now()) {
        for (const done of [...sleeping]) done();
      }
      jobLog.debug({ job: job.id, name: job.name, ms: Date.now() - started }, 'job done');
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
      jobLog[outcome === 'dead' ? 'error' : 'warn'](
        { job: job.id, name: job.name, attempts: job.attempts, outcome, err },
        'job failed',
      );
    }
    return true;
  };

  const loop = async (among: readonly string[] = names) => {
    while (!stopped) {
      try {
        while (!stopped && (await runOne(among))) {}
      } catch (err) {
        log.error({ err }, 'job worker: database error');
      }
      if (!stopped) await sleep(among === names ? pollMs : Math.max(pollMs, PROMPT_IDLE_POLL_MS));
    }
  };

  const loops = [
    ...Array.from({ length: concurrency }, () => loop()),
    // (none with `concurrency` 0: a worker with no loops at all, which a test drains)
    ...(promptNames.length && concurrency > 0
      ? Array.from({ length: PROMPT_LANES }, () => loop(promptNames))
      : []),
  ];

  return {
    id: workerId,
    async drain() {
      while (await runOne()) {}
    },
    wake() {
      for (const done of [...sleeping]) done();
    },
    async stop() {
      stopped = true;
      for (const done of [...sleeping]) done();
      await Promise.all(loops);
    },
  };
}
