import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** Log rows folded per statement. */
const BATCH = 5000;

/**
 * Folds the payments' rollup logs into their tables (migrations 0042, 0043; decision 031): the oldest log rows are
 * deleted and added to `payment_totals`, or to `payment_volume_slots` and `payment_volume_days`, in ONE statement each,
 * so a reader (which sums the tables and the logs) never sees a change twice or not at all. Rows another run is folding
 * are skipped (`SKIP LOCKED`), and each statement adds its groups in key order, so two runs at once neither wait for
 * the same log rows nor deadlock on the same groups. Returns the log rows folded.
 */
export async function compactPaymentRollups({ db }: { db: Db }): Promise<{ totals: number; volume: number }> {
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
  return { totals, volume };
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
