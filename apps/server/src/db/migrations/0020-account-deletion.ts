import { type Kysely, sql } from 'kysely';

/**
 * Deleting an account anonymises it (issue 16, users.delete): users.deleted_at marks it. Its personal details are
 * erased, it can no longer sign in and its keys no longer work, while its payments, fees and audit rows (the money
 * records) stay, under the same account id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN deleted_at timestamptz`.execute(db);
}
