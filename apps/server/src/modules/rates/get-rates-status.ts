import type { TRatesStatus } from '@coinlane/core/api/rates';
import type { Db } from '#app/db/connection.ts';

/** How fresh the stored market rates are: the newest quote of any market source ('manual' rows are not market). */
export async function getRatesStatus({
  db,
  maxAgeSeconds,
  now = new Date(),
}: {
  db: Db;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<TRatesStatus> {
  const row = await db
    .selectFrom('exchange_rates')
    .select((e) => e.fn.max('fetched_at').as('newest'))
    .where('source', '<>', 'manual')
    .executeTakeFirst();
  const newest = row?.newest ? new Date(row.newest as Date | string) : null;
  return {
    marketUpdatedAt: newest ? newest.toISOString() : null,
    stale: newest === null || now.getTime() - newest.getTime() > maxAgeSeconds * 1000,
    maxAgeSeconds,
  };
}
