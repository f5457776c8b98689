import type { Db } from '#app/db/connection.ts';
import { readCachesOf } from '#app/db/read-caches.ts';
import { selectStoredRates } from './queries.ts';
import { RateBook, type RateEntry } from './rate-book.ts';
import type { RateSourceKind } from './rate-source.ts';
import { fallbackFiatSource, testPriceSource } from './static-sources.ts';

/** Kind of a stored source: 'manual' rows are an admin's; every other stored source is a market feed. */
const kindOfStored = (source: string): RateSourceKind => (source === 'manual' ? 'manual' : 'market');

/**
 * Every known quote: the stored ones (market, manual) plus the built-in tables. One read, or none: outside a
 * transaction the stored quotes come from the process's read cache (db/read-caches.ts), dropped in every process
 * when the refresh or an admin stores a quote. Each caller builds its rate book at its own time, so a quote's age is
 * judged as on a fresh read.
 */
export async function loadRateEntries({ db }: { db: Db }): Promise<RateEntry[]> {
  const cache = readCachesOf(db)?.cache<RateEntry[]>('exchange_rates');
  return cache ? cache.get('', () => readRateEntries(db)) : readRateEntries(db);
}

async function readRateEntries(db: Db): Promise<RateEntry[]> {
  const rows = await selectStoredRates(db);
  const entries: RateEntry[] = rows.map((r) => ({
    source: r.source,
    kind: kindOfStored(r.source),
    base: r.base,
    symbol: r.symbol,
    rate: r.rate,
    quote: r.quote,
    fetchedAt: r.fetched_at,
  }));
  for (const source of [fallbackFiatSource, testPriceSource]) {
    for (const q of await source.fetchQuotes({ symbols: [], fiats: [] })) {
      entries.push({ ...q, source: source.id, kind: source.kind });
    }
  }
  return entries;
}

/** Every known rate at `now`: the stored quotes (market, manual) plus the built-in tables. One read. */
export async function loadRateBook({
  db,
  now = new Date(),
  maxAgeSeconds,
}: {
  db: Db;
  now?: Date;
  maxAgeSeconds: number;
}): Promise<RateBook> {
  return new RateBook(await loadRateEntries({ db }), { now, maxAgeSeconds });
}
