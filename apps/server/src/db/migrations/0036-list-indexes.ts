import { type Kysely, sql } from 'kysely';

/**
 * Issue 21 (decision 006, "At a million payments"; `npm run bench -- lists`): indexes for the merchant's lists at
 * 1,000,000 payments, one merchant with 200,000, each chosen from the plans (EXPLAIN ANALYZE) of the queries the
 * lists send; the figures are in the decision record. Plain b-tree indexes: the same on PostgreSQL and PGlite.
 *
 * - payments_owner_status_idx: a page filtered by status read in order from the index (Pending, 1 % of the rows,
 *   no longer walks the merchant's newest rows of every other status first).
 * - payments_owner_figures_idx: the figures over a merchant's payments (the list's summary per status, the
 *   dashboard's counts, the balances per coin) as index-only scans of that merchant's entries, which carry every
 *   column those sums read, instead of a scan of the whole table.
 *
 * Tried and left out (the record says why): trigram GIN indexes for the search (faster for the merchant with
 * 200,000 payments, slower for every small one) and an index in order of confirmation (the planner kept its sort).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX payments_owner_status_idx ON payments (user_id, mode, status, created_at DESC, id DESC);
    CREATE INDEX payments_owner_figures_idx ON payments (user_id, mode, status, currency, decimals)
      INCLUDE (amount, amount_confirmed, amount_refunded, usd_amount);
  `.execute(db);
}
