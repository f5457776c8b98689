import { FIAT_CODES } from '@coinlane/core/currencies';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#app/db/connection.ts';
import { listCurrencySymbols } from '#app/modules/currencies/list-currency-symbols.ts';
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

/** A failing source is asked again after 1, 2, 4 ... refresh periods, at most this long apart. */
export const RATES_MAX_BACKOFF_MS = 30 * 60_000;

type SourceHealth = { failures: number; downSince: Date | null; nextTryAt: number };

/**
 * The scheduler's rate refresh: refreshRates with memory of each source's failures. Without a network (a laptop
 * offline, a price API down) the log said "rate refresh failed" every minute forever; now the first failure is
 * said once (warn), the source is asked again after 1, 2, 4 ... periods (at most RATES_MAX_BACKOFF_MS), and its
 * recovery is said once (info, with how long it was down). Meanwhile stored rates age, and live pricing refuses
 * rates older than RATES_MAX_AGE_SECONDS as before; GET /exchange-rates/status tells the dashboard.
 */
export function createRatesRefresher({
  db,
  sources,
  log,
  periodMs,
}: {
  db: Db;
  sources: readonly RateSource[];
  log: FastifyBaseLogger;
  periodMs: number;
}) {
  const health = new Map<string, SourceHealth>();
  // The refresher reports a failing source itself (once, then on recovery): its first warning is silenced here. A
  // pino logger's methods live on its prototype, so the quiet logger inherits from it rather than copying it.
  const quiet = Object.assign(Object.create(log) as FastifyBaseLogger, { warn: () => {} });
  return {
    async run(now = new Date()): Promise<RefreshResult[]> {
      const due = sources.filter((s) => (health.get(s.id)?.nextTryAt ?? 0) <= now.getTime());
      if (due.length === 0) return [];
      const results = await refreshRates({ db, sources: due, log: quiet });
      for (const r of results) {
        const h = health.get(r.source) ?? { failures: 0, downSince: null, nextTryAt: 0 };
        if (r.error !== undefined) {
          h.failures += 1;
          h.downSince ??= now;
          const wait = Math.min(periodMs * 2 ** (h.failures - 1), RATES_MAX_BACKOFF_MS);
          h.nextTryAt = now.getTime() + wait - Math.min(periodMs / 2, 1000);
          if (h.failures === 1) {
            log.warn(
              { source: r.source, err: r.error },
              'rate refresh failed: stored rates age until the source answers again (asked less often meanwhile; its recovery will be logged)',
            );
          } else {
            log.debug({ source: r.source, err: r.error, failures: h.failures }, 'rate refresh still failing');
          }
        } else if (h.failures > 0) {
          log.info(
            { source: r.source, failures: h.failures, downSince: h.downSince?.toISOString() },
            'rate refresh recovered',
          );
          h.failures = 0;
          h.downSince = null;
          h.nextTryAt = 0;
        }
        health.set(r.source, h);
      }
      return results;
    },
  };
}
