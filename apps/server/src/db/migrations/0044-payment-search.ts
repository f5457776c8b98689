import { type Kysely, sql } from 'kysely';

/**
 * A trigram index for the merchant's transaction search (decision 032): the id, the customer e-mail (the column or
 * the one its metadata gives) and the description joined by spaces, in a GIN index of its trigrams (pg_trgm) behind
 * the merchant's id (btree_gin), so that `ILIKE '%term%'` for one merchant reads the posting lists of the term's
 * trigrams and the merchant instead of every row the merchant has. Both extensions ship with PostgreSQL and are
 * trusted (a database owner may create them, PostgreSQL 13 and later); the embedded database loads them when it opens
 * (db/connection.ts).
 *
 * The expression is written again in modules/payments/find-merchant-payments.ts (`searchTextSql`): PostgreSQL uses the
 * index only for the same expression, so the two must not drift (find-merchant-payments-search.test.ts checks the
 * plan on PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
  await sql`
    CREATE INDEX payments_search_idx ON payments USING gin (
      user_id,
      (id || ' ' || coalesce(customer_email, metadata->>'customerEmail', metadata->>'customer_email',
        metadata->>'email', '') || ' ' || coalesce(description, '')) gin_trgm_ops
    )
  `.execute(db);
}
