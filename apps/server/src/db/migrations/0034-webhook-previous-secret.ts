import { type Kysely, sql } from 'kysely';

/**
 * Issue 20 (decision 004): a rotated webhook secret keeps signing for 24 hours beside the new one, so a merchant
 * deploys the new secret before the old one stops and drops no event. previous_secret_sealed is the secret the
 * endpoint had before its last rotation, sealed under APP_SECRET_KEY with the endpoint's id as the current one is
 * (moved over as sealed, never opened); previous_secret_expires_at is the rotation's time + 24 hours. Both are set
 * or both null. A second rotation within the 24 hours keeps only the secret it replaces (the oldest stops then);
 * past its expiry the previous secret is ignored and the next rotation overwrites it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_sealed text;
    ALTER TABLE webhook_endpoints ADD COLUMN previous_secret_expires_at timestamptz;
    ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_previous_secret_check
      CHECK ((previous_secret_sealed IS NULL) = (previous_secret_expires_at IS NULL));
  `.execute(db);
}
