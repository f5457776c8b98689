import { type Kysely, sql } from 'kysely';

/**
 * KYC documents (issue 16, decision 019). A merchant's identity and business documents live in PostgreSQL, each
 * sealed with AES-256-GCM under APP_SECRET_KEY (`sealed`: nonce, tag and ciphertext; the plaintext is never
 * stored), so every API process serves them and a backup holds them only encrypted. The account carries the
 * review: the reason of a rejection and who reviewed it when. The unused `user_profiles.documents` list of names
 * goes: the documents are rows now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN kyc_rejection_reason text,
      ADD COLUMN kyc_reviewed_at timestamptz,
      ADD COLUMN kyc_reviewed_by text REFERENCES users(id) ON DELETE SET NULL
  `.execute(db);
  await sql`
    CREATE TABLE kyc_documents (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('identity', 'proof_of_address', 'business_registration')),
      file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 160),
      content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
      size_bytes integer NOT NULL CHECK (size_bytes BETWEEN 1 AND 10485760),
      sealed bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  // Ciphertext does not compress: store it out of line without trying.
  await sql`ALTER TABLE kyc_documents ALTER COLUMN sealed SET STORAGE EXTERNAL`.execute(db);
  await sql`CREATE INDEX kyc_documents_user_idx ON kyc_documents (user_id, created_at DESC)`.execute(db);
  await sql`ALTER TABLE user_profiles DROP COLUMN documents`.execute(db);
}
