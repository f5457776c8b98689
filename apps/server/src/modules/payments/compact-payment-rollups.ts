import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** Log rows folded per statement. */
const BATCH = 5000;

/**
 * The stripe a past hour of `payment_usd_hours` is folded into: no connection writes it (they write
 * `pg_backend_pid() & 63`, migration 0046), so a fold never waits for a creation's lock nor a creation for a fold's.
 */
export const FOLDED_STRIPE = 64;

/**
 * Folds the payments' rollup logs into their tables (migrations 0042, 0043; decision 031): the oldest log rows are
 * deleted and added to `payment_totals`, or to `payment_volume_slots` and `payment_volume_days`, in ONE statement each,
 * so a reader (which sums the tables and the logs) never sees a change twice or not at all. Rows another run is folding
 * are skipped (`SKIP LOCKED`), and each statement adds its groups in key order, so two runs at once neither wait for
 * the same log rows nor deadlock on the same groups. Also folds the merchants' past hours of `payment_usd_hours`
 * (migration 0046, decision 038): every stripe row of an hour before the current one goes into the hour's
 * `FOLDED_STRIPE` row, the same way, so the risk read sums one row per past hour. Returns the rows folded.
 */
export async function compactPaymentRollups({
  db,
}: {
  db: Db;
}): Promise<{ totals: number; volume: number; hours: number }> {
  const totals = await foldAll(
    db,
    sql`
      WITH moved AS (
        DELETE FROM payment_totals_log WHERE id IN (
          SELECT id FROM payment_totals_log ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING *
      ),
      added AS (
        INSERT INTO payment_totals AS t
          (user_id, mode, status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding)
        SELECT user_id, mode, status, currency, decimals, sum(payments), sum(confirmed_cents), sum(kept_units),
               sum(kept_cents), sum(holding)
        FROM moved GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
        ON CONFLICT (user_id, mode, status, currency, decimals) DO UPDATE SET
          payments = t.payments + EXCLUDED.payments,
          confirmed_cents = t.confirmed_cents + EXCLUDED.confirmed_cents,
          kept_units = t.kept_units + EXCLUDED.kept_units,
          kept_cents = t.kept_cents + EXCLUDED.kept_cents,
          holding = t.holding + EXCLUDED.holding
      )
      SELECT count(*)::text AS n FROM moved`,
  );
  const volume = await foldAll(
    db,
    sql`
      WITH moved AS (
        DELETE FROM payment_volume_log WHERE id IN (
          SELECT id FROM payment_volume_log ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING *
      ),
      slots AS (
        INSERT INTO payment_volume_slots AS v (user_id, mode, at, payments, cents)
        SELECT user_id, mode, at, sum(payments), sum(cents) FROM moved GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (user_id, mode, at) DO UPDATE SET payments = v.payments + EXCLUDED.payments, cents = v.cents + EXCLUDED.cents
      ),
      days AS (
        INSERT INTO payment_volume_days AS v (user_id, mode, at, payments, cents)
        SELECT user_id, mode, date_trunc('day', at, 'UTC'), sum(payments), sum(cents) FROM moved
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (user_id, mode, at) DO UPDATE SET payments = v.payments + EXCLUDED.payments, cents = v.cents + EXCLUDED.cents
      )
      SELECT count(*)::text AS n FROM moved`,
  );
  const hours = await foldAll(
    db,
    sql`
      WITH moved AS (
        DELETE FROM payment_usd_hours WHERE (user_id, mode, hour, stripe) IN (
          SELECT user_id, mode, hour, stripe FROM payment_usd_hours
          WHERE stripe < ${FOLDED_STRIPE} AND hour < date_trunc('hour', now(), 'UTC')
          LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING *
      ),
      added AS (
        INSERT INTO payment_usd_hours AS h (user_id, mode, hour, stripe, payments, usd)
        SELECT user_id, mode, hour, ${FOLDED_STRIPE}, sum(payments), sum(usd) FROM moved
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        ON CONFLICT (user_id, mode, hour, stripe) DO UPDATE SET
          payments = h.payments + EXCLUDED.payments, usd = h.usd + EXCLUDED.usd
      )
      SELECT count(*)::text AS n FROM moved`,
  );
  return { totals, volume, hours };
}

/** Runs a fold of at most BATCH log rows until one folds fewer; returns the rows folded in all. */
async function foldAll(db: Db, fold: RawBuilder<unknown>): Promise<number> {
  let folded = 0;
  for (;;) {
    const r = await sql<{ n: string }>`${fold}`.execute(db);
    const n = Number(r.rows[0]?.n ?? 0);
    folded += n;
    if (n < BATCH) return folded;
  }
}
