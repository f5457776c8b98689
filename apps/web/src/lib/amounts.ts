import { displayPlaces } from '@coinlane/core/display-precision';

/**
 * Every amount the web app shows is formatted here, one function per kind of amount, in the reader's language
 * (merchant spec 5 and 9, decision 002):
 *
 * | Kind                                               | Function         | en example            |
 * | -------------------------------------------------- | ---------------- | --------------------- |
 * | fiat price or value (link price, USD equivalent)   | `formatFiat`     | `CA$19.99`, `$29.41`  |
 * | figure on a card (total volume, this month)        | `formatFigure`   | `$12,345,678.90`      |
 * | crypto amount of a payment, transaction or link    | `formatCrypto`   | `0.01000000`, `271.74`|
 * | crypto balance (4 decimals, exact on hover)        | `formatBalance`  | `0.0007`              |
 * | amount to a fixed number of decimals (payouts)     | `formatPlaces`   | `0.12345679`          |
 * | exchange rate (price of one coin)                  | `formatRate`     | `$95,000.12`          |
 * | count, percentage                                  | `formatCount`, `formatPercent` |         |
 *
 * Exact: amounts arrive as decimal strings and never pass through a JavaScript float. Intl.NumberFormat gives
 * the language's pattern (grouping, decimal sign, where the currency goes and with which spacing), and the
 * digits come from the string itself: the integer part is formatted as a bigint, the fraction digits are put in
 * place of the pattern's own. Rounding, where a kind rounds, is half-up on the decimal digits.
 *
 * The hosted payment page bundles this module too: keep it free of catalogues and of i18next.
 */

type Decimal = { negative: boolean; int: string; frac: string };

const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** '0012.3400' -> { int: '12', frac: '3400' }; null for anything but a plain decimal. */
function parse(value: string): Decimal | null {
  const m = DECIMAL_RE.exec(value.trim());
  if (!m) return null;
  return { negative: m[1] === '-', int: m[2]!.replace(/^0+(?=\d)/, ''), frac: m[3] ?? '' };
}

const isZero = (d: Decimal) => !/[1-9]/.test(d.int + d.frac);

/** Rounds half-up (away from zero) to exactly `places` fraction digits; pads when shorter. */
function roundTo(d: Decimal, places: number): Decimal {
  if (d.frac.length <= places) return { ...d, frac: d.frac.padEnd(places, '0') };
  const kept = BigInt(d.int + d.frac.slice(0, places));
  const digits = (d.frac.charCodeAt(places) - 48 >= 5 ? kept + 1n : kept)
    .toString()
    .padStart(places + 1, '0');
  return {
    negative: d.negative,
    int: digits.slice(0, digits.length - places),
    frac: places > 0 ? digits.slice(-places) : '',
  };
}

/** The fraction with its trailing zeros dropped, then padded back to at least `min` digits. */
const atLeast = (d: Decimal, min: number): Decimal => ({
  ...d,
  frac: d.frac.replace(/0+$/, '').padEnd(min, '0'),
});

const formatters = new Map<string, Intl.NumberFormat>();
function nf(lang: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}|${JSON.stringify(opts)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(lang, opts);
    formatters.set(key, f);
  }
  return f;
}

/**
 * `d` written with the language's pattern for `opts` (decimal, currency or percent style): the integer part's
 * grouping from Intl on a bigint, the fraction digits as they are. `unit` is what 1 means in that style (0.01
 * for percent, whose pattern multiplies by 100).
 */
function render(d: Decimal, lang: string, opts: Intl.NumberFormatOptions, unit = 1): string {
  // The integer's grouping: a percent pattern would multiply by 100, so percentages group as plain numbers.
  const style = opts.style === 'percent' ? 'decimal' : opts.style;
  const grouped = nf(lang, { ...opts, style, minimumFractionDigits: 0, maximumFractionDigits: 0 })
    .formatToParts(BigInt(d.int))
    .filter((p) => p.type === 'integer' || p.type === 'group')
    .map((p) => p.value)
    .join('');
  const places = d.frac.length > 0 ? 1 : 0;
  // A pattern value with the sign and a fraction digit where `d` has them: 1.5, -1.5, 0 (a zero takes no sign).
  const pattern = isZero(d) ? 0 : (d.negative ? -1 : 1) * (places ? 1.5 : 1) * unit;
  let integerDone = false;
  return nf(lang, { ...opts, minimumFractionDigits: places, maximumFractionDigits: places })
    .formatToParts(pattern)
    .map((p) => {
      if (p.type === 'integer') {
        if (integerDone) return '';
        integerDone = true;
        return grouped;
      }
      if (p.type === 'group') return '';
      if (p.type === 'fraction') return d.frac;
      return p.value;
    })
    .join('');
}

/** Minor-unit digits of a fiat currency (ISO 4217, from Intl: JPY 0, USD 2), or null for a code Intl refuses. */
function minorDigits(currency: string, lang: string): number | null {
  try {
    return nf(lang, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return null;
  }
}

/**
 * A fiat amount with its currency, as the language writes it: `CA$19.99` (en), `19,99 CA$` (de), `19,99 $CA`
 * (fr), `19,99 CAD` (es); `$29.41`, `29,41 US$`. The currency appears once, never as symbol and code both.
 * Exactly the currency's minor-unit digits (rounded half-up when a derived value has more). For link prices,
 * USD equivalents, balances in USD, volumes.
 */
export function formatFiat(amount: string, currency: string, lang: string): string {
  const d = parse(amount);
  const code = currency.toUpperCase();
  const digits = minorDigits(code, lang);
  if (!d) return `${amount} ${currency}`;
  if (digits === null) return `${render(d, lang, {})}\u00a0${currency}`;
  return render(roundTo(d, digits), lang, { style: 'currency', currency: code });
}

/** A USD amount (decimal string, cents): `formatFiat(amount, 'USD', lang)`. */
export const formatUsd = (amount: string, lang: string) => formatFiat(amount, 'USD', lang);

/** Integer digits up to which a card shows a figure in full: $12,345,678.90 fits every figure card on a phone. */
export const FIGURE_FULL_DIGITS = 8;

/**
 * A USD figure on a card (Total Volume, This Month, Total Value): in full up to 8 integer digits
 * (`$12,345,678.90`), compact beyond (`$123M`, `123 Mio. $`), so no amount outgrows its card. `exact` is the
 * full amount, for the card's hover text when `text` is compact.
 */
export function formatFigure(usd: string, lang: string): { text: string; exact: string; compact: boolean } {
  const exact = formatUsd(usd, lang);
  const d = parse(usd);
  if (!d || d.int.length <= FIGURE_FULL_DIGITS) return { text: exact, exact, compact: false };
  const whole = BigInt(d.int);
  const text = nf(lang, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(d.negative ? -whole : whole);
  return { text, exact, compact: true };
}

/**
 * A crypto amount of a payment, a transaction or a link (the number only; the coin code goes beside it): at least
 * the coin's display digits, 2 for USDT, USDC, DAI and 8 otherwise (`271.74`, `0.01000000`), never fewer than
 * the amount has (`0.010000000000000123` ETH stays whole: exact, never rounded). `decimals`, when known, caps
 * the padding at the coin's own digits. In the reader's language: `1.234,50000000` (de).
 */
export function formatCrypto(
  amount: string,
  symbol: string,
  lang: string,
  { decimals }: { decimals?: number } = {},
): string {
  const d = parse(amount);
  if (!d) return amount;
  return render(atLeast(d, displayPlaces(symbol, decimals)), lang, {});
}

/** Fraction digits of a balance on the dashboard's balance card (merchant spec 9). */
export const BALANCE_PLACES = 4;

/**
 * A crypto balance on the balance card: 4 decimals, rounded half-up (`0.00068412` -> `0.0007`, not cut to
 * `0.0006`); a balance too small to show at 4 decimals reads `<0.0001` rather than a false zero. `exact` is the
 * whole amount (`0.00068412`), for hover and assistive text; `rounded` says whether `text` differs from it.
 */
export function formatBalance(
  amount: string,
  lang: string,
): { text: string; exact: string; rounded: boolean } {
  const d = parse(amount);
  if (!d) return { text: amount, exact: amount, rounded: false };
  const exact = render(atLeast(d, 0), lang, {});
  const shown = roundTo(d, BALANCE_PLACES);
  const rounded = d.frac.replace(/0+$/, '').length > BALANCE_PLACES;
  if (isZero(shown) && !isZero(d) && !d.negative) {
    return { text: `<${render({ negative: false, int: '0', frac: '0001' }, lang, {})}`, exact, rounded };
  }
  return { text: render(shown, lang, {}), exact, rounded };
}

/**
 * An amount to exactly `places` decimals, rounded half-up (the payout history's 8), with `exact` the whole amount
 * for hover and assistive text and `rounded` whether `text` differs from it: `0.123456789012345678` ETH ->
 * `0.12345679`. In the reader's language.
 */
export function formatPlaces(
  amount: string,
  places: number,
  lang: string,
): { text: string; exact: string; rounded: boolean } {
  const d = parse(amount);
  if (!d) return { text: amount, exact: amount, rounded: false };
  return {
    text: render(roundTo(d, places), lang, {}),
    exact: render(atLeast(d, 0), lang, {}),
    rounded: d.frac.replace(/0+$/, '').length > places,
  };
}

/**
 * An exchange rate as the price of one coin in a fiat currency (`1 BTC ≈ $95,000.12`): the currency's minor
 * digits for prices of 1 and more, 4 significant digits below (`$0.1235`), rounded half-up. `price` is a
 * decimal string (formatRational of the exact rate); display only.
 */
export function formatRate(price: string, currency: string, lang: string): string {
  const d = parse(price);
  const digits = minorDigits(currency.toUpperCase(), lang);
  if (!d || digits === null) return formatFiat(price, currency, lang);
  let places = digits;
  if (d.int === '0') {
    const leadingZeros = /^0*/.exec(d.frac)![0].length;
    if (leadingZeros < d.frac.length) places = Math.max(digits, leadingZeros + 4);
  }
  return render(roundTo(d, places), lang, { style: 'currency', currency: currency.toUpperCase() });
}

/** A whole count with the language's grouping (`12,345`, `12.345`, `12 345`); `signed` adds + to a rise. */
export function formatCount(n: number, lang: string, { signed = false }: { signed?: boolean } = {}): string {
  return nf(lang, { maximumFractionDigits: 0, signDisplay: signed ? 'exceptZero' : 'auto' }).format(n);
}

/**
 * A percentage given as a decimal string of percent (`'12.5'` -> `12.5%`, `12,5 %`), digits as given;
 * `signed` adds + to a rise (change figures).
 */
export function formatPercent(
  value: string,
  lang: string,
  { signed = false }: { signed?: boolean } = {},
): string {
  const d = parse(value);
  if (!d) return `${value}%`;
  return render(d, lang, { style: 'percent', signDisplay: signed ? 'exceptZero' : 'auto' }, 0.01);
}
