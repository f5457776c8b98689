import type { Db } from '#app/db/connection.ts';

/** When an account was created (its age is a fact of the risk rules), or null for an unknown id. */
export async function accountCreatedAt({ db, userId }: { db: Db; userId: string }): Promise<Date | null> {
  const row = await db.selectFrom('users').select('created_at').where('id', '=', userId).executeTakeFirst();
  return row?.created_at ?? null;
}
