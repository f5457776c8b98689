import {
  ACTIVE_LINKS_BASELINE,
  percentChange,
  percentShare,
  RECENT_ACTIVITY_LINKS,
  type TPaymentAnalytics,
  VOLUME_SERIES_DAYS,
} from '@coinlane/core/api/analytics';
import { addDays, zonedDateTime } from '@coinlane/core/api/transactions';
import { formatUnits, parseUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { listPaymentLinks } from '#app/modules/payment-links/list-payment-links.ts';
import { summarizePaymentLinks } from '#app/modules/payment-links/summarize-payment-links.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { summarizeMerchantPayments } from '#app/modules/payments/summarize-merchant-payments.ts';

/** A sum of USD amounts (at most cents) written with exactly two decimals. */
export const usd2 = (value: string) => formatUnits(parseUnits(value, 2), 2, { minDecimals: 2 });

/**
 * GET /analytics/payments: the dashboard's and the Payment Links analytics' figures (merchant spec 9).
 * - Total Volume: usdConfirmed (what was received and confirmed, in USD at the locked rate) of confirmed payments,
 *   accepted late payments included, all time; change = newer half of the confirmed payments (by time of
 *   confirmation) against the older half, in percent with one decimal.
 * - This Month: the same for payments confirmed since the 1st of this calendar month in `timeZone`, against
 *   the previous calendar month; '100' when the previous month had nothing but this one has some.
 * - Active Links: active links, change = count - 5, at least 0.
 */
export async function getPaymentAnalytics({
  deps,
  db,
  userId,
  mode,
  appUrl,
  timeZone = 'UTC',
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  appUrl: string;
  timeZone?: string;
  now?: Date;
}): Promise<TPaymentAnalytics> {
  await expireDuePayments({ deps, db, now, userId, mode });
  const today = zonedDateTime(now, timeZone).date;
  const sinceDay = addDays(today, -(VOLUME_SERIES_DAYS - 1));
  const p = await summarizeMerchantPayments({ db, userId, mode, timeZone, sinceDay, now });
  const links = await summarizePaymentLinks({ db, userId, mode, now });
  const recent = await listPaymentLinks({
    db,
    userId,
    mode,
    appUrl,
    now,
    query: { limit: RECENT_ACTIVITY_LINKS, offset: 0 },
  });

  const byDay = new Map(p.days.map((d) => [d.date, d]));
  const dailyVolume = Array.from({ length: VOLUME_SERIES_DAYS }, (_, i) => {
    const date = addDays(sinceDay, i);
    const d = byDay.get(date);
    return { date, usd: usd2(d?.usd ?? '0'), count: d?.count ?? 0 };
  });
  const s = p.byStatus;
  return {
    timeZone,
    totalVolume: {
      usd: usd2(p.confirmed.usd),
      change: percentChange(p.confirmed.newerHalfUsd, p.confirmed.olderHalfUsd),
      confirmedCount: p.confirmed.count,
    },
    thisMonth: {
      usd: usd2(p.thisMonthUsd),
      previousMonthUsd: usd2(p.previousMonthUsd),
      change: percentChange(p.thisMonthUsd, p.previousMonthUsd),
      monthStart: p.monthStart.toISOString(),
    },
    activeLinks: { count: links.active, change: Math.max(0, links.active - ACTIVE_LINKS_BASELINE) },
    dailyVolume,
    counts: {
      total: s.pending + s.partial + s.confirmed + s.failed + s.expired,
      confirmed: s.confirmed,
      pending: s.pending + s.partial,
      failed: s.failed + s.expired,
      byPaymentStatus: { ...s },
    },
    links: {
      total: links.total,
      active: links.active,
      completed: links.completed,
      expired: links.expired,
      totalValueUsd: usd2(links.completedUsd),
      totalValueByCurrency: links.completedFiat,
      conversionRate: percentShare(links.completed, links.total),
      recent: recent.data,
    },
  };
}
