import { type Kysely, sql } from 'kysely';

/**
 * Issue 15: the payments row carries no column of one chain family, so a new family adds none
 * (docs/architecture.md "Data", docs/decisions/010-evm-forwarders.md). The data is kept:
 * - payments.chain_details: the family's facts of how the payment is paid, fixed at creation, one zod schema per
 *   family (packages/core/src/chain-details.ts). EVM: { chainId, depositSalt?, forwarderFactory? } from the columns
 *   chain_id (0008), deposit_salt (0008) and forwarder_factory (0011), absent keys where they were null; '{}' for
 *   every other payment (UTXO, test network).
 * - payments.shared_address: the address is a single-address wallet's, shared by its payments and told apart by
 *   amount (decision 008): what the predicate wallet_id IS NOT NULL AND derivation_index IS NULL AND deposit_salt IS
 *   NULL said. payments_open_address_key (0008) keeps every other open payment's address its own.
 * - payment_flushes: the flush job's bookkeeping of a forwarder payment (0009, 0011, 0014), one row per payment paid
 *   to a forwarder deposit address, written with the payment; copied from payments for existing ones.
 * - The flush candidates index (0011: network, flush_attempts, confirmed_at) becomes one on payments by
 *   (network, confirmed_at) over confirmed live forwarder payments; flush_attempts is in payment_flushes now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments ADD COLUMN chain_details jsonb NOT NULL DEFAULT '{}'::jsonb
      CHECK (jsonb_typeof(chain_details) = 'object');
    ALTER TABLE payments ADD COLUMN shared_address boolean NOT NULL DEFAULT false;
    UPDATE payments SET chain_details = jsonb_strip_nulls(jsonb_build_object(
        'chainId', chain_id, 'depositSalt', deposit_salt, 'forwarderFactory', forwarder_factory))
      WHERE chain_id IS NOT NULL OR deposit_salt IS NOT NULL OR forwarder_factory IS NOT NULL;
    UPDATE payments SET shared_address = true
      WHERE wallet_id IS NOT NULL AND derivation_index IS NULL AND deposit_salt IS NULL;

    CREATE TABLE payment_flushes (
      payment_id text PRIMARY KEY REFERENCES payments (id),
      -- the last flush that moved the deposit address to the merchant: when, its transaction (null: found already
      -- empty, nothing sent) and block; a confirmed transfer in a block at or after flush_block makes it due again
      flushed_at timestamptz,
      flush_tx text,
      flush_block integer,
      -- failed flush requests so far, and when the job may try again (also the end of a deferral for dust)
      flush_attempts integer NOT NULL DEFAULT 0,
      flush_retry_at timestamptz,
      -- the largest batch the payment may be sent in after a batch of it reverted; null: any
      flush_batch_max integer,
      -- left as dust: looked at again after flush_retry_at or once a transfer confirmed in this block or later
      flush_deferred_block integer
    );
    INSERT INTO payment_flushes (payment_id, flushed_at, flush_tx, flush_block, flush_attempts, flush_retry_at,
        flush_batch_max, flush_deferred_block)
      SELECT id, flushed_at, flush_tx, flush_block, flush_attempts, flush_retry_at, flush_batch_max,
        flush_deferred_block
      FROM payments WHERE deposit_salt IS NOT NULL;

    DROP INDEX payments_flush_candidates_idx;
    CREATE INDEX payments_flush_candidates_idx ON payments (network, confirmed_at)
      WHERE status = 'confirmed' AND mode = 'live' AND chain_details ? 'depositSalt';
    DROP INDEX payments_open_address_key;
    CREATE UNIQUE INDEX payments_open_address_key ON payments (network, address, currency)
      WHERE status IN ('pending', 'partial') AND NOT shared_address;

    ALTER TABLE payments
      DROP COLUMN deposit_salt,
      DROP COLUMN chain_id,
      DROP COLUMN forwarder_factory,
      DROP COLUMN flushed_at,
      DROP COLUMN flush_tx,
      DROP COLUMN flush_block,
      DROP COLUMN flush_attempts,
      DROP COLUMN flush_retry_at,
      DROP COLUMN flush_batch_max,
      DROP COLUMN flush_deferred_block;
  `.execute(db);
}
