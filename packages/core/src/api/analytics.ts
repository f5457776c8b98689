import { z } from 'zod';
import { ZPaymentLink } from './payment-links.ts';
import { ZTimeZone } from './transactions.ts';

/**
 * The dashboard's and the Payment Links analytics' figures (merchant spec 2 and 9), computed on the server
 * from the merchant's payments and links in the current mode. Money as decimal strings.
 */

/** Days in the dashboard's volume chart. */
export const VOLUME_SERIES_DAYS = 30;
/** Links in the analytics' Recent Activity (merchant spec 9). */
export const RECENT_ACTIVITY_LINKS = 5;
/** Active Links change = active count minus this, never below zero (merchant spec 9). */
export const ACTIVE_LINKS_BASELINE = 5;

export const ZAnalyticsQuery = z.object({ timeZone: ZTimeZone.optional() });
export type TAnalyticsQuery = z.infer<typeof ZAnalyticsQuery>;

export const ZVolumeDay = z.object({
  /** Calendar day in the requested time zone, YYYY-MM-DD. */
  date: z.string(),
  usd: z.string(),
  count: z.number().int(),
});
export type TVolumeDay = z.infer<typeof ZVolumeDay>;

export const ZPaymentAnalytics = z.object({
  timeZone: z.string(),
  totalVolume: z.object({
    /**
     * Sum of usdConfirmed (what was received and confirmed, in USD at each payment's locked rate) of confirmed
     * payments, accepted late payments included, all time.
     */
    usd: z.string(),
    /** Percent, one decimal: newer half of the confirmed list against the older half. */
    change: z.string(),
    confirmedCount: z.number().int(),
  }),
  thisMonth: z.object({
    usd: z.string(),
    previousMonthUsd: z.string(),
    /** Percent, one decimal; '100' when the previous month had nothing and this one has some. */
    change: z.string(),
    monthStart: z.string(),
  }),
  activeLinks: z.object({
    count: z.number().int(),
    /** Active count minus 5, at least 0 (merchant spec 9). */
    change: z.number().int(),
  }),
  /** The last 30 days, oldest first, today last. */
  dailyVolume: z.array(ZVolumeDay),
  /** Payments by the spec's transaction status and by the payment's own status. */
  counts: z.object({
    total: z.number().int(),
    confirmed: z.number().int(),
    pending: z.number().int(),
    failed: z.number().int(),
    byPaymentStatus: z.record(z.string(), z.number().int()),
  }),
  links: z.object({
    total: z.number().int(),
    active: z.number().int(),
    completed: z.number().int(),
    expired: z.number().int(),
    /** Sum of the fiat amounts of completed links, in USD at each link's locked rate. */
    totalValueUsd: z.string(),
    /** The same sum per fiat currency, in the links' own currencies. */
    totalValueByCurrency: z.array(z.object({ currency: z.string(), amount: z.string() })),
    /** Completed share of all links in percent, one decimal. */
    conversionRate: z.string(),
    recent: z.array(ZPaymentLink),
  }),
});
export type TPaymentAnalytics = z.infer<typeof ZPaymentAnalytics>;

export const ZBalance = z.object({
  currency: z.string(),
  /**
   * All the money received with its confirmations in this coin, whatever its payment's status (confirmed, late
   * and not accepted yet, part of a partial payment): in whole coins (exact decimal string).
   */
  amount: z.string(),
  /** USD value, cents. */
  usdAmount: z.string(),
  /**
   * The part of `amount` on payments that are not confirmed (late and not accepted yet, partly paid): in the
   * balance, not in Total Volume ("0" when none). In whole coins.
   */
  outsideVolumeAmount: z.string(),
  /** Its USD value, at the same valuation as usdAmount (cents). */
  outsideVolumeUsd: z.string(),
  /**
   * 'current': at today's rate (source named in rateSource); 'locked': sum of the payments' usdConfirmed, at their
   * locked rates.
   */
  valuation: z.enum(['current', 'locked']),
  rateSource: z.string().nullable(),
  /** Payments holding some of this money. */
  paymentCount: z.number().int(),
});
export type TBalance = z.infer<typeof ZBalance>;

export const ZBalances = z.object({
  /** Sum of the rows' usdAmount. */
  totalUsd: z.string(),
  /**
   * Sum of the rows' outsideVolumeUsd: what the balance holds beyond Total Volume, on payments not confirmed.
   * With the same rates, totalUsd = Total Volume + outsideVolumeUsd (docs/decisions/013).
   */
  outsideVolumeUsd: z.string(),
  /** Sorted by usdAmount, largest first. */
  balances: z.array(ZBalance),
});
export type TBalances = z.infer<typeof ZBalances>;

/**
 * A change in percent between two amounts (merchant spec 9): one decimal; '100' when there was nothing
 * before but some now; '0' when both are nothing. Amounts as exact decimal strings.
 */
export function percentChange(current: string, previous: string): string {
  const cur = toCents(current);
  const prev = toCents(previous);
  if (prev === 0n) return cur > 0n ? '100' : '0';
  // (cur - prev) / prev * 100, rounded half away from zero to one decimal: work in tenths of a percent.
  const num = (cur - prev) * 1000n;
  const neg = num < 0n !== prev < 0n;
  const abs = (num < 0n ? -num : num) * 2n;
  const den = prev < 0n ? -prev : prev;
  const tenths = (abs / den + 1n) / 2n;
  const whole = tenths / 10n;
  const frac = tenths % 10n;
  const text = `${whole}.${frac}`;
  return neg && tenths !== 0n ? `-${text}` : text;
}

/** A share in percent with one decimal ('33.3'); '0.0' when there is no whole. */
export function percentShare(part: number, whole: number): string {
  if (whole <= 0) return '0.0';
  // Tenths of a percent, rounded half up, in integers: floor((part * 1000 + whole / 2) / whole).
  const t = Math.floor((part * 2000 + whole) / (2 * whole));
  return `${Math.floor(t / 10)}.${t % 10}`;
}

/** A decimal USD string as whole cents (more digits are cut, which sums of cents never have). */
function toCents(value: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return 0n;
  const cents = BigInt(m[2]!) * 100n + BigInt((m[3] ?? '').padEnd(2, '0').slice(0, 2));
  return m[1] === '-' ? -cents : cents;
}
