import { randomId } from '@coinlane/core/ids';
import { sql, type Updateable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { JobsTable } from '#app/db/schema.ts';
import { JOBS_CHANNEL } from './wake-signals.ts';

/**
 * The PostgreSQL job queue. Every function is one short statement or transaction; a handler runs between
 * claimJob and completeJob/failJob with no transaction open (PGlite is one connection, and a transaction
 * must never wait on the network).
 */

export type JobRow = {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  state: 'queued' | 'running' | 'completed' | 'dead';
  unique_key: string | null;
  run_at: Date;
  attempts: number;
  max_attempts: number;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
};

export const DEFAULT_LEASE_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60 * 1000;

/** Delay before retry `attempt` (1 = first retry): base * 2^(attempt-1), capped at an hour, up to +10% jitter. */
export function jobBackoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const exp = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
  return Math.round(exp + exp * 0.1 * random());
}

/**
 * Adds a job. With `uniqueKey`, nothing is added while a queued or running job has that key; with `id`
 * (deterministic ids of scheduled slots), nothing is added when a job with that id exists. Returns the id of
 * the job added, or null when one was already there. A job added is announced on JOBS_CHANNEL at commit, so
 * that the workers of every process look at once (wake-signals.ts).
 *
 * `rerunIfRunning` (with `uniqueKey`): when the job with that key is running, it is marked to run once more when
 * it returns (completeJob queues it again at once). For a job that drains a queue of work (an endpoint's webhook
 * deliveries): work added after the running job's last look would otherwise wait for the next enqueue.
 */
export async function enqueueJob({
  db,
  name,
  payload = {},
  id = randomId('job'),
  uniqueKey = null,
  runAt = new Date(),
  maxAttempts = 5,
  rerunIfRunning = false,
}: {
  db: Db;
  name: string;
  payload?: Record<string, unknown>;
  id?: string;
  uniqueKey?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  rerunIfRunning?: boolean;
}): Promise<string | null> {
  // With rerunIfRunning, a conflict on the key marks the running job instead: RETURNING then gives that job's id, not
  // ours, and nothing is announced (the job is queued again when it returns).
  const onConflict =
    rerunIfRunning && uniqueKey !== null
      ? sql`ON CONFLICT (unique_key) WHERE unique_key IS NOT NULL AND state IN ('queued', 'running')
          DO UPDATE SET rerun = true WHERE jobs.state = 'running'`
      : sql`ON CONFLICT DO NOTHING`;
  // One statement: the row, and (only when a row was added) its announcement on the jobs channel, sent at commit.
  const res = await sql<{ id: string }>`
    WITH added AS (
      INSERT INTO jobs (id, name, payload, unique_key, run_at, max_attempts)
      VALUES (${id}, ${name}, ${JSON.stringify(payload)}::jsonb, ${uniqueKey}, ${runAt}, ${maxAttempts})
      ${onConflict}
      RETURNING id
    )
    SELECT added.id, pg_notify(${JOBS_CHANNEL}, ${name})::text AS notified FROM added WHERE added.id = ${id}
  `.execute(db);
  return res.rows[0]?.id ?? null;
}

/**
 * Takes the next due job for `workerId` and marks it running under a lease: a queued job whose run_at has
 * come, or a running job whose lease has passed (its worker died). FOR UPDATE SKIP LOCKED: two workers never
 * take one row. A job whose lease passed after its last allowed attempt is marked dead instead.
 */
export async function claimJob({
  db,
  workerId,
  names,
  leaseMs = DEFAULT_LEASE_MS,
  leases = {},
}: {
  db: Db;
  workerId: string;
  names: readonly string[];
  leaseMs?: number;
  /** A lease of its own per job name (a definition's `leaseMs`); the others get `leaseMs`. */
  leases?: Readonly<Record<string, number>>;
}): Promise<JobRow | null> {
  if (names.length === 0) return null;
  await sql`
    UPDATE jobs SET state = 'dead', locked_by = NULL, locked_until = NULL, updated_at = now(),
      last_error = coalesce(last_error || ' / ', '') || 'lease expired during the last attempt (worker stopped?)'
    WHERE state = 'running' AND locked_until < now() AND attempts >= max_attempts
  `.execute(db);
  const res = await sql<JobRow>`
    UPDATE jobs SET
      state = 'running',
      attempts = jobs.attempts + 1,
      locked_by = ${workerId},
      locked_until = now() + ${leaseOf(leaseMs, leases)} * interval '1 millisecond',
      updated_at = now()
    WHERE id = (
      SELECT id FROM jobs
      WHERE name IN (${sql.join(names)})
        AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now()))
      ORDER BY run_at, id
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, name, payload, state, unique_key, run_at, attempts, max_attempts, locked_by, locked_until,
      last_error
  `.execute(db);
  return res.rows[0] ?? null;
}

/** The lease of the job being claimed, in ms: its name's own, else the default (a CASE over the names given). */
function leaseOf(leaseMs: number, leases: Readonly<Record<string, number>>) {
  const own = Object.entries(leases).filter(([, ms]) => ms !== leaseMs);
  if (own.length === 0) return sql`${leaseMs}::integer`;
  return sql`(CASE jobs.name ${sql.join(
    own.map(([name, ms]) => sql`WHEN ${name} THEN ${ms}::integer`),
    sql` `,
  )} ELSE ${leaseMs}::integer END)`;
}

/** Pushes the lease of a job this worker holds further; false when the job is no longer ours. */
export async function extendLease({
  db,
  jobId,
  workerId,
  leaseMs = DEFAULT_LEASE_MS,
}: {
  db: Db;
  jobId: string;
  workerId: string;
  leaseMs?: number;
}): Promise<boolean> {
  const res = await sql`
    UPDATE jobs SET locked_until = now() + ${`${leaseMs} milliseconds`}::interval
    WHERE id = ${jobId} AND locked_by = ${workerId} AND state = 'running'
  `.execute(db);
  return Number(res.numAffectedRows ?? 0) > 0;
}

/**
 * The handler returned: the job is completed, or queued again at `runAgainAt` with its attempts reset, or queued
 * again now when it was asked for while it ran (`rerun`, enqueueJob's rerunIfRunning). Returns whether it was queued
 * again.
 */
export async function completeJob({
  db,
  jobId,
  workerId,
  runAgainAt,
}: {
  db: Db;
  jobId: string;
  workerId: string;
  runAgainAt?: Date;
}): Promise<boolean> {
  if (runAgainAt) {
    const set: Updateable<JobsTable> = { state: 'queued', run_at: runAgainAt, attempts: 0, last_error: null };
    await db
      .updateTable('jobs')
      .set({ ...set, rerun: false, locked_by: null, locked_until: null, updated_at: new Date() })
      .where('id', '=', jobId)
      .where('locked_by', '=', workerId)
      .where('state', '=', 'running')
      .execute();
    return true;
  }
  // `rerun` is read in the same statement that ends the run: a request that came before it is honoured here, one that
  // comes after it finds the job no longer running and adds a new one.
  const res = await sql<{ rerun: boolean }>`
    UPDATE jobs SET
      state = CASE WHEN rerun THEN 'queued' ELSE 'completed' END,
      run_at = CASE WHEN rerun THEN now() ELSE run_at END,
      attempts = CASE WHEN rerun THEN 0 ELSE attempts END,
      completed_at = CASE WHEN rerun THEN NULL ELSE now() END,
      rerun = false,
      locked_by = NULL,
      locked_until = NULL,
      updated_at = now()
    WHERE id = ${jobId} AND locked_by = ${workerId} AND state = 'running'
    RETURNING (state = 'queued') AS rerun
  `.execute(db);
  return res.rows[0]?.rerun ?? false;
}

/** The handler threw: queued again after a backoff, or dead when it has used its attempts. */
export async function failJob({
  db,
  jobId,
  workerId,
  error,
  backoffMs,
}: {
  db: Db;
  jobId: string;
  workerId: string;
  error: string;
  backoffMs: number;
}): Promise<'retry' | 'dead' | 'lost'> {
  const row = await db
    .selectFrom('jobs')
    .select(['attempts', 'max_attempts'])
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (!row) return 'lost';
  const dead = row.attempts >= row.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      state: dead ? 'dead' : 'queued',
      run_at: dead ? undefined : new Date(Date.now() + jobBackoffMs(row.attempts, backoffMs)),
      last_error: error.slice(0, 2000),
      // queued again anyway (or dead): a request to run again adds nothing
      rerun: false,
      locked_by: null,
      locked_until: null,
      updated_at: new Date(),
    })
    .where('id', '=', jobId)
    .where('locked_by', '=', workerId)
    .where('state', '=', 'running')
    .execute();
  return dead ? 'dead' : 'retry';
}

/** The deterministic id of a scheduled job's slot: every instance computes the same one. */
export const slotJobId = (name: string, everyMs: number, now: number) =>
  `${name}@${new Date(Math.floor(now / everyMs) * everyMs).toISOString()}`;

/** Removes finished jobs: completed ones after an hour (scheduled slots are many), dead ones after 30 days. */
export async function pruneJobs({ db, now = new Date() }: { db: Db; now?: Date }): Promise<number> {
  const hour = 60 * 60 * 1000;
  const day = 24 * hour;
  const res = await db
    .deleteFrom('jobs')
    .where((eb) =>
      eb.or([
        eb.and([eb('state', '=', 'completed'), eb('updated_at', '<', new Date(now.getTime() - hour))]),
        eb.and([eb('state', '=', 'dead'), eb('updated_at', '<', new Date(now.getTime() - 30 * day))]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/**
 * The jobs waiting for a worker: queued jobs whose run_at has come, by name, and the wait of the oldest. One
 * statement over the partial index of queued jobs (name, run_at); the Health Monitor's `jobs` check and the
 * metrics' `coinlane_jobs_queued` and `coinlane_jobs_oldest_due_age_seconds` both read it (decision 028).
 */
export type QueueBacklog = {
  /** Due queued jobs by name, in name order (a name with none is absent). */
  dueByName: Array<{ name: string; due: number }>;
  /** Queued jobs that are due now, every name. */
  dueCount: number;
  /** Age (ms) of the oldest queued job that is due and not taken; 0 when none waits. */
  oldestDueAgeMs: number;
};

export async function getQueueBacklog({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<QueueBacklog> {
  const rows = await db
    .selectFrom('jobs')
    .select((e) => ['name', e.fn.min('run_at').as('oldest'), e.fn.countAll<string | number>().as('n')])
    .where('state', '=', 'queued')
    .where('run_at', '<=', now)
    .groupBy('name')
    .orderBy('name')
    .execute();
  let oldest: number | null = null;
  let dueCount = 0;
  const dueByName = rows.map((r) => {
    const at = new Date(r.oldest as Date | string).getTime();
    if (oldest === null || at < oldest) oldest = at;
    dueCount += Number(r.n);
    return { name: r.name, due: Number(r.n) };
  });
  return { dueByName, dueCount, oldestDueAgeMs: oldest === null ? 0 : Math.max(0, now.getTime() - oldest) };
}

/** What the Health Monitor reads of the queue (decision 018): the backlog, and the jobs that died of late. */
export type QueueHealth = QueueBacklog & {
  /** Jobs that died (ran out of attempts) in the last 24 hours. */
  deadLastDay: number;
};

export async function getQueueHealth({ db, now = new Date() }: { db: Db; now?: Date }): Promise<QueueHealth> {
  const backlog = await getQueueBacklog({ db, now });
  const dead = await db
    .selectFrom('jobs')
    .select((e) => e.fn.countAll<string | number>().as('n'))
    .where('state', '=', 'dead')
    .where('updated_at', '>', new Date(now.getTime() - 24 * 60 * 60 * 1000))
    .executeTakeFirst();
  return { ...backlog, deadLastDay: Number(dead?.n ?? 0) };
}

/** When a job of this name last completed (a scheduled job's last slot: is its role running somewhere?). */
export async function lastCompletedAt({ db, name }: { db: Db; name: string }): Promise<Date | null> {
  const row = await db
    .selectFrom('jobs')
    .select((e) => e.fn.max('completed_at').as('at'))
    .where('name', '=', name)
    .where('state', '=', 'completed')
    .executeTakeFirst();
  return row?.at ? new Date(row.at as Date | string) : null;
}
