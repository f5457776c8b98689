import { type Kysely, sql } from 'kysely';

// Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15+: nothing newer than 15 is used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id text PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'suspended')),
      kyc_status text NOT NULL DEFAULT 'pending' CHECK (kyc_status IN ('pending', 'verified', 'rejected')),
      email_confirmed_at timestamptz,
      mode text NOT NULL DEFAULT 'test' CHECK (mode IN ('test', 'live')),
      last_login_at timestamptz,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE user_profiles (
      id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      email text NOT NULL,
      is_admin boolean NOT NULL DEFAULT false,
      admin_role text CHECK (admin_role IN ('super_admin', 'support_admin', 'finance_admin', 'compliance_admin')),
      first_name text,
      last_name text,
      name text,
      business_name text,
      website text,
      phone text,
      business_type text,
      description text,
      address text,
      city text,
      country text,
      postal_code text,
      avatar_url text,
      risk_score integer NOT NULL DEFAULT 5 CHECK (risk_score BETWEEN 0 AND 10),
      documents jsonb NOT NULL DEFAULT '[]'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE user_settings (
      user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      auto_conversion_enabled boolean NOT NULL DEFAULT false,
      conversion_currency text NOT NULL DEFAULT 'USDT',
      email_notifications boolean NOT NULL DEFAULT true,
      webhook_notifications boolean NOT NULL DEFAULT true,
      payment_alerts boolean NOT NULL DEFAULT true,
      api_key_expiry_days integer NOT NULL DEFAULT 90,
      default_currency text NOT NULL DEFAULT 'BTC',
      theme text NOT NULL DEFAULT 'dark' CHECK (theme IN ('dark', 'light', 'auto')),
      language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es', 'fr', 'de')),
      auto_payout_enabled boolean NOT NULL DEFAULT true,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE sessions (
      id text PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mode text NOT NULL DEFAULT 'test' CHECK (mode IN ('test', 'live')),
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_user_idx ON sessions (user_id);

    CREATE TABLE login_challenges (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      wrong_attempts integer NOT NULL DEFAULT 0,
      sent_count integer NOT NULL DEFAULT 1,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      consumed_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX login_challenges_user_idx ON login_challenges (user_id);

    CREATE TABLE email_tokens (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('confirm_email', 'password_reset')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, kind);

    CREATE TABLE login_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      user_id text,
      ip text NOT NULL,
      success boolean NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX login_attempts_email_idx ON login_attempts (email, created_at);
    CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, created_at);

    CREATE TABLE system_settings (
      category text NOT NULL,
      key text NOT NULL,
      value text NOT NULL,
      updated_by text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (category, key)
    );

    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      actor_id text,
      actor_type text NOT NULL CHECK (actor_type IN ('user', 'admin', 'api_key', 'system')),
      action text NOT NULL,
      entity_type text NOT NULL,
      entity_id text,
      mode text CHECK (mode IN ('test', 'live')),
      before jsonb,
      after jsonb,
      ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at);
    CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at);

    CREATE TABLE dev_mail (
      id text PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY,
      to_address text NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
  `.execute(db);
}
