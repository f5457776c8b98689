import { type Kysely, sql } from 'kysely';

/**
 * The merchant's dashboard and transaction screens (issue 5): the analytics sum confirmed payments of one
 * merchant and mode by time of confirmation (this month, the previous month, the last 30 days); this partial
 * index keeps those reads to the confirmed rows. The transaction list uses payments_owner_idx (0002).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX payments_confirmed_idx ON payments (user_id, mode, confirmed_at)
      WHERE status = 'confirmed'
  `.execute(db);
}
