/** A countdown as minutes:seconds, e.g. 300 -> '5:00', 59 -> '0:59' (merchant spec 2, login step 2). */
export function formatCountdown(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : 0;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Keeps only digits, at most `length` of them (the one-time code input). */
export const onlyDigits = (value: string, length: number) => value.replace(/\D/g, '').slice(0, length);
