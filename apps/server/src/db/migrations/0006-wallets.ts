import { type Kysely, sql } from 'kysely';

/**
 * Merchant wallets (issue 6): payout addresses and extended public keys, account-wide (not per mode). A key is
 * stored sealed (lib/secret-box.ts) in `address_sealed`; `address_hash` (sha256 of the canonical form) keeps a
 * merchant from adding the same wallet twice; `address_display` is the masked form shown in lists. Single
 * addresses are public data and stay readable in `address_sealed` too (sealed the same way, one code path).
 * `chain_mode` records the chain mode the wallet was checked against (mainnet, testnet, regtest).
 * Payments gain `wallet_id` and `derivation_index`: which wallet and which child address received them.
 * See docs/decisions/008-wallets.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE wallets (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      currency text NOT NULL,
      network text NOT NULL,
      chain_mode text NOT NULL CHECK (chain_mode IN ('mainnet', 'testnet', 'regtest')),
      kind text NOT NULL CHECK (kind IN ('xpub', 'address')),
      address_sealed text NOT NULL,
      address_hash text NOT NULL,
      address_display text NOT NULL,
      script_type text NOT NULL,
      label text NOT NULL CHECK (char_length(label) BETWEEN 1 AND 100),
      is_default boolean NOT NULL DEFAULT false,
      verified boolean NOT NULL DEFAULT false,
      verified_at timestamptz,
      next_index integer NOT NULL DEFAULT 0 CHECK (next_index >= 0),
      code_hash text,
      code_expires_at timestamptz,
      code_wrong_attempts integer NOT NULL DEFAULT 0,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX wallets_owner_address_key ON wallets (user_id, network, address_hash) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX wallets_one_default_key ON wallets (user_id, currency, network)
      WHERE is_default AND deleted_at IS NULL;
    CREATE INDEX wallets_owner_idx ON wallets (user_id, created_at) WHERE deleted_at IS NULL;

    ALTER TABLE payments ADD COLUMN wallet_id text REFERENCES wallets (id);
    ALTER TABLE payments ADD COLUMN derivation_index integer;
    CREATE INDEX payments_wallet_idx ON payments (wallet_id, derivation_index) WHERE wallet_id IS NOT NULL;

    -- An address may now serve several payments over time: a key's address of a payment that expired unpaid
    -- is handed out again (gap policy), and a single-address wallet tells payments apart by amount. Two OPEN
    -- payments still never share an address, except on a single-address wallet.
    ALTER TABLE payments DROP CONSTRAINT payments_network_address_key;
    CREATE INDEX payments_network_address_idx ON payments (network, address, created_at);
    CREATE UNIQUE INDEX payments_open_address_key ON payments (network, address)
      WHERE status IN ('pending', 'partial') AND (wallet_id IS NULL OR derivation_index IS NOT NULL);
  `.execute(db);
}
