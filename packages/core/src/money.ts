/**
 * Exact money. Crypto amounts are `bigint` integers of the coin's base unit (satoshi, wei, token units) with
 * the currency's decimals beside them; fiat amounts are decimal strings with their currency; rates are exact
 * rationals. Nothing here is ever a JavaScript float.
 *
 * Rounding happens in exactly these places, nowhere else:
 * - `fiatToCrypto` (the amount a customer owes): the exact rational result is rounded UP, once, to the
 *   currency's display precision (`displayDecimals`), then expressed in base units. Rounding up means the
 *   merchant never receives less than the fiat price at the locked rate.
 * - `cryptoToFiat` and `convertFiat` (a USD or fiat equivalent, for display and fee invoices): rounded
 *   half-up to the fiat currency's minor unit.
 * - `percentOf` (the platform fee): rounded DOWN to the base unit, so a fee never exceeds its percentage.
 * - `shareOfFiat` (the USD value of the money a payment received, from the USD value of its amount due): rounded
 *   half-up to the fiat currency's minor unit. The dashboard sums the same figure in SQL with the same rule.
 * - `formatRational` (a rate shown in an API reply): rounded half-up to the digits asked for. Display only;
 *   amounts are never computed from a formatted rate.
 * Parsing never rounds: a value with more decimals than allowed is refused.
 */

import { displayPlaces } from './display-precision.ts';

export class MoneyError extends Error {
  constructor(
    readonly reason: 'format' | 'negative' | 'too_many_decimals' | 'zero_division' | 'range',
    message: string,
  ) {
    super(message);
    this.name = 'MoneyError';
  }
}

/** Plain non-negative decimal: digits, optionally a dot and more digits. No sign, exponent, hex or spaces. */
const DECIMAL_RE = /^(\d+)(?:\.(\d+))?$/;
/** The most digits accepted in one amount (a numeric(78,0) column holds 78). */
const MAX_DIGITS = 78;

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

function checkDecimals(decimals: number) {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 36) {
    throw new MoneyError('range', `decimals must be an integer from 0 to 36, got ${decimals}`);
  }
}

/** Why a string is not a plain non-negative decimal with at most `maxDecimals` fraction digits, or null. */
export function decimalProblem(
  value: string,
  maxDecimals?: number,
): 'format' | 'negative' | 'too_many_decimals' | null {
  if (typeof value !== 'string') return 'format';
  if (/^-\s*\d/.test(value)) return 'negative';
  const m = DECIMAL_RE.exec(value);
  if (!m) return 'format';
  if (m[1]!.length + (m[2]?.length ?? 0) > MAX_DIGITS) return 'format';
  if (maxDecimals !== undefined && (m[2]?.length ?? 0) > maxDecimals) return 'too_many_decimals';
  return null;
}

/**
 * '0.00123456' with 8 decimals -> 123456n. Refuses (MoneyError) anything but a plain non-negative decimal
 * ('1e5', '-1', '0x10', '1.2.3', ' 1', '.5', '5.') and more fraction digits than `decimals`: never rounds.
 */
export function parseUnits(value: string, decimals: number): bigint {
  checkDecimals(decimals);
  const problem = decimalProblem(value, decimals);
  if (problem === 'negative') throw new MoneyError('negative', `Amount must not be negative: ${value}`);
  if (problem === 'too_many_decimals') {
    throw new MoneyError('too_many_decimals', `Amount has more than ${decimals} decimal places: ${value}`);
  }
  if (problem) throw new MoneyError('format', `Not a plain decimal amount: ${String(value)}`);
  const [, whole, frac = ''] = DECIMAL_RE.exec(value)!;
  return BigInt(whole!) * pow10(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** parseUnits, or null instead of an exception. */
export function tryParseUnits(value: string, decimals: number): bigint | null {
  try {
    return parseUnits(value, decimals);
  } catch (err) {
    if (err instanceof MoneyError) return null;
    throw err;
  }
}

/**
 * 123456n with 8 decimals -> '0.00123456'. Trailing fraction zeros are dropped ('1.5', '2'); with
 * `minDecimals` at least that many fraction digits are kept ('1.50'). Exact: no rounding.
 */
export function formatUnits(units: bigint, decimals: number, opts: { minDecimals?: number } = {}): string {
  checkDecimals(decimals);
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = pow10(decimals);
  const whole = abs / base;
  let frac = decimals > 0 ? (abs % base).toString().padStart(decimals, '0') : '';
  const keep = Math.min(opts.minDecimals ?? 0, decimals);
  frac = frac.replace(/0+$/, '');
  if (frac.length < keep) frac = frac.padEnd(keep, '0');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

// -------------------------------------------------------------------------------------------------------
// Rationals (rates and intermediate results)

/** An exact non-negative fraction num/den, den > 0. */
export type Rational = { num: bigint; den: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};

export function rational(num: bigint, den = 1n): Rational {
  if (den === 0n) throw new MoneyError('zero_division', 'Division by zero');
  if (den < 0n) {
    num = -num;
    den = -den;
  }
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** '95000.12' -> 9500012/100. Refuses what parseUnits refuses. */
export function parseRational(value: string): Rational {
  const problem = decimalProblem(value);
  if (problem === 'negative') throw new MoneyError('negative', `Rate must not be negative: ${value}`);
  if (problem) throw new MoneyError('format', `Not a plain decimal number: ${String(value)}`);
  const frac = DECIMAL_RE.exec(value)![2] ?? '';
  return rational(parseUnits(value, frac.length), pow10(frac.length));
}

export const mul = (a: Rational, b: Rational) => rational(a.num * b.num, a.den * b.den);
export const div = (a: Rational, b: Rational) => {
  if (b.num === 0n) throw new MoneyError('zero_division', 'Division by zero');
  return rational(a.num * b.den, a.den * b.num);
};
export const invert = (a: Rational) => div(rational(1n), a);
export const isZero = (a: Rational) => a.num === 0n;
export const compareRational = (a: Rational, b: Rational) => {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
};

/** ceil(r * 10^places) as an integer. */
const ceilScaled = (r: Rational, places: number) => {
  const n = r.num * pow10(places);
  return (n + r.den - 1n) / r.den;
};
/** round-half-up(r * 10^places) as an integer. */
const roundScaled = (r: Rational, places: number) => (r.num * pow10(places) * 2n + r.den) / (2n * r.den);

/**
 * A rational as a decimal string for display: exact when it terminates within `maxDecimals`, otherwise
 * rounded half-up to `significant` significant digits (at most `maxDecimals` fraction digits). Trailing zeros
 * dropped. Display only: never feed the result back into an amount.
 */
export function formatRational(
  r: Rational,
  opts: { significant?: number; maxDecimals?: number } = {},
): string {
  const significant = opts.significant ?? 18;
  const maxDecimals = opts.maxDecimals ?? 36;
  if (r.num === 0n) return '0';
  // Fraction digits needed for `significant` significant digits: count the integer digits first.
  const intDigits = (r.num / r.den).toString().length;
  let places: number;
  if (r.num >= r.den) places = Math.max(0, significant - intDigits);
  else {
    // Leading zeros after the point: smallest k with r * 10^(k+1) >= 1.
    let k = 0;
    while (r.num * pow10(k + 1) < r.den) k++;
    places = k + significant;
  }
  places = Math.min(places, maxDecimals);
  return formatUnits(roundScaled(r, places), places);
}

// -------------------------------------------------------------------------------------------------------
// Display precision and conversion (merchant spec 5)

export { TWO_DECIMAL_COINS } from './display-precision.ts';

/** Display precision of a coin: 2 for USDT, USDC, DAI, 8 otherwise, never more than its decimals. */
export function displayDecimals(symbol: string, decimals: number): number {
  checkDecimals(decimals);
  return displayPlaces(symbol, decimals);
}

/**
 * The crypto amount for a fiat amount, as the spec defines it:
 *   crypto = fiat / fiatRate * cryptoRate
 * where fiatRate is units of the fiat currency per 1 USD and cryptoRate is units of the coin per 1 USD.
 * Computed exactly as a rational, then rounded UP once, at the coin's display precision (2 decimals for USDT,
 * USDC, DAI; 8 otherwise; never more than the coin's decimals), and returned in base units.
 */
export function fiatToCrypto(opts: {
  fiatAmount: string;
  fiatRate: Rational;
  cryptoRate: Rational;
  symbol: string;
  decimals: number;
}): bigint {
  const exact = mul(div(parseRational(opts.fiatAmount), opts.fiatRate), opts.cryptoRate);
  const places = displayDecimals(opts.symbol, opts.decimals);
  return ceilScaled(exact, places) * pow10(opts.decimals - places);
}

/**
 * The fiat value of a crypto amount: units / cryptoRate * fiatRate, rounded half-up to the fiat currency's
 * minor unit (`fiatDecimals`), as a decimal string with exactly that many decimals. For display and invoices.
 */
export function cryptoToFiat(opts: {
  units: bigint;
  decimals: number;
  cryptoRate: Rational;
  fiatRate: Rational;
  fiatDecimals: number;
}): string {
  const coins = rational(opts.units, pow10(opts.decimals));
  const exact = mul(div(coins, opts.cryptoRate), opts.fiatRate);
  return formatUnits(roundScaled(exact, opts.fiatDecimals), opts.fiatDecimals, {
    minDecimals: opts.fiatDecimals,
  });
}

/**
 * A fiat amount in another currency: amount / fromRate * toRate (rates in units per 1 USD), rounded half-up to
 * `toDecimals`, as a decimal string with exactly that many decimals. For display and invoices (USD values).
 */
export function convertFiat(opts: {
  amount: string;
  fromRate: Rational;
  toRate: Rational;
  toDecimals: number;
}): string {
  const exact = mul(div(parseRational(opts.amount), opts.fromRate), opts.toRate);
  return formatUnits(roundScaled(exact, opts.toDecimals), opts.toDecimals, { minDecimals: opts.toDecimals });
}

/** `percent` % of `units`, rounded DOWN to the base unit. `percent` is a decimal string ('1', '0.5'). */
export function percentOf(units: bigint, percent: string): bigint {
  const p = parseRational(percent);
  return (units * p.num) / (p.den * 100n);
}

/** `percent` % of a fiat amount, rounded half-up to `fiatDecimals`, as a decimal string. */
export function percentOfFiat(amount: string, percent: string, fiatDecimals: number): string {
  const exact = div(mul(parseRational(amount), parseRational(percent)), rational(100n));
  return formatUnits(roundScaled(exact, fiatDecimals), fiatDecimals, { minDecimals: fiatDecimals });
}

/**
 * The part `part / whole` of a fiat amount, rounded half-up to `fiatDecimals`, as a decimal string with exactly
 * that many decimals: the USD value of the money a payment received (`part`, base units) at the rate its amount
 * due (`whole`, base units) was priced at. Exact when part = whole.
 */
export function shareOfFiat(amount: string, part: bigint, whole: bigint, fiatDecimals: number): string {
  if (whole <= 0n) throw new MoneyError('zero_division', 'the whole of a share must be above zero');
  const exact = div(mul(parseRational(amount), rational(part)), rational(whole));
  return formatUnits(roundScaled(exact, fiatDecimals), fiatDecimals, { minDecimals: fiatDecimals });
}

// -------------------------------------------------------------------------------------------------------
// Fiat amounts

/**
 * Normalises a fiat amount given as a string or a JSON number to a decimal string with exactly the
 * currency's minor-unit digits ('10' -> '10.00'; JPY: '1500'). Refuses (MoneyError) negative values, exponent
 * notation, more decimals than the currency has, and numbers that are not finite. Never rounds.
 */
export function normalizeFiat(value: string | number, fiatDecimals: number): string {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new MoneyError('format', 'Not a finite number');
    // String(n) is the shortest text that reads back as n: '10.5' for 10.5; exponent forms are refused below.
    text = String(value);
  } else text = value.trim();
  const units = parseUnits(text, fiatDecimals);
  return formatUnits(units, fiatDecimals, { minDecimals: fiatDecimals });
}

/** A fiat amount string (as normalizeFiat returns) in minor units: '10.50' with 2 decimals -> 1050n. */
export const fiatToMinor = (amount: string, fiatDecimals: number) => parseUnits(amount, fiatDecimals);

/**
 * The plain decimal text of a JSON number from an outside source (a price API): String(n) is the shortest
 * text that reads back as the same double, which is the text the source sent for any value it wrote with up
 * to 17 significant digits; exponent forms ('1.5e-7') are expanded exactly. Refuses negatives and non-finite.
 */
export function decimalFromJsonNumber(n: number): string {
  if (!Number.isFinite(n)) throw new MoneyError('format', 'Not a finite number');
  if (n < 0) throw new MoneyError('negative', `Must not be negative: ${n}`);
  const text = String(n);
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const digits = m[1]! + (m[2] ?? '');
  const point = m[1]!.length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`.replace(/0+$/, '');
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}
