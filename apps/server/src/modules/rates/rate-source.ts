/**
 * Where rates come from. A quote is stored exactly as its source gave it, in the source's direction:
 * - 'base_per_symbol': 1 symbol costs `rate` base (CoinGecko: 1 BTC = 95000.12 USD);
 * - 'symbol_per_base': 1 base buys `rate` symbol (the spec's fiat table: 1 USD = 0.85 EUR).
 * Rates become exact rationals (money.ts) before any arithmetic; nothing is rounded on the way.
 */
export type RateQuote = {
  base: string;
  symbol: string;
  /** Plain decimal text. */
  rate: string;
  quote: 'base_per_symbol' | 'symbol_per_base';
  /** When the source priced it; null for the built-in tables (no age). */
  fetchedAt: Date | null;
};

/**
 * market:    a market data feed (CoinGecko format): the only kind that may price a live amount, and only
 *            while fresh.
 * manual:    set by an admin (PUT /admin/rates/{symbol}); test mode and display only.
 * reference: the spec's fallback fiat table; test mode and display only.
 * test:      built-in test prices for test mode when nothing else answers; never market data.
 */
export type RateSourceKind = 'market' | 'manual' | 'reference' | 'test';

export interface RateSource {
  readonly id: string;
  readonly kind: RateSourceKind;
  /** Quotes for these coin codes against USD and these fiat codes. May do network I/O: never call it inside a
   * database transaction. */
  fetchQuotes(request: { symbols: readonly string[]; fiats: readonly string[] }): Promise<RateQuote[]>;
}

export class RateSourceError extends Error {
  constructor(
    readonly sourceId: string,
    message: string,
  ) {
    super(`${sourceId}: ${message}`);
    this.name = 'RateSourceError';
  }
}
