import { type Kysely, sql } from 'kysely';

/**
 * Live UTXO chains, the watcher side (issue 6, docs/decisions/009-utxo-watcher.md):
 * - chain_cursors: per network, the last block processed (height and hash), and what the watcher last saw
 *   (node tip, last error, last block time), which the health endpoint reports from any process.
 * - chain_blocks: the hashes of the last ~100 processed blocks per network, to find the fork point of a
 *   reorganisation by comparing them with the node's chain.
 * - transfers_chain_open_idx: the watcher's per-loop reads of a network's transfers still moving
 *   (unconfirmed, or confirmed in a block but below the required depth).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE chain_cursors (
      network text PRIMARY KEY,
      -- null until the watcher has taken its starting block
      height integer,
      hash text,
      node_tip integer,
      last_error text,
      last_error_at timestamptz,
      last_block_time timestamptz,
      status_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE chain_blocks (
      network text NOT NULL,
      height integer NOT NULL,
      hash text NOT NULL,
      previous_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (network, height)
    )
  `.execute(db);
  await sql`
    CREATE INDEX transfers_chain_open_idx ON transfers (network, mode, block_hash)
      WHERE status = 'pending'
  `.execute(db);
  await sql`CREATE INDEX transfers_block_hash_idx ON transfers (network, block_hash)`.execute(db);
  await sql`CREATE INDEX payments_network_created_idx ON payments (network, mode, created_at)`.execute(db);
}
