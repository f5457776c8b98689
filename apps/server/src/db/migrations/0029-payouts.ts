import { type Kysely, sql } from 'kysely';

/**
 * Payouts with conversion (issue 18, docs/decisions/024-auto-conversion.md).
 * - user_settings.max_slippage_bps: the most a conversion may lose against the time-weighted average price, in
 *   basis points (default 1 %). Committed into each swapping deposit address when a payment is created.
 * - user_settings.payouts_requested_at: the merchant's last "Move now" (auto_payout_enabled off): payments
 *   confirmed by then are flushed by the next round.
 * - payout_rules: "convert payments in from_currency on from_network into to_currency, paid to wallet_id, for
 *   payments of at least min_amount". Account-wide like wallets (no mode). At most one enabled rule per (merchant,
 *   from currency, from network). swap_route: on an EVM network, the Uniswap V3 route found when the rule was
 *   saved ({ tokens, fees }); null where an exchange provider converts (Bitcoin-family coins). Deleting sets
 *   deleted_at: payments keep naming the rule they were created under.
 * - payments.payout_rule_id / payments.conversion: the rule a payment was created under and the facts fixed then
 *   (EVM: target token, route, slippage, TWAP window, recipient; provider: the shift's id, quote, settle address),
 *   so editing or deleting a rule never changes a payment under way.
 * - payouts: every movement Coinlane arranges toward a merchant's wallet (a forwarder flush, plain or with a
 *   swap, a provider's shift): the history entry. One per (payment, flush) for flushes and one per shift.
 * - conversion_shifts: a provider's shift followed until it settles (status polled by a job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE user_settings ADD COLUMN max_slippage_bps integer NOT NULL DEFAULT 100
      CHECK (max_slippage_bps BETWEEN 10 AND 500);
    ALTER TABLE user_settings ADD COLUMN payouts_requested_at timestamptz;

    CREATE TABLE payout_rules (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      from_currency text NOT NULL,
      from_network text NOT NULL,
      to_currency text NOT NULL,
      wallet_id text NOT NULL REFERENCES wallets (id),
      min_amount numeric NOT NULL CHECK (min_amount >= 0),
      enabled boolean NOT NULL DEFAULT true,
      swap_route jsonb,
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX payout_rules_one_enabled_key ON payout_rules (user_id, from_currency, from_network)
      WHERE enabled AND deleted_at IS NULL;
    CREATE INDEX payout_rules_owner_idx ON payout_rules (user_id, created_at DESC, id DESC) WHERE deleted_at IS NULL;

    ALTER TABLE payments ADD COLUMN payout_rule_id text REFERENCES payout_rules (id);
    ALTER TABLE payments ADD COLUMN conversion jsonb;

    CREATE TABLE conversion_shifts (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      payment_id text NOT NULL UNIQUE REFERENCES payments (id),
      provider text NOT NULL,
      provider_shift_id text NOT NULL,
      quote_id text,
      deposit_address text NOT NULL,
      deposit_currency text NOT NULL,
      deposit_network text NOT NULL,
      deposit_amount numeric NOT NULL,
      settle_currency text NOT NULL,
      settle_network text NOT NULL,
      settle_amount numeric NOT NULL,
      settle_address text NOT NULL,
      refund_address text,
      rate numeric NOT NULL,
      status text NOT NULL,
      settle_tx_hash text,
      deposit_tx_hash text,
      expires_at timestamptz NOT NULL,
      next_check_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (provider, provider_shift_id)
    );
    CREATE INDEX conversion_shifts_due_idx ON conversion_shifts (next_check_at) WHERE finished_at IS NULL;

    CREATE TABLE payouts (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      payment_id text REFERENCES payments (id),
      rule_id text REFERENCES payout_rules (id),
      kind text NOT NULL CHECK (kind IN ('flush', 'swap', 'shift')),
      network text NOT NULL,
      original_amount numeric NOT NULL CHECK (original_amount >= 0),
      original_currency text NOT NULL,
      converted_amount numeric,
      payout_currency text NOT NULL,
      exchange_rate numeric,
      fee numeric,
      fee_currency text,
      fee_details jsonb NOT NULL DEFAULT '{}'::jsonb,
      wallet_address text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'completed', 'failed')),
      tx_hash text,
      failure_reason text,
      evm_flush_id text REFERENCES evm_flushes (id),
      conversion_shift_id text REFERENCES conversion_shifts (id),
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payouts_owner_idx ON payouts (user_id, created_at DESC, id DESC);
    CREATE INDEX payouts_pending_idx ON payouts (user_id) WHERE status = 'pending';
    CREATE UNIQUE INDEX payouts_flush_key ON payouts (payment_id, evm_flush_id) WHERE evm_flush_id IS NOT NULL;
    CREATE UNIQUE INDEX payouts_shift_key ON payouts (conversion_shift_id) WHERE conversion_shift_id IS NOT NULL;
  `.execute(db);
}
