import { FIAT_CURRENCIES, type TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { convertFiat, cryptoToFiat, fiatToCrypto, formatRational, rational } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { RateBook, RatePurpose, ResolvedRate } from './rate-book.ts';

export type PricedAmount = {
  /** Crypto amount due, base units (rounded up once, at display precision: money.ts fiatToCrypto). */
  units: bigint;
  cryptoRate: ResolvedRate;
  fiatRate: ResolvedRate;
  /** Display forms of the exact rates used. */
  cryptoRateText: string;
  fiatRateText: string;
  /** Where the rates came from ('coingecko', 'manual', 'test-prices', ...; joined with + when two). */
  source: string;
  /** The fiat amount in USD, rounded half-up to cents. */
  usdAmount: string;
};

const purposeOf = (mode: TMode): RatePurpose => (mode === 'live' ? 'live' : 'test');

const sourceLabel = (a: ResolvedRate, b: ResolvedRate) =>
  [...new Set([a.source, b.source].filter((s) => s !== 'fixed'))].join('+') || 'fixed';

function unavailable(mode: TMode, currency: string, maxAgeSeconds: number): AppError {
  const message =
    mode === 'live'
      ? T.liveRateNotFresh(currency, Math.max(1, Math.round(maxAgeSeconds / 60)))
      : T.rateNotAvailable(currency);
  return new AppError('RATE_UNAVAILABLE', { message });
}

/**
 * The crypto amount for a fiat amount (crypto = fiat / fiatRate * cryptoRate, merchant spec 5). A live
 * amount is priced only from fresh market rates; test mode takes the best rate any source has.
 */
export function priceFiatAmount({
  book,
  mode,
  fiatAmount,
  fiatCurrency,
  symbol,
  decimals,
  maxAgeSeconds,
}: {
  book: RateBook;
  mode: TMode;
  fiatAmount: string;
  fiatCurrency: TFiatCode;
  symbol: string;
  decimals: number;
  maxAgeSeconds: number;
}): PricedAmount {
  const purpose = purposeOf(mode);
  const cryptoRate = book.coinRate(symbol, purpose);
  if (!cryptoRate) throw unavailable(mode, symbol, maxAgeSeconds);
  const fiatRate = book.fiatRate(fiatCurrency, purpose, symbol);
  if (!fiatRate) throw unavailable(mode, fiatCurrency, maxAgeSeconds);
  const units = fiatToCrypto({
    fiatAmount,
    fiatRate: fiatRate.rate,
    cryptoRate: cryptoRate.rate,
    symbol,
    decimals,
  });
  return {
    units,
    cryptoRate,
    fiatRate,
    cryptoRateText: formatRational(cryptoRate.rate),
    fiatRateText: formatRational(fiatRate.rate),
    source: sourceLabel(cryptoRate, fiatRate),
    usdAmount: convertFiat({
      amount: fiatAmount,
      fromRate: fiatRate.rate,
      toRate: rational(1n),
      toDecimals: 2,
    }),
  };
}

/**
 * The USD value of a crypto amount, for display and fee invoices, or null when no rate allows it (a live
 * value only from a fresh market rate).
 */
export function usdValueOf({
  book,
  mode,
  symbol,
  units,
  decimals,
}: {
  book: RateBook;
  mode: TMode;
  symbol: string;
  units: bigint;
  decimals: number;
}): { usdAmount: string; rate: ResolvedRate } | null {
  const rate = book.coinRate(symbol, purposeOf(mode));
  if (!rate) return null;
  return {
    usdAmount: cryptoToFiat({
      units,
      decimals,
      cryptoRate: rate.rate,
      fiatRate: rational(1n),
      fiatDecimals: FIAT_CURRENCIES.USD.decimals,
    }),
    rate,
  };
}
