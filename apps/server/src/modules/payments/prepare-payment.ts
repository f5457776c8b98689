import { FIAT_CURRENCIES, type TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import {
  compareRational,
  formatRational,
  MoneyError,
  normalizeFiat,
  parseRational,
  parseUnits,
  pow10,
  rational,
} from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { ResolvedCurrency } from '#app/modules/currencies/resolve-currency.ts';
import { type PricedAmount, priceFiatAmount, usdValueOf } from '#app/modules/rates/price-amount.ts';
import type { AddressSource, AddressSources } from './address-sources.ts';
import { freshPricingReads, type PricingReads } from './pricing-reads.ts';

export type AmountInput =
  | { kind: 'crypto'; amount: string }
  | { kind: 'fiat'; amount: string; currency: TFiatCode };

export type PreparedPayment = {
  currency: ResolvedCurrency;
  addressSource: AddressSource;
  /** Amount due in base units. */
  units: bigint;
  /** Set when priced from a fiat amount. */
  pricing: PricedAmount | null;
  fiat: { amount: string; currency: TFiatCode } | null;
  /** USD value (fiat converted at the locked rate, or the crypto amount at the best allowed rate), or null. */
  usdAmount: string | null;
};

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', { message, details: { fields: { [field]: message } } });

/**
 * Everything a new payment (or a payment link) needs before its insert transaction: the currency row, the
 * address source for the mode and network (live networks without a chain adapter are refused here), and the
 * amount due in base units, priced from a fiat amount when one is given (money.ts rounds it up once, at the
 * coin's display precision), within the currency's minimum and maximum. Reads only the database.
 */
export async function preparePayment({
  db,
  addressSources,
  userId,
  mode,
  currency,
  network,
  amount,
  maxAgeSeconds,
  now = new Date(),
  reads = freshPricingReads,
}: {
  db: Db;
  /** The server's address sources (PaymentDeps). */
  addressSources: AddressSources;
  /** The merchant: when given, the address source checks it can serve them (a live wallet) before pricing. */
  userId?: string;
  mode: TMode;
  currency: string;
  network?: string | null;
  amount: AmountInput;
  maxAgeSeconds: number;
  now?: Date;
  /** How the coin's row and the rates are read: from the database (default), or kept a few seconds by a batch. */
  reads?: PricingReads;
}): Promise<PreparedPayment> {
  const resolved = await reads.currency({ db, currency, network });
  const { row } = resolved;
  const addressSource = addressSources.forPayment(mode, row.network);
  if (!addressSource) {
    throw new AppError('NETWORK_NOT_CONFIGURED', {
      message: T.liveNetworkNotConfigured(resolved.network.name),
    });
  }
  if (userId && addressSource.checkReady) await addressSource.checkReady({ db, userId, currency: row });
  const book = await reads.rateBook({ db, now, maxAgeSeconds });

  let units: bigint;
  let pricing: PricedAmount | null = null;
  let usdAmount: string | null = null;
  if (amount.kind === 'crypto') {
    try {
      units = parseUnits(amount.amount, row.decimals);
    } catch (err) {
      if (!(err instanceof MoneyError)) throw err;
      throw invalid(
        'amount',
        err.reason === 'too_many_decimals'
          ? T.cryptoTooManyDecimals(row.symbol, row.decimals)
          : T.validPaymentAmount,
      );
    }
    if (units <= 0n) throw invalid('amount', T.validPaymentAmount);
    usdAmount =
      usdValueOf({ book, mode, symbol: row.symbol, units, decimals: row.decimals })?.usdAmount ?? null;
  } else {
    pricing = priceFiatAmount({
      book,
      mode,
      fiatAmount: amount.amount,
      fiatCurrency: amount.currency,
      symbol: row.symbol,
      decimals: row.decimals,
      maxAgeSeconds,
    });
    units = pricing.units;
    usdAmount = pricing.usdAmount;
  }

  const value = rational(units, pow10(row.decimals));
  const min = parseRational(row.min_amount);
  const max = parseRational(row.max_amount);
  const field = amount.kind === 'crypto' ? 'amount' : 'fiatAmount';
  if (compareRational(value, min) < 0)
    throw invalid(field, T.amountBelowMinimum(formatRational(min), row.symbol));
  if (compareRational(value, max) > 0)
    throw invalid(field, T.amountAboveMaximum(formatRational(max), row.symbol));

  return {
    currency: resolved,
    addressSource,
    units,
    pricing,
    fiat: amount.kind === 'fiat' ? { amount: amount.amount, currency: amount.currency } : null,
    usdAmount,
  };
}

/** The fiat amount normalised to its currency's minor unit ('10' -> '10.00'); the schema has checked it. */
export const fiatInput = (value: string | number, currency: TFiatCode): AmountInput => ({
  kind: 'fiat',
  amount: normalizeFiat(value, FIAT_CURRENCIES[currency].decimals),
  currency,
});
