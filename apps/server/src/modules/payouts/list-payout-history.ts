import type { TPayoutHistoryPage, TPayoutHistoryQuery } from '@coinlane/core/api/payouts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { presentPayout } from './present-payout.ts';

/**
 * The merchant's payout history, newest first (created_at, then id), `limit` entries after the cursor `before`
 * (the id of the previous page's last entry; one of another merchant or none at all gives an empty page), with
 * the status filter. Account-wide like wallets and rules.
 */
export async function listPayoutHistory({
  db,
  userId,
  query,
}: {
  db: Db;
  userId: string;
  query: TPayoutHistoryQuery;
}): Promise<TPayoutHistoryPage> {
  let q = db.selectFrom('payouts').selectAll().where('user_id', '=', userId);
  if (query.status) q = q.where('status', '=', query.status);
  if (query.before) {
    const cursor = query.before;
    q = q.where(
      sql<boolean>`(created_at, id) < (SELECT c.created_at, c.id FROM payouts c WHERE c.id = ${cursor} AND c.user_id = ${userId})`,
    );
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(presentPayout),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
