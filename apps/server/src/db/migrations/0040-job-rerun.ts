import { type Kysely, sql } from 'kysely';

/**
 * `jobs.rerun`: a unique job (webhook delivery, one per endpoint) asked for while it runs is run once more when it
 * returns, instead of the request being dropped (jobs/queue.ts, enqueueJob's `rerunIfRunning`). Without it, a
 * delivery created after the running job's last look, but before the job was marked completed, waited for the
 * dispatcher's next scheduled slot (up to a second) to get a job again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE jobs ADD COLUMN rerun boolean NOT NULL DEFAULT false`.execute(db);
}
