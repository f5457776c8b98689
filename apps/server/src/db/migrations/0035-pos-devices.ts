import { type Kysely, sql } from 'kysely';

/**
 * Issue 20, decision 026: the point of sale. A merchant's devices (a shop counter's tablet or phone), each with a
 * device credential hashed at rest like an API key (SHA-256 of `cl_pos_<mode>_...`, a 16-character display
 * prefix), a one-time pairing code stored keyed (HMAC under APP_SECRET_KEY, like the 6-digit codes) until it is
 * exchanged or lapses, and revoked_at (the row stays for the audit trail). pos_sales names the device that rang
 * up each payment, so a device lists its own sales of the day. The audit log gains the actor type pos_device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE pos_devices (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      fiat_currency text NOT NULL,
      credential_prefix text,
      credential_hash text,
      pairing_code_hash text,
      pairing_expires_at timestamptz,
      paired_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      CHECK ((credential_hash IS NULL) = (credential_prefix IS NULL)),
      CHECK ((pairing_code_hash IS NULL) = (pairing_expires_at IS NULL))
    );
    CREATE UNIQUE INDEX pos_devices_credential_hash_key ON pos_devices (credential_hash);
    CREATE UNIQUE INDEX pos_devices_pairing_code_hash_key ON pos_devices (pairing_code_hash);
    CREATE INDEX pos_devices_owner_idx ON pos_devices (user_id, mode, created_at) WHERE revoked_at IS NULL;

    CREATE TABLE pos_sales (
      payment_id text PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
      device_id text NOT NULL REFERENCES pos_devices (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pos_sales_device_day_idx ON pos_sales (device_id, created_at);

    ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_type_check;
    ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_type_check
      CHECK (actor_type IN ('user', 'admin', 'api_key', 'pos_device', 'system'));
  `.execute(db);
}
