import { type Kysely, sql } from 'kysely';

/**
 * The platform fee's settings join the read caches (db/read-caches.ts, `platform_fee`): the fee structures table
 * announces its writes on the cache channel as the tables of migration 0038 do (same function, same statement-level
 * trigger), so that every process drops what it kept of them at the commit of any change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TRIGGER cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON fee_structures
    FOR EACH STATEMENT EXECUTE FUNCTION coinlane_cache_changed();
  `.execute(db);
}
