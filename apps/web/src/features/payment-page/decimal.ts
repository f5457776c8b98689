/**
 * Exact decimal-string arithmetic for the test panel's simulated amounts (never floats for money).
 * The page does not know the coin's decimals; every coin here has at least 6, so a result gets one more
 * fraction digit than its input while that stays within 6, and is rounded down beyond.
 */
const MIN_COIN_DECIMALS = 6;

function parse(value: string): { units: bigint; digits: number } {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new Error(`not a decimal: ${value}`);
  const frac = m[2] ?? '';
  return { units: BigInt(m[1] + frac), digits: frac.length };
}

function format(units: bigint, digits: number): string {
  const s = units.toString().padStart(digits + 1, '0');
  if (digits === 0) return s;
  const int = s.slice(0, -digits);
  const frac = s.slice(-digits).replace(/0+$/, '');
  return frac ? `${int}.${frac}` : int;
}

/** value × num / den, rounded down, as a decimal string. */
export function scaleDecimal(value: string, num: bigint, den: bigint): string {
  const { units, digits } = parse(value);
  const out = digits < MIN_COIN_DECIMALS ? digits + 1 : digits;
  const scaled = units * 10n ** BigInt(out - digits);
  return format((scaled * num) / den, out);
}

export const isZeroDecimal = (value: string) => !/[1-9]/.test(value);

/** Half of the remaining amount (test panel "partial"). */
export const halfOf = (value: string) => scaleDecimal(value, 1n, 2n);
/** The remaining amount plus 10 % (test panel "overpayment"). */
export const plusTenPercent = (value: string) => scaleDecimal(value, 11n, 10n);

/**
 * `value × part / whole` rounded half-up to `value`'s own fraction digits, exactly (the fiat price of what
 * remains after a partial payment: fiat amount × remaining / amount due). `value` when `whole` is zero.
 */
export function shareOf(value: string, part: string, whole: string): string {
  const v = parse(value);
  const p = parse(part);
  const w = parse(whole);
  // Bring part and whole to the same scale, then value × part / whole in value's units.
  const scale = Math.max(p.digits, w.digits);
  const pu = p.units * 10n ** BigInt(scale - p.digits);
  const wu = w.units * 10n ** BigInt(scale - w.digits);
  if (wu === 0n) return value;
  const units = (2n * v.units * pu + wu) / (2n * wu);
  return fixed(units, v.digits);
}

/** Units with exactly `digits` fraction digits, trailing zeros kept ('25.50'). */
function fixed(units: bigint, digits: number): string {
  const s = units.toString().padStart(digits + 1, '0');
  return digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}
