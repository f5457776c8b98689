import type { Db } from '#app/db/connection.ts';
import type { RateQuote } from './rate-source.ts';

export const selectStoredRates = (db: Db) =>
  db.selectFrom('exchange_rates').selectAll().orderBy('symbol').orderBy('base').orderBy('source').execute();

/**
 * Stores the latest quote per (source, base, symbol); an older quote never replaces a newer one (two
 * schedulers refreshing at once, or a source answering late).
 */
export async function upsertQuotes(
  db: Db,
  source: string,
  quotes: readonly (RateQuote & { fetchedAt: Date })[],
  updatedBy: string | null = null,
) {
  if (quotes.length === 0) return 0;
  const res = await db
    .insertInto('exchange_rates')
    .values(
      quotes.map((q) => ({
        source,
        base: q.base,
        symbol: q.symbol,
        rate: q.rate,
        quote: q.quote,
        fetched_at: q.fetchedAt,
        updated_by: updatedBy,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['source', 'base', 'symbol'])
        .doUpdateSet((eb) => ({
          rate: eb.ref('excluded.rate'),
          quote: eb.ref('excluded.quote'),
          fetched_at: eb.ref('excluded.fetched_at'),
          updated_by: eb.ref('excluded.updated_by'),
        }))
        .whereRef('exchange_rates.fetched_at', '<=', 'excluded.fetched_at'),
    )
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0);
}
