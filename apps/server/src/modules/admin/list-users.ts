import type { TAdminUser } from '@coinlane/core/api/admin';
import type { Db } from '#app/db/connection.ts';
import { selectUsers, toAdminUser } from './queries.ts';

/** Every account, newest first (admin spec 7: all users load at once, no paging). */
export async function listUsers({ db }: { db: Db }): Promise<TAdminUser[]> {
  return (await selectUsers(db)).map(toAdminUser);
}
