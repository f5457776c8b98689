import { formatCount, formatUsd } from '../../../lib/amounts.ts';

/** Dates in lists: 'MMM dd, HH:mm' (admin spec 9), in the reader's language. */
export function formatListDate(iso: string, lang: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lang, {
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

/** A day of a chart axis, e.g. 'Mar 4'. */
export function formatDay(day: string, lang: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric' }).format(new Date(y!, m! - 1, d!));
}

/** Numbers with thousands separators (admin spec 9): the app's one count format (lib/amounts.ts). */
export { formatCount };

/**
 * Volumes in USD (admin spec 9: "volumes with a '$' prefix"): the app's one USD format (lib/amounts.ts), so a
 * volume reads as every other USD amount in the reader's language ($1,234.50; 1.234,50 $). The server sends
 * volumes as decimal strings; their digits are taken as sent, never rounded through arithmetic.
 */
export function formatVolume(value: string, lang: string): string {
  return formatUsd(value, lang);
}

/** An uptime in its two largest units, e.g. '3d 4h', '12m 5s' (localised unit names). */
export function formatUptime(totalSeconds: number, lang: string): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const parts: [number, 'day' | 'hour' | 'minute' | 'second'][] = [
    [Math.floor(s / 86_400), 'day'],
    [Math.floor((s % 86_400) / 3600), 'hour'],
    [Math.floor((s % 3600) / 60), 'minute'],
    [s % 60, 'second'],
  ];
  const first = parts.findIndex(([v]) => v > 0);
  const shown = first < 0 ? [parts[3]!] : parts.slice(first, first + 2).filter(([v], i) => i === 0 || v > 0);
  return shown
    .map(([v, unit]) => new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'narrow' }).format(v))
    .join(' ');
}

/** A country code as its name in the reader's language ('other' and unknown codes are returned as given). */
export function countryName(code: string, lang: string): string {
  if (!/^[A-Z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
