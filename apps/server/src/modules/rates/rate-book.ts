import { div, invert, parseRational, type Rational, rational } from '@coinlane/core/money';
import type { RateQuote, RateSourceKind } from './rate-source.ts';

export type RateEntry = RateQuote & { source: string; kind: RateSourceKind };

/**
 * What a rate is for:
 * - live:    pricing a live amount: only a fresh market rate;
 * - test:    pricing a test amount: fresh market, manual, stale market, the fallback fiat table, test prices;
 * - display: showing a rate in live mode: as test, without the test prices.
 */
export type RatePurpose = 'live' | 'test' | 'display';

export type ResolvedRate = {
  /** Units of the currency per 1 USD, exact. */
  rate: Rational;
  source: string;
  /** The oldest price it rests on; null for the built-in tables and for USD itself. */
  fetchedAt: Date | null;
  /** A fresh market rate (or USD itself): usable for a live amount. */
  live: boolean;
};

type Tier = (e: RateEntry) => boolean;

/**
 * All known quotes at one instant, and the rules that pick one. Pure: built from stored rows and the
 * built-in tables by loadRateBook; no I/O here.
 */
export class RateBook {
  readonly #entries: RateEntry[];
  readonly #now: number;
  readonly #maxAgeMs: number;

  constructor(entries: RateEntry[], opts: { now: Date; maxAgeSeconds: number }) {
    this.#entries = entries;
    this.#now = opts.now.getTime();
    this.#maxAgeMs = opts.maxAgeSeconds * 1000;
  }

  #fresh(e: RateEntry): boolean {
    return e.kind === 'market' && e.fetchedAt !== null && this.#now - e.fetchedAt.getTime() < this.#maxAgeMs;
  }

  /** Tiers in order of preference for a purpose. */
  #tiers(purpose: RatePurpose): Tier[] {
    const fresh: Tier = (e) => this.#fresh(e);
    if (purpose === 'live') return [fresh];
    const tiers: Tier[] = [
      fresh,
      (e) => e.kind === 'manual',
      (e) => e.kind === 'market',
      (e) => e.kind === 'reference',
    ];
    if (purpose === 'test') tiers.push((e) => e.kind === 'test');
    return tiers;
  }

  /** Newest entry of (base, symbol) in a tier. */
  #pick(base: string, symbol: string, tier: Tier): RateEntry | undefined {
    let best: RateEntry | undefined;
    for (const e of this.#entries) {
      if (e.base !== base || e.symbol !== symbol || !tier(e)) continue;
      if (!best || (e.fetchedAt?.getTime() ?? 0) > (best.fetchedAt?.getTime() ?? 0)) best = e;
    }
    return best;
  }

  /** Units of `symbol` per 1 unit of `base` for an entry. */
  static unitsPerBase(e: Pick<RateQuote, 'rate' | 'quote'>): Rational {
    const r = parseRational(e.rate);
    return e.quote === 'symbol_per_base' ? r : invert(r);
  }

  /** Units of a coin per 1 USD. */
  coinRate(symbol: string, purpose: RatePurpose): ResolvedRate | null {
    for (const tier of this.#tiers(purpose)) {
      const e = this.#pick('USD', symbol, tier);
      if (e) return this.#resolved(e);
    }
    return null;
  }

  /**
   * Units of a fiat currency per 1 USD. A market source gives it through one coin priced in both currencies
   * (EUR per USD = coin per USD / coin per EUR), preferring `viaCoin` (the coin being priced, so that one
   * source and one instant price both legs), then BTC, USDT, ETH. Otherwise a manual rate, then the spec's
   * fallback table (not for live).
   */
  fiatRate(fiat: string, purpose: RatePurpose, viaCoin?: string): ResolvedRate | null {
    if (fiat === 'USD') return { rate: rational(1n), source: 'fixed', fetchedAt: null, live: true };
    const coins = [...new Set([viaCoin, 'BTC', 'USDT', 'ETH'].filter((c): c is string => !!c))];
    for (const tier of this.#tiers(purpose)) {
      // Market tiers: a coin quoted in USD and in the fiat by the same source.
      for (const coin of coins) {
        const inFiat = this.#pick(fiat, coin, (e) => tier(e) && e.kind === 'market');
        if (!inFiat) continue;
        const inUsd = this.#pick(
          'USD',
          coin,
          (e) => tier(e) && e.kind === 'market' && e.source === inFiat.source,
        );
        if (!inUsd) continue;
        const older =
          (inFiat.fetchedAt?.getTime() ?? 0) < (inUsd.fetchedAt?.getTime() ?? 0)
            ? inFiat.fetchedAt
            : inUsd.fetchedAt;
        return {
          rate: div(RateBook.unitsPerBase(inUsd), RateBook.unitsPerBase(inFiat)),
          source: inFiat.source,
          fetchedAt: older,
          live: this.#fresh(inFiat) && this.#fresh(inUsd),
        };
      }
      const direct = this.#pick('USD', fiat, (e) => tier(e) && e.kind !== 'market');
      if (direct) return this.#resolved(direct);
    }
    return null;
  }

  /** The age of a resolved rate in whole seconds, or null when it has none. */
  ageSeconds(r: Pick<ResolvedRate, 'fetchedAt'>): number | null {
    return r.fetchedAt ? Math.max(0, Math.floor((this.#now - r.fetchedAt.getTime()) / 1000)) : null;
  }

  #resolved(e: RateEntry): ResolvedRate {
    return { rate: RateBook.unitsPerBase(e), source: e.source, fetchedAt: e.fetchedAt, live: this.#fresh(e) };
  }
}
