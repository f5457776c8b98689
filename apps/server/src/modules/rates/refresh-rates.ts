import { FIAT_CODES } from '@coinlane/core/currencies';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { listCurrencySymbols } from '#app/modules/currencies/queries.ts';
import { upsertQuotes } from './queries.ts';
import type { RateQuote, RateSource } from './rate-source.ts';

export type RefreshResult = { source: string; stored: number; error?: string };

/**
 * Asks each market source for the coins of supported_cryptocurrencies (against USD and the link fiat
 * currencies) and stores the answers. The network calls happen before, and outside, the short write
 * transaction. A failing source is logged and skipped; the others still refresh.
 */
export async function refreshRates({
  db,
  sources,
  log,
}: {
  db: Db;
  sources: readonly RateSource[];
  log?: FastifyBaseLogger;
}): Promise<RefreshResult[]> {
  const symbols = await listCurrencySymbols(db);
  const results: RefreshResult[] = [];
  for (const source of sources) {
    if (source.kind !== 'market') continue;
    let quotes: RateQuote[];
    try {
      quotes = await source.fetchQuotes({ symbols, fiats: FIAT_CODES.filter((f) => f !== 'USD') });
    } catch (err) {
      log?.warn({ source: source.id, err: (err as Error).message }, 'rate refresh failed');
      results.push({ source: source.id, stored: 0, error: (err as Error).message });
      continue;
    }
    const dated = quotes.filter((q): q is RateQuote & { fetchedAt: Date } => q.fetchedAt !== null);
    const stored = await db.transaction().execute((trx) => upsertQuotes(trx, source.id, dated));
    log?.debug({ source: source.id, stored }, 'rates refreshed');
    results.push({ source: source.id, stored });
  }
  return results;
}
