import { type Kysely, sql } from 'kysely';

/**
 * Issue 7, after review of the flush job (docs/decisions/010-evm-forwarders.md):
 * - payments.forwarder_factory: the factory a forwarder payment's deposit address was computed under. The flush
 *   job takes only payments of the factory configured now, and the merchant's own flush call uses the payment's
 *   factory, so changing CHAIN_<NETWORK>_FACTORY never strands older payments nor blocks the queue.
 * - payments.flush_attempts / flush_retry_at: a payment whose flush request failed (a merchant address that
 *   refuses ETH, a token that blacklists it) waits 1, 2, 4 ... minutes (at most a day) before it is tried again,
 *   and payments never tried go first: one failing payment cannot burn the gas wallet or hold up the others.
 * - chain_cursors.factory: the factory the network's watcher found deployed on its node (code present and its
 *   CREATE2 prediction equal to Coinlane's): forwarder deposit addresses are handed out only under it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN forwarder_factory text;
    UPDATE payments SET forwarder_factory = f.factory
      FROM (SELECT DISTINCT ON (network) network, factory FROM evm_flushes ORDER BY network, created_at DESC) f
      WHERE payments.deposit_salt IS NOT NULL AND payments.network = f.network;
    ALTER TABLE payments ADD COLUMN flush_attempts integer NOT NULL DEFAULT 0;
    ALTER TABLE payments ADD COLUMN flush_retry_at timestamptz;
    ALTER TABLE chain_cursors ADD COLUMN factory text;
    DROP INDEX payments_flush_candidates_idx;
    CREATE INDEX payments_flush_candidates_idx ON payments (network, flush_attempts, confirmed_at)
      WHERE deposit_salt IS NOT NULL AND status = 'confirmed' AND mode = 'live';
  `.execute(db);
}
