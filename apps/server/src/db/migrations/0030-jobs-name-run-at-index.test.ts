import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPGlite, openPostgres } from '#app/db/connection.ts';
import { migrateTo, migrateToLatest } from '#app/db/migrate.ts';
import { claimJob } from '#app/jobs/queue.ts';

// Migration 0030 on a queue written under 0028: the claim's index on queued jobs by (name, run_at), and claims that
// take the same jobs in the same order as before (their own names only, the earliest due first, a passed lease).

let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the schema before 0030 is not db/schema.ts's
let db: Kysely<any>;
let dropDatabase: (() => Promise<void>) | null = null;

async function freshDatabase(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPGlite();
  const name = `coinlane_m30_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 2);
}

const MAIL = 'subscriptions.subscriber_mail';
const SCHEDULER = ['subscriptions.advance', 'subscriptions.advance_batch', 'payments.expire'];
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  await migrateTo(db, '0028-subscriptions');
  const job = (id: string, name: string, runAt: Date, more: Record<string, unknown> = {}) =>
    db
      .insertInto('jobs')
      .values({ id, name, payload: '{}', run_at: runAt, ...more })
      .execute();
  // Mails due before the scheduler's jobs, a scheduler job not due yet, one whose worker died an hour ago.
  await job('mail_1', MAIL, ago(50));
  await job('mail_2', MAIL, ago(40));
  await job('advance_due', 'subscriptions.advance', ago(10));
  await job('expire_later', 'payments.expire', new Date(Date.now() + 60_000));
  await job('batch_lost', 'subscriptions.advance_batch', ago(60), {
    state: 'running',
    attempts: 1,
    locked_by: 'dead-worker',
    locked_until: ago(59),
  });
  await migrateToLatest(db);
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
});

describe('migration 0030', () => {
  it('indexes queued jobs by name and due time', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      SELECT indexdef FROM pg_indexes WHERE tablename = 'jobs' AND indexname = 'jobs_queued_name_idx'`.execute(
      db,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.indexdef).toMatch(/\(name, run_at\) WHERE \(state = 'queued'::text\)$/);
  });

  it('a claim takes the jobs of its names only, earliest first, a passed lease among them; the others wait', async () => {
    const taken: string[] = [];
    for (;;) {
      const job = await claimJob({ db, workerId: 'scheduler', names: SCHEDULER });
      if (!job) break;
      taken.push(job.id);
    }
    expect(taken).toEqual(['batch_lost', 'advance_due']);
    expect((await claimJob({ db, workerId: 'webhooks', names: [MAIL] }))?.id).toBe('mail_1');
    expect((await claimJob({ db, workerId: 'webhooks', names: [MAIL] }))?.id).toBe('mail_2');
    expect(await claimJob({ db, workerId: 'webhooks', names: [MAIL] })).toBeNull();
  });
});
