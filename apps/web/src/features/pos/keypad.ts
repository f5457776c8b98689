/**
 * The point of sale's keypad (decision 026): the amount being typed, as text, changed one key at a time. Exact:
 * never a JavaScript number, so 0.1 + 0.2 stays what was typed. A currency's minor digits bound the fraction
 * (none for JPY), and `maxIntegerDigits` the whole part (the server's limit: POS_MAX_INTEGER_DIGITS).
 */
export type KeypadKey =
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | '00'
  | '.'
  | 'back'
  | 'clear';

export type KeypadLimits = { decimals: number; maxIntegerDigits: number };

/** The typed text after one key ('' is nothing typed yet). Keys that cannot apply leave it unchanged. */
export function pressKey(typed: string, key: KeypadKey, limits: KeypadLimits): string {
  if (key === 'clear') return '';
  if (key === 'back') return typed.slice(0, -1);
  if (key === '00') return pressKey(pressKey(typed, '0', limits), '0', limits);
  const [int, frac] = typed.split('.') as [string, string | undefined];
  if (key === '.') {
    if (limits.decimals === 0 || frac !== undefined) return typed;
    return `${int === '' ? '0' : int}.`;
  }
  if (frac !== undefined) return frac.length >= limits.decimals ? typed : `${typed}${key}`;
  // No leading zeros in the whole part: 0 then 5 is 5.
  if (int === '0') return key;
  if (int === '' && key === '0') return '0';
  if (int.length >= limits.maxIntegerDigits) return typed;
  return `${typed}${key}`;
}

/**
 * The amount to charge, with exactly `decimals` fraction digits (12. is 12.00, 12.5 is 12.50), or null while it is
 * nothing or zero.
 */
export function amountToCharge(typed: string, decimals: number): string | null {
  if (!/[1-9]/.test(typed)) return null;
  const [int, frac = ''] = typed.split('.') as [string, string | undefined];
  const whole = int === '' ? '0' : int;
  return decimals === 0 ? whole : `${whole}.${frac.padEnd(decimals, '0')}`;
}

/** What the display shows while typing: the amount so far, padded to the currency's digits (0.00 when empty). */
export function amountShown(typed: string, decimals: number): string {
  const [int, frac = ''] = typed.split('.') as [string, string | undefined];
  const whole = int === '' ? '0' : int;
  return decimals === 0 ? whole : `${whole}.${frac.padEnd(decimals, '0')}`;
}

/** The key a physical keyboard's key stands for (a tablet with a keyboard, a desktop), or null. */
export function keyOfKeyboard(key: string): KeypadKey | null {
  if (/^[0-9]$/.test(key)) return key as KeypadKey;
  if (key === '.' || key === ',') return '.';
  if (key === 'Backspace') return 'back';
  if (key === 'Escape' || key === 'Delete') return 'clear';
  return null;
}
