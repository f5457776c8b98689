import { type Kysely, sql } from 'kysely';

/**
 * Subscriptions (issue 17, docs/decisions/023-subscriptions.md): plans, subscribers and one invoice per period.
 * - subscription_plans: a merchant's plan in one mode; price in the plan currency (USD, BTC, ETH, USDT) as an
 *   exact decimal; renewal_lead_days (invoice issued this many days before a period ends) and grace_days. A plan
 *   with subscribers is never removed: deleting it (refused while it has active subscribers) sets deleted_at.
 * - subscriptions: one subscriber of a plan, paying with one coin (currency, network). The current paid period
 *   runs current_period_start..current_period_end (periods counted from anchor_at, period anchor_period being the
 *   first after it). next_action / next_action_at is what the renewal job does next and when, on the subscriber's
 *   clock; due_at is the same instant in real time (next_action_at less the test clock's offset, clock_offset_ms,
 *   always 0 in live mode): the job takes rows whose due_at has passed through the partial index. open_invoice_id:
 *   the invoice waiting to be paid. credit: overpayment kept for the next invoice, in the plan currency.
 *   At most one open (incomplete, active, past_due) subscription per plan and e-mail.
 * - subscription_invoices: UNIQUE (subscription_id, period): two workers or a restart never issue a period twice.
 *   An invoice with something to pay has a payment link (payment_links.kind = 'invoice') that takes an address only
 *   when the subscriber opens it, as every link does.
 * - subscription_portal_tokens: the SHA-256 of each portal link's token, with its expiry.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE subscription_plans (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      name text NOT NULL,
      description text,
      price numeric NOT NULL CHECK (price > 0),
      currency text NOT NULL CHECK (currency IN ('USD', 'BTC', 'ETH', 'USDT')),
      interval text NOT NULL CHECK (interval IN ('monthly', 'yearly')),
      features jsonb NOT NULL DEFAULT '[]'::jsonb,
      active boolean NOT NULL DEFAULT true,
      renewal_lead_days integer NOT NULL DEFAULT 3 CHECK (renewal_lead_days BETWEEN 0 AND 28),
      grace_days integer NOT NULL DEFAULT 7 CHECK (grace_days BETWEEN 0 AND 30),
      deleted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscription_plans_owner_idx
      ON subscription_plans (user_id, mode, created_at DESC, id DESC) WHERE deleted_at IS NULL;

    CREATE TABLE subscriptions (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      plan_id text NOT NULL REFERENCES subscription_plans (id),
      email text NOT NULL,
      language text NOT NULL DEFAULT 'en',
      currency text NOT NULL,
      network text NOT NULL,
      status text NOT NULL DEFAULT 'incomplete'
        CHECK (status IN ('incomplete', 'active', 'past_due', 'cancelled', 'expired')),
      cancel_at_period_end boolean NOT NULL DEFAULT false,
      anchor_at timestamptz,
      anchor_period integer NOT NULL DEFAULT 0,
      period_index integer NOT NULL DEFAULT -1,
      current_period_start timestamptz,
      current_period_end timestamptz,
      open_invoice_id text,
      grace_reminded boolean NOT NULL DEFAULT false,
      credit numeric NOT NULL DEFAULT 0 CHECK (credit >= 0),
      total_paid_usd numeric NOT NULL DEFAULT 0,
      clock_offset_ms bigint NOT NULL DEFAULT 0,
      next_action text
        CHECK (next_action IN ('expire_incomplete', 'issue_renewal', 'end_period', 'remind_grace', 'end_grace')),
      next_action_at timestamptz,
      due_at timestamptz,
      created_via text NOT NULL CHECK (created_via IN ('subscribe_page', 'merchant')),
      cancelled_at timestamptz,
      ended_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((next_action IS NULL) = (due_at IS NULL))
    );
    CREATE INDEX subscriptions_due_idx ON subscriptions (due_at) WHERE due_at IS NOT NULL;
    CREATE INDEX subscriptions_owner_idx ON subscriptions (user_id, mode, created_at DESC, id DESC);
    CREATE INDEX subscriptions_plan_idx ON subscriptions (plan_id, status);
    CREATE UNIQUE INDEX subscriptions_one_open_idx
      ON subscriptions (plan_id, email) WHERE status IN ('incomplete', 'active', 'past_due');

    CREATE TABLE subscription_invoices (
      id text PRIMARY KEY,
      subscription_id text NOT NULL REFERENCES subscriptions (id),
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      period integer NOT NULL CHECK (period >= 0),
      period_start timestamptz,
      period_end timestamptz,
      amount numeric NOT NULL CHECK (amount > 0),
      credit_applied numeric NOT NULL DEFAULT 0 CHECK (credit_applied >= 0),
      amount_due numeric NOT NULL CHECK (amount_due >= 0),
      currency text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'void')),
      due_at timestamptz NOT NULL,
      payment_link_id text UNIQUE REFERENCES payment_links (id),
      payment_id text REFERENCES payments (id),
      due_reminded boolean NOT NULL DEFAULT false,
      paid_at timestamptz,
      voided_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subscription_id, period)
    );

    CREATE TABLE subscription_portal_tokens (
      token_hash text PRIMARY KEY,
      subscription_id text NOT NULL REFERENCES subscriptions (id),
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscription_portal_tokens_subscription_idx ON subscription_portal_tokens (subscription_id);

    ALTER TABLE payment_links ADD COLUMN kind text NOT NULL DEFAULT 'link' CHECK (kind IN ('link', 'invoice'));
  `.execute(db);
}
