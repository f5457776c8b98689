import { randomId } from '@coinlane/core/ids';
import { type Kysely, sql } from 'kysely';

/**
 * The payment engine: currencies, fees, exchange rates, payment links, payments, transfers, platform fees
 * and the outbox. Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15+.
 *
 * Money: crypto amounts are numeric(78,0) integers of base units with `decimals` beside them; fiat amounts
 * are numeric with their currency. Merchant-owned money rows carry `user_id` and `mode`.
 *
 * The currency seed is written out here, not read from @coinlane/core's catalogue, so this migration stays
 * what it was when it shipped; a test checks that it matches the catalogue of the same release.
 */

type Seed = {
  symbol: string;
  name: string;
  network: string;
  decimals: number;
  contract: string | null;
  confirmations: number;
  min: string;
};

// Confirmations: the merchant spec's network table (bitcoin 1, ethereum 12, tron 20, polygon 128, bsc 15,
// avalanche 1); litecoin 6 and dogecoin 40 (docs/decisions/002-money-and-rates.md); the other networks as
// in packages/core/src/currencies.ts. Minimum: one display unit (0.01 for 2-decimal coins, else the
// admin spec's default 0.00000001, never below one base unit). Maximum: the admin spec's default 1000000.
// Tron contracts are base58, not the admin form's 0x format, so the tron row stores none until the tron
// adapter is written.
// biome-ignore format: one currency per line reads as a table
export const CURRENCY_SEED: readonly Seed[] = [
  { symbol: 'BTC', name: 'Bitcoin', network: 'bitcoin', decimals: 8, contract: null, confirmations: 1, min: '0.00000001' },
  { symbol: 'ETH', name: 'Ethereum', network: 'ethereum', decimals: 18, contract: null, confirmations: 12, min: '0.00000001' },
  { symbol: 'USDT', name: 'Tether USD', network: 'ethereum', decimals: 6, contract: '0xdAC17F958D2ee523a2206206994597C13D831ec7', confirmations: 12, min: '0.01' },
  { symbol: 'USDT', name: 'Tether USD', network: 'tron', decimals: 6, contract: null, confirmations: 20, min: '0.01' },
  { symbol: 'USDT', name: 'Tether USD', network: 'polygon', decimals: 6, contract: '0xc2132D05D31c914a87C6611C10748AEb04B58e8F', confirmations: 128, min: '0.01' },
  { symbol: 'USDT', name: 'Tether USD', network: 'binance-smart-chain', decimals: 18, contract: '0x55d398326f99059fF775485246999027B3197955', confirmations: 15, min: '0.01' },
  { symbol: 'USDC', name: 'USD Coin', network: 'ethereum', decimals: 6, contract: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', confirmations: 12, min: '0.01' },
  { symbol: 'USDC', name: 'USD Coin', network: 'polygon', decimals: 6, contract: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359', confirmations: 128, min: '0.01' },
  { symbol: 'USDC', name: 'USD Coin', network: 'avalanche', decimals: 6, contract: '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E', confirmations: 1, min: '0.01' },
  { symbol: 'USDC', name: 'USD Coin', network: 'binance-smart-chain', decimals: 18, contract: '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d', confirmations: 15, min: '0.01' },
  { symbol: 'LTC', name: 'Litecoin', network: 'litecoin', decimals: 8, contract: null, confirmations: 6, min: '0.00000001' },
  { symbol: 'DOGE', name: 'Dogecoin', network: 'dogecoin', decimals: 8, contract: null, confirmations: 40, min: '0.00000001' },
  { symbol: 'BCH', name: 'Bitcoin Cash', network: 'bitcoin-cash', decimals: 8, contract: null, confirmations: 6, min: '0.00000001' },
  { symbol: 'DAI', name: 'Dai', network: 'ethereum', decimals: 18, contract: '0x6B175474E89094C44Da98b954EedeAC495271d0F', confirmations: 12, min: '0.01' },
  { symbol: 'BNB', name: 'BNB', network: 'binance-smart-chain', decimals: 18, contract: null, confirmations: 15, min: '0.00000001' },
  { symbol: 'MATIC', name: 'Polygon', network: 'polygon', decimals: 18, contract: null, confirmations: 128, min: '0.00000001' },
  { symbol: 'SOL', name: 'Solana', network: 'solana', decimals: 9, contract: null, confirmations: 32, min: '0.00000001' },
  { symbol: 'ADA', name: 'Cardano', network: 'cardano', decimals: 6, contract: null, confirmations: 15, min: '0.000001' },
  { symbol: 'AVAX', name: 'Avalanche', network: 'avalanche', decimals: 18, contract: null, confirmations: 1, min: '0.00000001' },
  { symbol: 'LINK', name: 'Chainlink', network: 'ethereum', decimals: 18, contract: '0x514910771AF9Ca656af840dff83E8264EcF986CA', confirmations: 12, min: '0.00000001' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE supported_cryptocurrencies (
      id text PRIMARY KEY,
      symbol text NOT NULL CHECK (symbol ~ '^[A-Z0-9]{2,10}$'),
      name text NOT NULL CHECK (btrim(name) <> ''),
      network text NOT NULL CHECK (btrim(network) <> ''),
      decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 18),
      contract_address text CHECK (contract_address IS NULL OR contract_address ~ '^0x[0-9a-fA-F]{40}$'),
      icon_url text,
      min_amount numeric NOT NULL DEFAULT 0.00000001 CHECK (min_amount > 0),
      max_amount numeric NOT NULL DEFAULT 1000000,
      -- Percent. NULL: the platform fee of fee_structures applies; a value replaces it for this currency.
      fee_percentage numeric CHECK (fee_percentage BETWEEN 0 AND 100),
      required_confirmations integer NOT NULL CHECK (required_confirmations BETWEEN 1 AND 10000),
      enabled boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (max_amount > min_amount),
      UNIQUE (symbol, network)
    );

    CREATE TABLE fee_structures (
      type text PRIMARY KEY CHECK (type IN ('platform', 'withdrawal', 'processing')),
      percentage numeric NOT NULL DEFAULT 0 CHECK (percentage BETWEEN 0 AND 100),
      -- USD amounts.
      minimum_fee numeric CHECK (minimum_fee >= 0),
      maximum_fee numeric CHECK (maximum_fee >= 0),
      fixed_amount numeric NOT NULL DEFAULT 0 CHECK (fixed_amount >= 0),
      currency text NOT NULL DEFAULT 'USD',
      updated_by text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (minimum_fee IS NULL OR maximum_fee IS NULL OR maximum_fee >= minimum_fee)
    );
    INSERT INTO fee_structures (type, percentage, minimum_fee, maximum_fee, fixed_amount) VALUES
      ('platform', 1, 0, NULL, 0),
      ('withdrawal', 0, NULL, NULL, 0),
      ('processing', 0, NULL, NULL, 0);

    -- The latest quote of each (source, base, symbol), exactly as the source gave it:
    -- quote 'base_per_symbol': 1 symbol costs rate base (CoinGecko: 1 BTC = 95000.12 USD);
    -- quote 'symbol_per_base': 1 base buys rate symbol (the spec's fiat table: 1 USD = 0.85 EUR).
    CREATE TABLE exchange_rates (
      source text NOT NULL,
      base text NOT NULL,
      symbol text NOT NULL,
      rate numeric NOT NULL CHECK (rate > 0),
      quote text NOT NULL CHECK (quote IN ('base_per_symbol', 'symbol_per_base')),
      fetched_at timestamptz NOT NULL,
      updated_by text,
      PRIMARY KEY (source, base, symbol)
    );

    CREATE TABLE payment_links (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'completed', 'expired')),
      currency text NOT NULL,
      network text NOT NULL,
      decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 36),
      -- Crypto amount in base units: fixed by the merchant, or priced from the fiat amount at creation.
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      fiat_amount numeric CHECK (fiat_amount > 0),
      fiat_currency text,
      description text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      expires_in_hours integer,
      expires_at timestamptz,
      completed_at timestamptz,
      completed_payment_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((fiat_amount IS NULL) = (fiat_currency IS NULL))
    );
    CREATE INDEX payment_links_owner_idx ON payment_links (user_id, mode, created_at DESC, id DESC);
    CREATE INDEX payment_links_expiry_idx ON payment_links (expires_at) WHERE status = 'active';

    CREATE TABLE payments (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      payment_link_id text REFERENCES payment_links (id),
      attempt integer NOT NULL DEFAULT 1,
      status text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'partial', 'confirmed', 'failed', 'expired')),
      exception text NOT NULL DEFAULT 'none'
        CHECK (exception IN ('none', 'paid_partial', 'paid_over', 'paid_late')),
      failure_reason text,
      currency text NOT NULL,
      network text NOT NULL,
      decimals integer NOT NULL CHECK (decimals BETWEEN 0 AND 36),
      contract_address text,
      -- Base units. amount_* are sums over the payment's transfers, kept by the one state-changing function.
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      amount_received numeric(78, 0) NOT NULL DEFAULT 0,
      amount_confirmed numeric(78, 0) NOT NULL DEFAULT 0,
      amount_late numeric(78, 0) NOT NULL DEFAULT 0,
      confirmations integer NOT NULL DEFAULT 0,
      required_confirmations integer NOT NULL CHECK (required_confirmations >= 1),
      tx_hash text,
      address text NOT NULL,
      fiat_amount numeric CHECK (fiat_amount > 0),
      fiat_currency text,
      usd_amount numeric,
      -- The rate locked for this attempt (display form) and where it came from.
      locked_crypto_rate text,
      locked_fiat_rate text,
      rate_source text,
      rate_locked_at timestamptz,
      description text,
      customer_email text,
      metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
      expires_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((fiat_amount IS NULL) = (fiat_currency IS NULL)),
      UNIQUE (network, address)
    );
    CREATE INDEX payments_owner_idx ON payments (user_id, mode, created_at DESC, id DESC);
    CREATE INDEX payments_link_idx ON payments (payment_link_id, created_at DESC);
    CREATE INDEX payments_open_expiry_idx ON payments (expires_at) WHERE status IN ('pending', 'partial');

    CREATE TABLE transfers (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      payment_id text NOT NULL REFERENCES payments (id),
      network text NOT NULL,
      currency text NOT NULL,
      decimals integer NOT NULL,
      txid text NOT NULL,
      -- Output index (UTXO) or log index (EVM token transfer); 0 for a native EVM transfer.
      output_index integer NOT NULL CHECK (output_index >= 0),
      address text NOT NULL,
      amount numeric(78, 0) NOT NULL CHECK (amount > 0),
      confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'confirmed', 'removed')),
      -- First seen after its payment had expired or failed.
      is_late boolean NOT NULL DEFAULT false,
      block_height bigint,
      block_hash text,
      seen_at timestamptz NOT NULL,
      confirmed_at timestamptz,
      removed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (network, txid, output_index)
    );
    CREATE INDEX transfers_payment_idx ON transfers (payment_id, seen_at);
    CREATE INDEX transfers_pending_idx ON transfers (mode, seen_at) WHERE status = 'pending';

    -- The platform fee of a confirmed payment: invoiced to the merchant, never withheld from the payment.
    CREATE TABLE platform_fees (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      payment_id text NOT NULL UNIQUE REFERENCES payments (id),
      currency text NOT NULL,
      network text NOT NULL,
      decimals integer NOT NULL,
      -- The payment's amount due (base units), the percentage applied, and the fee in base units.
      base_amount numeric(78, 0) NOT NULL,
      percentage numeric NOT NULL,
      fee_amount numeric(78, 0) NOT NULL CHECK (fee_amount >= 0),
      -- USD value of the payment at its locked rate, and the fee in USD after the minimum and maximum.
      usd_amount numeric,
      fee_usd numeric,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'invoiced')),
      invoiced_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX platform_fees_owner_idx ON platform_fees (user_id, mode, created_at);

    -- Events for webhooks and live updates, in commit order per merchant (seq).
    CREATE TABLE outbox_events (
      id text PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      type text NOT NULL,
      entity_type text NOT NULL,
      entity_id text NOT NULL,
      payload jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX outbox_events_owner_idx ON outbox_events (user_id, mode, seq);
    CREATE INDEX outbox_events_entity_idx ON outbox_events (entity_id, seq);
  `.execute(db);

  for (const c of CURRENCY_SEED) {
    await sql`
      INSERT INTO supported_cryptocurrencies
        (id, symbol, name, network, decimals, contract_address, min_amount, max_amount, required_confirmations)
      VALUES
        (${randomId('cur')}, ${c.symbol}, ${c.name}, ${c.network}, ${c.decimals}, ${c.contract},
         ${c.min}::numeric, 1000000, ${c.confirmations})
    `.execute(db);
  }
}
