import { type Kysely, sql } from 'kysely';

// API keys and stored Idempotency-Key replies. Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15+.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE api_keys (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      key_prefix text NOT NULL,
      key_hash text NOT NULL,
      permissions jsonb NOT NULL CHECK (
        jsonb_typeof(permissions) = 'array'
        AND jsonb_array_length(permissions) > 0
        AND permissions <@ '["read", "write", "webhook"]'::jsonb
      ),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      expires_at timestamptz,
      revoked_at timestamptz
    );
    CREATE UNIQUE INDEX api_keys_key_hash_key ON api_keys (key_hash);
    CREATE INDEX api_keys_owner_idx ON api_keys (user_id, mode, created_at) WHERE revoked_at IS NULL;

    CREATE TABLE idempotency_keys (
      owner text NOT NULL,
      key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 255),
      method text NOT NULL,
      path text NOT NULL,
      request_hash text NOT NULL,
      status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed')),
      response_status integer,
      response_body text,
      created_at timestamptz NOT NULL DEFAULT now(),
      locked_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      PRIMARY KEY (owner, key)
    );
    CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
  `.execute(db);
}
