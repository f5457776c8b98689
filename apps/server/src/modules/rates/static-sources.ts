import { FIAT_CODES, FIAT_CURRENCIES } from '@coinlane/core/currencies';
import type { RateSource } from './rate-source.ts';

/**
 * The spec's fallback fiat table (merchant spec 9): units of each fiat currency per 1 USD. Test mode and
 * display only; a live amount is never priced from it.
 */
export const fallbackFiatSource: RateSource = {
  id: 'fallback',
  kind: 'reference',
  async fetchQuotes() {
    return FIAT_CODES.filter((code) => code !== 'USD').map((code) => ({
      base: 'USD',
      symbol: code,
      rate: FIAT_CURRENCIES[code].fallbackRate,
      quote: 'symbol_per_base' as const,
      fetchedAt: null,
    }));
  },
};

/**
 * TEST PRICES, NOT MARKET DATA. USD per 1 coin, round figures of late 2025, used only in test mode and only
 * for a coin that no market source, manual rate or stale market rate can price (for instance on a machine
 * with no internet access), so that `npm start` prices test payments offline. Never used in live mode, and
 * labelled `test-prices` wherever a rate from it is shown.
 */
export const TEST_PRICES_USD: Readonly<Record<string, string>> = {
  BTC: '95000',
  ETH: '3500',
  USDT: '1',
  USDC: '1',
  DAI: '1',
  LTC: '100',
  DOGE: '0.25',
  BCH: '450',
  BNB: '600',
  MATIC: '0.5',
  SOL: '150',
  ADA: '0.5',
  AVAX: '30',
  LINK: '15',
};

export const testPriceSource: RateSource = {
  id: 'test-prices',
  kind: 'test',
  async fetchQuotes() {
    return Object.entries(TEST_PRICES_USD).map(([symbol, rate]) => ({
      base: 'USD',
      symbol,
      rate,
      quote: 'base_per_symbol' as const,
      fetchedAt: null,
    }));
  },
};
