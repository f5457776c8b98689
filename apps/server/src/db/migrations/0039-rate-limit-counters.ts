import { type Kysely, sql } from 'kysely';

/**
 * The API limits' request counters shared by every server process on this database (http/shared-rate-limit-store.ts,
 * decision 029): one row per key and window length (a minute, an hour), its window started at the key's first hit
 * anywhere. Each process adds what it counted every 250 ms in one statement; rows whose window ended an hour ago are
 * deleted. Unlogged: counters are worth nothing after a crash (PostgreSQL empties an unlogged table then), and they
 * are written often.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE UNLOGGED TABLE rate_limit_counters (
      key text NOT NULL,
      window_ms integer NOT NULL CHECK (window_ms > 0),
      started_at timestamptz NOT NULL,
      count integer NOT NULL CHECK (count >= 0),
      PRIMARY KEY (key, window_ms)
    );
  `.execute(db);
}
