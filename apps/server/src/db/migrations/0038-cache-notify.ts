import { type Kysely, sql } from 'kysely';

/**
 * The cache channel (db/read-caches.ts, decision 029): after any statement that writes one of the tables whose
 * rows the servers keep in memory (API keys and their owners, system settings, the coin catalogue, stored rates),
 * NOTIFY `coinlane_cache` with the table's name. Delivered at commit (dropped on rollback; one per table and
 * transaction, as PostgreSQL folds identical notifications), so every process drops what it kept of that table,
 * whoever wrote it. A statement-level trigger: a bulk write announces itself once.
 */
const TABLES = [
  'api_keys',
  'users',
  'user_profiles',
  'system_settings',
  'supported_cryptocurrencies',
  'exchange_rates',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION coinlane_cache_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('coinlane_cache', TG_TABLE_NAME);
      RETURN NULL;
    END
    $$;
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER cache_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
      FOR EACH STATEMENT EXECUTE FUNCTION coinlane_cache_changed();
    `.execute(db);
  }
}
