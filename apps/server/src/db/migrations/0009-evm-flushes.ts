import { type Kysely, sql } from 'kysely';

/**
 * Flushing forwarder deposit addresses (issue 7, docs/decisions/010-evm-forwarders.md):
 * - evm_flushes: one row per flushMany transaction of the operator's gas wallet: its payments, the signed
 *   transaction (re-broadcast after a restart), and once mined its status, gas used, price and cost in wei.
 *   At most one flush per network is in flight (`preparing` or `sent`): the partial unique index is the lock
 *   that keeps two processes from spending the gas wallet's nonce twice, and a payment out of two flushes.
 * - payments.flushed_at / flush_tx / flush_block: the last flush that moved the payment's deposit address to the
 *   merchant. A confirmed transfer in a block at or after flush_block makes the payment due again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE evm_flushes (
      id text PRIMARY KEY,
      network text NOT NULL,
      chain_id integer NOT NULL,
      status text NOT NULL DEFAULT 'preparing'
        CHECK (status IN ('preparing', 'sent', 'confirmed', 'reverted', 'failed')),
      from_address text NOT NULL,
      factory text NOT NULL,
      -- JSON arrays of payment ids: all of the transaction, then (once mined) those flushed and those whose
      -- request failed (retried by a later flush)
      payment_ids jsonb NOT NULL,
      -- the deposit address of each payment, in the same order (to read the transaction's per-request events)
      forwarders jsonb NOT NULL DEFAULT '[]'::jsonb,
      flushed_payment_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
      failed_payment_ids jsonb NOT NULL DEFAULT '[]'::jsonb,
      nonce integer,
      tx_hash text,
      raw_tx text,
      block_number integer,
      gas_used numeric(78, 0),
      effective_gas_price numeric(78, 0),
      cost_wei numeric(78, 0),
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz,
      confirmed_at timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX evm_flushes_in_flight_key ON evm_flushes (network)
      WHERE status IN ('preparing', 'sent');
    CREATE INDEX evm_flushes_network_created_idx ON evm_flushes (network, created_at);
    ALTER TABLE payments ADD COLUMN flushed_at timestamptz;
    ALTER TABLE payments ADD COLUMN flush_tx text;
    ALTER TABLE payments ADD COLUMN flush_block integer;
    CREATE INDEX payments_flush_candidates_idx ON payments (network, confirmed_at)
      WHERE deposit_salt IS NOT NULL AND status = 'confirmed' AND mode = 'live';
  `.execute(db);
}
