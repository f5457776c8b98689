import { type Kysely, sql } from 'kysely';

/**
 * Risk, sanctions and approval (issue 16; docs/decisions/021-risk-sanctions-and-approval.md):
 * - payments: the customer's IP (the hosted page's caller, deleted after CUSTOMER_IP_RETENTION_DAYS) and its
 *   country (ISO code, 'Unknown' when the offline database has none; null when nothing was recorded: API payments);
 *   the risk score (1-10; 5 until scored) and fraud flags of the rule set, and when they were computed; an
 *   administrator's approval (who, when, why).
 * - transfers: the payer addresses a watcher saw (EVM sender or token Transfer `from`, UTXO spent outputs'
 *   addresses); null when unknown.
 * - sanctions_imports / sanctioned_addresses: the digital currency addresses of the last imported OFAC SDN list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments
      ADD COLUMN customer_ip text,
      ADD COLUMN customer_country text,
      ADD COLUMN risk_score smallint NOT NULL DEFAULT 5 CHECK (risk_score BETWEEN 1 AND 10),
      ADD COLUMN fraud_flags text[] NOT NULL DEFAULT '{}',
      ADD COLUMN risk_scored_at timestamptz,
      ADD COLUMN approved_at timestamptz,
      ADD COLUMN approved_by text,
      ADD COLUMN approval_reason text
  `.execute(db);
  // The prune job finds the IPs past their retention; the velocity rule counts one IP's recent payments.
  await sql`CREATE INDEX payments_customer_ip_idx ON payments (customer_ip, created_at) WHERE customer_ip IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX payments_risk_idx ON payments (mode, risk_score)`.execute(db);
  await sql`CREATE INDEX payments_customer_email_lower_idx ON payments (lower(customer_email), created_at) WHERE customer_email IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE transfers ADD COLUMN payer_addresses text[]`.execute(db);

  await sql`
    CREATE TABLE sanctions_imports (
      id text PRIMARY KEY,
      source_file text NOT NULL,
      file_sha256 text NOT NULL,
      published_on date,
      address_count integer NOT NULL,
      imported_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE sanctioned_addresses (
      address_key text PRIMARY KEY,
      address text NOT NULL,
      asset text NOT NULL,
      party_name text,
      party_ref text,
      import_id text NOT NULL REFERENCES sanctions_imports (id)
    )
  `.execute(db);
}
