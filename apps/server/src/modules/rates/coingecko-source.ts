import { decimalFromJsonNumber, MoneyError } from '@coinlane/core/money';
import { type RateQuote, type RateSource, RateSourceError } from './rate-source.ts';

/** Coin code -> CoinGecko coin id. */
export const COINGECKO_IDS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  USDC: 'usd-coin',
  DAI: 'dai',
  LTC: 'litecoin',
  DOGE: 'dogecoin',
  BCH: 'bitcoin-cash',
  BNB: 'binancecoin',
  MATIC: 'matic-network',
  SOL: 'solana',
  ADA: 'cardano',
  AVAX: 'avalanche-2',
  LINK: 'chainlink',
  TRX: 'tron',
};

export const COINGECKO_SOURCE_ID = 'coingecko';

/**
 * A market source speaking CoinGecko's `/simple/price` format:
 *   GET {baseUrl}/simple/price?ids=bitcoin,tether&vs_currencies=usd,eur&include_last_updated_at=true
 *   -> { "bitcoin": { "usd": 95000.12, "eur": 81000.5, "last_updated_at": 1763769600 }, ... }
 * Every vs currency gives a quote 'base_per_symbol' (1 BTC = 95000.12 USD). The fiat currencies are asked
 * too, so that a EUR price is a market price (EUR per USD follows from the same coin's two quotes).
 * Prices are JSON numbers: their shortest decimal text is kept (decimalFromJsonNumber), which is the text the
 * API sent for any price of up to 17 significant digits.
 */
export function createCoinGeckoSource({
  baseUrl,
  apiKey,
  timeoutMs = 10_000,
  fetchImpl = fetch,
  now = () => new Date(),
}: {
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => Date;
}): RateSource {
  const root = baseUrl.replace(/\/+$/, '');
  return {
    id: COINGECKO_SOURCE_ID,
    kind: 'market',
    async fetchQuotes({ symbols, fiats }) {
      const wanted = [...new Set(symbols.map((s) => s.toUpperCase()))].filter((s) => COINGECKO_IDS[s]);
      if (wanted.length === 0) return [];
      const ids = wanted.map((s) => COINGECKO_IDS[s]!);
      const vs = [...new Set(['usd', ...fiats.map((f) => f.toLowerCase())])];
      const url = `${root}/simple/price?ids=${ids.map(encodeURIComponent).join(',')}&vs_currencies=${vs
        .map(encodeURIComponent)
        .join(',')}&include_last_updated_at=true`;
      let res: Response;
      try {
        res = await fetchImpl(url, {
          headers: { accept: 'application/json', ...(apiKey ? { 'x-cg-demo-api-key': apiKey } : {}) },
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (err) {
        throw new RateSourceError(COINGECKO_SOURCE_ID, `request failed: ${(err as Error).message}`);
      }
      if (!res.ok) throw new RateSourceError(COINGECKO_SOURCE_ID, `HTTP ${res.status}`);
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new RateSourceError(COINGECKO_SOURCE_ID, 'reply is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new RateSourceError(COINGECKO_SOURCE_ID, 'reply is not an object of prices');
      }
      const received = now();
      const quotes: RateQuote[] = [];
      for (const symbol of wanted) {
        const entry = (body as Record<string, unknown>)[COINGECKO_IDS[symbol]!];
        if (typeof entry !== 'object' || entry === null) continue;
        const prices = entry as Record<string, unknown>;
        // The provider's own timestamp, when given and not in the future, is the age of the price.
        const updated = prices.last_updated_at;
        const fetchedAt =
          typeof updated === 'number' && Number.isFinite(updated) && updated * 1000 <= received.getTime()
            ? new Date(updated * 1000)
            : received;
        for (const currency of vs) {
          const value = prices[currency];
          if (typeof value !== 'number' || !(value > 0)) continue;
          let rate: string;
          try {
            rate = decimalFromJsonNumber(value);
          } catch (err) {
            if (err instanceof MoneyError) continue;
            throw err;
          }
          quotes.push({ base: currency.toUpperCase(), symbol, rate, quote: 'base_per_symbol', fetchedAt });
        }
      }
      return quotes;
    },
  };
}
