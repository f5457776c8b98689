import { type Kysely, sql } from 'kysely';

/**
 * The price history of payments (docs/decisions/005-hosted-payment-page.md, "The price lock"): a payment link's
 * attempt whose rate lock lapses with nothing seen is re-priced in place (same address, new amount due at the
 * current rate, new lock end). Each re-price is one row here, written in the transaction that changes the payment:
 * the amount before and after, the lock that ended and the new one, the rate that priced the new amount. The
 * merchant sees them with the payment (GET /payments/{id}, `priceChanges`); a single-address wallet keeps an
 * earlier amount of an open payment reserved and matched to it for 24 hours, as it does the amounts of expired ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_price_changes (
      id text PRIMARY KEY,
      payment_id text NOT NULL REFERENCES payments (id),
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      amount_before numeric(78, 0) NOT NULL CHECK (amount_before > 0),
      amount_after numeric(78, 0) NOT NULL CHECK (amount_after > 0),
      lock_ended_at timestamptz NOT NULL,
      locked_until timestamptz NOT NULL,
      usd_amount numeric,
      locked_crypto_rate text,
      locked_fiat_rate text,
      rate_source text,
      changed_at timestamptz NOT NULL
    );
    CREATE INDEX payment_price_changes_payment_idx ON payment_price_changes (payment_id, changed_at);
  `.execute(db);
}
