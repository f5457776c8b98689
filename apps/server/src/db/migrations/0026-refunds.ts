import { type Kysely, sql } from 'kysely';

/**
 * Refunds without custody (issue 16, docs/decisions/022-refunds-without-custody.md): a refund is a request that the
 * merchant pays from its own wallet to an address the customer gives through a link.
 * - refunds: one row per request, in the coin the payment received (network, currency, contract, decimals copied
 *   from it), amount in base units. status: awaiting_address -> awaiting_payment -> paid, or canceled / expired.
 *   The customer's link carries a token: only its SHA-256 is stored (token_hash), with its expiry. The watcher
 *   marks a refund paid by the transfer (paid_txid, paid_output_index) it saw in block paid_block_*, each
 *   transfer paying at most one refund (unique); watch_from_height: the watcher's cursor when it first watched the
 *   address (only transfers in later blocks count).
 * - payments.amount_refunded: the sum of the payment's paid refunds (base units), kept by the refunds module
 *   through the payments module, so lists filter and show refunded payments without reading the refunds table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE refunds (
      id text PRIMARY KEY,
      payment_id text NOT NULL REFERENCES payments (id),
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      network text NOT NULL,
      currency text NOT NULL,
      contract_address text,
      decimals integer NOT NULL CHECK (decimals >= 0),
      -- EVM: the chain the payment was paid on (the refund's EIP-681 URI names it); null elsewhere.
      chain_id integer,
      amount numeric(78,0) NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'awaiting_address'
        CHECK (status IN ('awaiting_address', 'awaiting_payment', 'paid', 'canceled', 'expired')),
      address text,
      address_given_at timestamptz,
      token_hash text NOT NULL UNIQUE,
      token_expires_at timestamptz NOT NULL,
      customer_notified boolean NOT NULL DEFAULT false,
      requested_by_type text NOT NULL CHECK (requested_by_type IN ('admin', 'user', 'api_key')),
      requested_by_id text,
      reason text,
      watch_from_height integer,
      paid_txid text,
      paid_output_index integer,
      paid_block_height integer,
      paid_block_hash text,
      paid_amount numeric(78,0),
      paid_at timestamptz,
      canceled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status = 'paid') = (paid_txid IS NOT NULL)),
      CHECK (status = 'awaiting_address' OR status = 'expired' OR status = 'canceled' OR address IS NOT NULL)
    );
    CREATE INDEX refunds_payment_idx ON refunds (payment_id, created_at);
    CREATE INDEX refunds_owner_idx ON refunds (user_id, mode, created_at);
    CREATE INDEX refunds_watched_idx ON refunds (network, mode) WHERE status = 'awaiting_payment';
    CREATE UNIQUE INDEX refunds_paid_transfer_idx ON refunds (network, paid_txid, paid_output_index)
      WHERE paid_txid IS NOT NULL;

    ALTER TABLE payments ADD COLUMN amount_refunded numeric(78,0) NOT NULL DEFAULT 0
      CHECK (amount_refunded >= 0);
    CREATE INDEX payments_refunded_idx ON payments (mode, created_at) WHERE amount_refunded > 0;
  `.execute(db);
}
