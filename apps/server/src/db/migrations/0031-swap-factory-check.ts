import { type Kysely, sql } from 'kysely';

/**
 * Issue 18 (docs/decisions/024-auto-conversion.md): chain_cursors.swap_factory, the swapping forwarder factory
 * (CHAIN_<NETWORK>_SWAP_FACTORY) the network's watcher found deployed on its node with the code of a version Coinlane
 * ships, bound to Uniswap contracts present there. Swapping deposit addresses are handed out, and payout rules find
 * their routes, only under the factory recorded here, as forwarder addresses only under chain_cursors.factory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE chain_cursors ADD COLUMN swap_factory text`.execute(db);
}
