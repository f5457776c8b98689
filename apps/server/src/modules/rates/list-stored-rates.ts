import type { TStoredRate } from '@coinlane/core/api/rates';
import { formatRational } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import { selectStoredRates } from './queries.ts';
import { RateBook } from './rate-book.ts';

/** Every stored quote (market and manual), with its age: what the admin's rates screen lists. */
export async function listStoredRates({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<TStoredRate[]> {
  const rows = await selectStoredRates(db);
  return rows.map((r) => ({
    source: r.source,
    base: r.base,
    symbol: r.symbol,
    rate: r.rate,
    quote: r.quote,
    unitsPerBase: formatRational(RateBook.unitsPerBase(r)),
    fetchedAt: r.fetched_at.toISOString(),
    ageSeconds: Math.max(0, Math.floor((now.getTime() - r.fetched_at.getTime()) / 1000)),
    updatedBy: r.updated_by,
  }));
}
