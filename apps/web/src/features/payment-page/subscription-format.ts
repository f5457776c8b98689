import type { TPlanCurrency, TPlanInterval, TSubscriptionStatus } from '@coinlane/core/subscription-status';
import { formatCrypto, formatFiat } from '../../lib/amounts.ts';

/**
 * How the subscribe page and the portal write a plan's money and dates: a dollar price as the language writes
 * dollars ('$9.99'), a coin price with its symbol ('0.00100000 BTC'), dates in the reader's language.
 */
export function formatPlanAmount(amount: string, currency: TPlanCurrency, lang: string): string {
  return currency === 'USD'
    ? formatFiat(amount, 'USD', lang)
    : `${formatCrypto(amount, currency, lang)}\u00a0${currency}`;
}

export const intervalKey = (interval: TPlanInterval) =>
  interval === 'yearly' ? ('sub.perYear' as const) : ('sub.perMonth' as const);

export function formatDate(iso: string, lang: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));
}

/** 'Mar 1 – Apr 1, 2026': an invoice's period, shortened the language's way. */
export function formatPeriod(start: string | null, end: string | null, lang: string): string {
  if (!start || !end) return start ? formatDate(start, lang) : end ? formatDate(end, lang) : '—';
  return new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).formatRange(new Date(start), new Date(end));
}

/** The badge of each status: green when all is well, amber while a payment is late, red once it ended unpaid. */
export const STATUS_TONES: Record<TSubscriptionStatus, string> = {
  incomplete: 'bg-brand-50 text-brand-800 ring-brand-600/25',
  active: 'bg-green-50 text-green-800 ring-green-600/25',
  past_due: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-500/25',
  expired: 'bg-red-50 text-red-800 ring-red-600/25',
};
