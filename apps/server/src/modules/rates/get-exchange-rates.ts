import { DEFAULT_RATE_CURRENCIES, type TRateInfo } from '@coinlane/core/api/rates';
import { isFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { div, formatRational } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { listKnownSymbols } from '#app/modules/currencies/list-currency-symbols.ts';
import { loadRateBook } from './load-rate-book.ts';
import type { RateBook, RatePurpose, ResolvedRate } from './rate-book.ts';

const CODE = /^[A-Z0-9]{2,10}$/;

function parseList(input: string | undefined): string[] {
  if (input === undefined || input.trim() === '') return [...DEFAULT_RATE_CURRENCIES];
  const list = [
    ...new Set(
      input
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  const bad = list.find((s) => !CODE.test(s));
  if (bad !== undefined || list.length > 50) {
    const message = T.currencyUnsupported(bad ?? input.slice(0, 20));
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { currencies: message } } });
  }
  return list;
}

const resolve = (book: RateBook, code: string, purpose: RatePurpose) =>
  isFiatCode(code) ? book.fiatRate(code, purpose) : book.coinRate(code, purpose);

/**
 * GET /exchange-rates: units of each currency per 1 `base` (the spec's direction: crypto = fiat / fiatRate *
 * cryptoRate). Test mode may show test prices; live mode shows real sources only (market, manual, fallback
 * table), each with its source and age.
 */
export async function getExchangeRates({
  db,
  mode,
  base,
  currencies,
  maxAgeSeconds,
  now = new Date(),
}: {
  db: Db;
  mode: TMode;
  base: string;
  currencies?: string;
  maxAgeSeconds: number;
  now?: Date;
}) {
  if (!CODE.test(base)) {
    const message = T.currencyUnsupported(base);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { base: message } } });
  }
  const list = parseList(currencies);
  const book = await loadRateBook({ db, now, maxAgeSeconds });
  const purpose: RatePurpose = mode === 'test' ? 'test' : 'display';
  const baseRate = resolve(book, base, purpose);
  if (!baseRate) {
    if (!isFiatCode(base) && !(await listKnownSymbols(db)).includes(base)) {
      const message = T.currencyUnsupported(base);
      throw new AppError('VALIDATION_ERROR', { message, details: { fields: { base: message } } });
    }
    throw new AppError('RATE_UNAVAILABLE', { message: T.rateNotAvailable(base) });
  }
  const data: Record<string, string> = {};
  const rates: Record<string, TRateInfo> = {};
  const missing: string[] = [];
  for (const code of list) {
    const r = resolve(book, code, purpose);
    if (!r) {
      missing.push(code);
      continue;
    }
    data[code] = formatRational(div(r.rate, baseRate.rate));
    rates[code] = info(book, r, baseRate);
  }
  return { base, data, rates, missing };
}

function info(book: RateBook, r: ResolvedRate, base: ResolvedRate): TRateInfo {
  const older = [r.fetchedAt, base.fetchedAt]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  const sources = [...new Set([r.source, base.source].filter((s) => s !== 'fixed'))];
  return {
    source: sources.join('+') || 'fixed',
    fetchedAt: older?.toISOString() ?? null,
    ageSeconds: older ? book.ageSeconds({ fetchedAt: older }) : null,
    live: r.live && base.live,
  };
}
