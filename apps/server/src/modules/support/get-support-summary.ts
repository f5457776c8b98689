import type { TSupportSummary } from '@coinlane/core/api/support';
import type { Db } from '#app/db/connection.ts';
import { countUnresolved } from './queries.ts';

/** The sidebar's Support badge (GET /admin/support/summary, support.read): open and in-progress tickets. */
export async function getSupportSummary({ db }: { db: Db }): Promise<TSupportSummary> {
  return { unresolved: await countUnresolved(db) };
}
