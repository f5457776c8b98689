import { type Kysely, sql } from 'kysely';

/**
 * The job claim (jobs/queue.ts claimJob) takes the earliest job among its worker's names that is queued with its
 * run_at come (or running with its lease passed). Queued jobs were indexed by run_at alone (jobs_queued_idx), so a
 * claim read every due queued job of other names too: with 100,000 subscriber mails queued for the webhooks role,
 * each claim of a scheduler process read all of them (about 20 ms on PostgreSQL 15, 26 ms on PGlite). Indexed by
 * (name, run_at) under the claim's own condition on queued rows, it reads only its names' due jobs (0.1 ms on
 * both; decision 004). jobs_queued_idx stays: the queue's health (oldest due job of any name) reads it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX jobs_queued_name_idx ON jobs (name, run_at) WHERE state = 'queued'`.execute(db);
}
