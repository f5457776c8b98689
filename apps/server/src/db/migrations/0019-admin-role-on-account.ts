import { type Kysely, sql } from 'kysely';

/**
 * The admin role is stored on the account and is the only source of truth (issue 16): `user_profiles.admin_role`
 * is one of the four roles of the admin spec (section 6) or null for a merchant, and `is_admin` is derived from it
 * (a generated column, so nothing can set one without the other). The spec's client treated every is_admin
 * account as super_admin; an account that was is_admin with no role becomes super_admin here, which keeps what it
 * could do. A role given to a non-admin account before (is_admin false) is dropped: it granted nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE user_profiles SET admin_role = 'super_admin' WHERE is_admin AND admin_role IS NULL;
    UPDATE user_profiles SET admin_role = NULL WHERE NOT is_admin AND admin_role IS NOT NULL;
    ALTER TABLE user_profiles DROP COLUMN is_admin;
    ALTER TABLE user_profiles ADD COLUMN is_admin boolean GENERATED ALWAYS AS (admin_role IS NOT NULL) STORED;
  `.execute(db);
}
