import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { Metrics } from '#app/lib/metrics.ts';

/** What a handler gets besides its payload. */
export type JobContext = {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  job: { id: string; name: string; attempts: number; maxAttempts: number };
  /** The process's metrics (lib/metrics.ts), where a job counts what it did; absent when a test runs a handler. */
  metrics?: Metrics;
};

/**
 * A handler finishes the job by returning; it asks to run again later (the same job row, attempts reset:
 * a loop over a queue, like one webhook endpoint's deliveries) by returning `{ runAgainAt }`; it fails by
 * throwing (retried with backoff, dead after maxAttempts). Every handler must be safe to run twice: a lease
 * that expires while a slow handler still runs lets another worker take the job.
 */
export type JobResult = undefined | { runAgainAt: Date };

export type JobDefinition<P = unknown> = {
  name: string;
  payload: z.ZodType<P>;
  handler: (payload: P, ctx: JobContext) => Promise<JobResult | undefined>;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /**
   * How long a worker holds the job (its lease) before another may take it, renewed every third of it while the
   * handler runs (default: the worker's, 30 s). It bounds how long a killed worker keeps the job; a shorter one
   * costs more heartbeats, and a heartbeat missed for the whole lease lets a second worker run the job too.
   */
  leaseMs?: number;
  /** First retry delay; each later one doubles, capped at an hour (default 5 s). */
  backoffMs?: number;
  /**
   * A scheduled job: one run per slot of this many ms, id `<name>@<slot start>` (payload `{}`), enqueued by the
   * scheduler role (schedule.ts), never two runs of it at once.
   */
  everyMs?: number;
  /**
   * Someone waits on it within a second (a webhook delivery, the webhook dispatcher, a block of the test network):
   * a worker keeps PROMPT_LANES loops for such jobs alone, besides the loops that run any job, so that a backlog of
   * other jobs (a block's burst of notification mails) never queues in front of them.
   */
  prompt?: boolean;
};

// biome-ignore lint/suspicious/noExplicitAny: a list of definitions of any payload
export type AnyJobDefinition = JobDefinition<any>;

export const defineJob = <P>(def: JobDefinition<P>): JobDefinition<P> => def;
