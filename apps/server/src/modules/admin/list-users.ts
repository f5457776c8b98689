import type { TAdminUser } from '@coinlane/core/api/admin';
import type { Db } from '#app/db/connection.ts';
import { selectUsers, toAdminUsers } from './queries.ts';

/**
 * Every account, newest first (admin spec 7: all users load at once, no paging), with its live transaction count
 * and volumes (one grouped query over payments).
 */
export async function listUsers({ db }: { db: Db }): Promise<TAdminUser[]> {
  return toAdminUsers(db, await selectUsers(db));
}
