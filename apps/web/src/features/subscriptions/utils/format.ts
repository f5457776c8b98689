import { PLAN_PRICE_RULES } from '@coinlane/core/api/subscriptions';
import type { TPlanCurrency } from '@coinlane/core/subscription-status';
import { formatCrypto, formatFiat } from '../../../lib/amounts.ts';

/**
 * A plan price in the reader's language: a USD price as money (`$29.00`, `29,00 $`), a coin price as the coin's
 * amount with its code (`0.00100000 BTC`, `25.00 USDT`).
 */
export function formatPlanPrice(price: string, currency: TPlanCurrency, lang: string): string {
  if (currency === 'USD') return formatFiat(price, 'USD', lang);
  return `${formatCrypto(price, currency, lang, { decimals: PLAN_PRICE_RULES[currency].decimals })}\u00a0${currency}`;
}

/** A date (no time) in the reader's language. */
export const formatDate = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(new Date(iso));

/** A date and time in the reader's language (a test clock's reading). */
export const formatDateTime = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
