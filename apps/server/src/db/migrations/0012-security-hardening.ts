import { type Kysely, sql } from 'kysely';

/**
 * Issue 12 (security hardening):
 * - email_tokens.kind gains 'revoke_api_keys': the single-use link of the password-reset notice that revokes
 *   every API key of the account in one click.
 * - Six-digit codes are now stored as HMAC-SHA256 under a key derived from APP_SECRET_KEY (lib/crypto
 *   hashShortCode). Codes issued before this migration were stored unkeyed: they are voided (a sign-in in
 *   progress asks for a new code, a wallet being whitelisted sends a new one), so no unkeyed hash of a live code
 *   stays in the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_kind_check;
    ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_kind_check
      CHECK (kind IN ('confirm_email', 'password_reset', 'revoke_api_keys'));
    UPDATE login_challenges SET revoked_at = now() WHERE consumed_at IS NULL AND revoked_at IS NULL;
    UPDATE wallets SET code_hash = NULL, code_expires_at = NULL WHERE code_hash IS NOT NULL;
  `.execute(db);
}
