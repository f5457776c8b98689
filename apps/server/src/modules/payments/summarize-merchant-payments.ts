import { formatUnits, parseUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { TPaymentStatus } from '@coinlane/core/payment-status';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

export type MerchantPaymentFigures = {
  byStatus: Record<TPaymentStatus, number>;
  confirmed: {
    count: number;
    usd: string;
    /** The confirmed payments in order of confirmation: the older floor(n/2), and the rest. */
    olderHalfUsd: string;
    newerHalfUsd: string;
  };
  thisMonthUsd: string;
  previousMonthUsd: string;
  /** Start of the current calendar month in the time zone. */
  monthStart: Date;
  /** Confirmed USD per calendar day (YYYY-MM-DD in the time zone) from `sinceDay` to today, days without any left out. */
  days: { date: string; usd: string; count: number }[];
};

/**
 * Cents of the USD value of a payment's confirmed money at the rate its amount due was priced at:
 * usd_amount x amount_confirmed / amount, half-up (floor((2 x cents x confirmed + amount) / (2 x amount)), exact
 * integer arithmetic), 0 without a USD value. The same rule as shareOfFiat, which presents it per payment
 * (usdConfirmed): a sum of this column equals the sum of the rows' usdConfirmed. On a query of `payments`.
 */
export const confirmedUsdCentsSql = sql<string>`div(2 * coalesce(usd_amount, 0) * 100 * amount_confirmed + amount, 2 * amount)`;

/** A sum of cents as dollars with exactly two decimals (numeric text), '0.00' for none. */
export const dollarsOfCents = (cents: RawBuilder<unknown>) =>
  sql<string>`(coalesce(${cents}, 0) / 100)::numeric(78, 2)`;

/** Confirmed amounts per coin and decimals, and their USD at the payments' locked rates. */
export type MerchantCoinTotals = {
  currency: string;
  decimals: number;
  units: bigint;
  lockedUsd: string;
  /** The part of `units` (and of `lockedUsd`) on payments that are not confirmed: not in the volume. */
  outsideUnits: bigint;
  outsideLockedUsd: string;
  count: number;
}[];

/**
 * Figures of a merchant's payments in one mode for the dashboard (merchant spec 9), from its totals, quarter-hours and
 * days (payment_totals, payment_volume_slots / _days; decision 031): a few small reads, however many payments it has,
 * equal to the same sums over its payments (payment-volume.test.ts). Volumes are sums, over confirmed payments (accepted late payments included), of the USD value of the
 * money received and confirmed at each payment's locked rate (confirmedUsdCentsSql: an overpayment counts in
 * full, what was due no more), placed in time by confirmed_at (for an accepted late payment: when it was
 * accepted); calendar months and days are those of `timeZone`.
 */
export async function summarizeMerchantPayments({
  db,
  userId,
  mode,
  timeZone,
  sinceDay,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  timeZone: string;
  /** First day of the daily series, YYYY-MM-DD in the time zone. */
  sinceDay: string;
  now?: Date;
}): Promise<MerchantPaymentFigures> {
  if (!db.isTransaction) {
    // One snapshot for every read below, so the count, the months and days and the halves agree with one another
    // while payments are confirmed or reversed meanwhile (read-only: repeatable read never fails to serialize).
    return db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute((trx) => summarizeMerchantPayments({ db: trx, userId, mode, timeZone, sinceDay, now }));
  }
  const { byStatus, confirmedUsd } = await countMerchantPaymentsByStatus({ db, userId, mode });
  const count = byStatus.confirmed;
  const totalCents = confirmedUsd === null ? 0n : centsOf(confirmedUsd);

  // Months and days in the merchant's zone, as intervals of instants: this month, the previous one, and each day of
  // the series up to today. Each is summed from the quarter-hours inside it and the confirmed payments of its edges
  // that no whole quarter-hour covers (none for the zones in use, whose midnights fall on quarter-hours).
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const localMonth = sql`date_trunc('month', ${nowAt} AT TIME ZONE ${timeZone})`;
  const intervals = await sql<{ label: string; cents: string; n: string; month_start: Date | null }>`
    WITH bounds (label, lo, hi) AS (
      SELECT 'this', ${localMonth} AT TIME ZONE ${timeZone}, (${localMonth} + interval '1 month') AT TIME ZONE ${timeZone}
      UNION ALL
      SELECT 'previous', (${localMonth} - interval '1 month') AT TIME ZONE ${timeZone}, ${localMonth} AT TIME ZONE ${timeZone}
      UNION ALL
      SELECT to_char(d, 'YYYY-MM-DD'), d AT TIME ZONE ${timeZone}, (d + interval '1 day') AT TIME ZONE ${timeZone}
      FROM generate_series(${sinceDay}::date::timestamp, (${nowAt} AT TIME ZONE ${timeZone})::date::timestamp,
                           interval '1 day') AS d
    ),
    cut AS (
      SELECT label, lo, hi,
             to_timestamp(ceil(extract(epoch FROM lo) / 900) * 900) AS slot_lo,
             to_timestamp(floor(extract(epoch FROM hi) / 900) * 900) AS slot_hi
      FROM bounds
    ),
    parts AS (
      SELECT label, lo, v.payments, v.cents FROM cut
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(s.payments), 0) AS payments, coalesce(sum(s.cents), 0) AS cents
        FROM ${merchantVolume('slots', userId, mode)} s
        WHERE s.at >= cut.slot_lo AND s.at < cut.slot_hi
      ) v
      UNION ALL
      SELECT label, lo, e.payments, e.cents FROM cut
      CROSS JOIN LATERAL (
        SELECT count(*) AS payments, coalesce(sum(${confirmedUsdCentsSql}), 0) AS cents
        FROM payments
        WHERE user_id = ${userId} AND mode = ${mode} AND status = 'confirmed'
          AND ((coalesce(confirmed_at, updated_at) >= cut.lo AND coalesce(confirmed_at, updated_at) < least(cut.slot_lo, cut.hi))
            OR (coalesce(confirmed_at, updated_at) >= greatest(cut.slot_hi, cut.slot_lo)
                AND coalesce(confirmed_at, updated_at) < cut.hi))
      ) e
    )
    SELECT label, sum(cents)::text AS cents, sum(payments)::text AS n,
           CASE WHEN label = 'this' THEN min(lo) END AS month_start
    FROM parts GROUP BY label
  `.execute(db);
  const byLabel = new Map(intervals.rows.map((r) => [r.label, r]));
  const dollars = (cents: bigint) => formatUnits(cents, 2, { minDecimals: 2 });
  const this_ = byLabel.get('this');
  const olderCents = await olderHalfCents({ db, userId, mode, half: Math.floor(count / 2) });

  return {
    byStatus,
    confirmed: {
      count,
      usd: dollars(totalCents),
      olderHalfUsd: dollars(olderCents),
      newerHalfUsd: dollars(totalCents - olderCents),
    },
    thisMonthUsd: dollars(BigInt(this_?.cents ?? '0')),
    previousMonthUsd: dollars(BigInt(byLabel.get('previous')?.cents ?? '0')),
    monthStart: new Date(this_?.month_start ?? now),
    days: intervals.rows
      .filter((r) => r.label !== 'this' && r.label !== 'previous' && Number(r.n) > 0)
      .map((r) => ({ date: r.label, usd: dollars(BigInt(r.cents)), count: Number(r.n) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

/** Whole cents of a dollar amount with at most two decimals ('12.34' -> 1234n). */
const centsOf = (usd: string) => parseUnits(usd, 2);

/**
 * The cents of the first `half` confirmed payments in order of confirmation (coalesce(confirmed_at, updated_at), id):
 * the UTC day where they end from payment_volume_days, the quarter-hour in it from payment_volume_slots, and the
 * payments of that quarter-hour itself in order (payments_confirmed_order_idx).
 */
async function olderHalfCents({
  db,
  userId,
  mode,
  half,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  half: number;
}): Promise<bigint> {
  if (half <= 0) return 0n;
  /** Within [from, to) of a grain's table: the row where the first `k` payments end, and what comes before it. */
  const crossing = async (grain: 'days' | 'slots', k: number, from?: Date, to?: Date) => {
    const r = await sql<{ at: Date; before_n: string; before_cents: string }>`
      SELECT at, before_n::text, before_cents::text FROM (
        SELECT at, sum(payments) AS n,
               coalesce(sum(sum(payments)) OVER w, 0) - sum(payments) AS before_n,
               coalesce(sum(sum(cents)) OVER w, 0) - sum(cents) AS before_cents
        FROM ${merchantVolume(grain, userId, mode)} v
        WHERE true ${from ? sql`AND at >= ${from}` : sql``} ${to ? sql`AND at < ${to}` : sql``}
        GROUP BY at
        WINDOW w AS (ORDER BY at)
      ) g
      WHERE before_n < ${k} AND before_n + n >= ${k}
      ORDER BY at
      LIMIT 1`.execute(db);
    const row = r.rows[0];
    if (!row) throw new Error(`payment volume: no ${grain} row holds payment ${k} of ${userId}/${mode}`);
    return { at: new Date(row.at), beforeN: Number(row.before_n), beforeCents: BigInt(row.before_cents) };
  };
  const day = await crossing('days', half);
  const dayEnd = new Date(day.at.getTime() + 86_400_000);
  const slot = await crossing('slots', half - day.beforeN, day.at, dayEnd);
  const rest = half - day.beforeN - slot.beforeN;
  const slotEnd = new Date(slot.at.getTime() + 900_000);
  const inSlot = await sql<{ cents: string }>`
    SELECT coalesce(sum(cents), 0)::text AS cents FROM (
      SELECT ${confirmedUsdCentsSql} AS cents FROM payments
      WHERE user_id = ${userId} AND mode = ${mode} AND status = 'confirmed'
        AND coalesce(confirmed_at, updated_at) >= ${slot.at} AND coalesce(confirmed_at, updated_at) < ${slotEnd}
      ORDER BY coalesce(confirmed_at, updated_at), id
      LIMIT ${rest}
    ) first`.execute(db);
  return day.beforeCents + slot.beforeCents + BigInt(inSlot.rows[0]!.cents);
}

/**
 * Per coin (and decimals, which differ by network) all the money received with its confirmations, whatever the
 * payment's status: confirmed payments, accepted or not late payments, parts of partial or expired ones. It is in
 * the merchant's wallet either way, less the refunds the merchant paid back from it (decision 022). Also its USD
 * value at the payments' locked rates, and how many payments hold some. Read from `payment_totals` (decision 031).
 */
export async function sumConfirmedByCoin({
  db,
  userId,
  mode,
}: {
  db: Db;
  userId: string;
  mode: TMode;
}): Promise<MerchantCoinTotals> {
  // From the merchant's totals (migration 0042): each group's sums over the payments holding confirmed money.
  const { rows } = await sql<{
    currency: string;
    decimals: number;
    units: string;
    usd: string;
    outside_units: string;
    outside_usd: string;
    n: string;
  }>`
    SELECT currency, decimals, sum(kept_units)::text AS units, ${dollarsOfCents(sql`sum(kept_cents)`)} AS usd,
           coalesce(sum(kept_units) FILTER (WHERE status <> 'confirmed'), 0)::text AS outside_units,
           ${dollarsOfCents(sql`sum(kept_cents) FILTER (WHERE status <> 'confirmed')`)} AS outside_usd,
           sum(holding)::text AS n
    FROM ${merchantTotals(userId, mode)} t
    GROUP BY currency, decimals
    HAVING sum(holding) > 0`.execute(db);
  return rows.map((r) => ({
    currency: r.currency,
    decimals: r.decimals,
    units: BigInt(String(r.units)),
    lockedUsd: String(r.usd),
    outsideUnits: BigInt(String(r.outside_units)),
    outsideLockedUsd: String(r.outside_usd),
    count: Number(r.n),
  }));
}

/**
 * A merchant's payments in one mode per status, and the USD of the confirmed ones' confirmed money at their locked
 * rates (null when none is confirmed), optionally only some statuses or one coin: what `countByStatus`
 * (find-merchant-payments.ts) sums over the payments, read from `payment_totals` (migration 0042, decision 031):
 * at most a few hundred rows, however many payments the merchant has.
 */
export async function countMerchantPaymentsByStatus({
  db,
  userId,
  mode,
  statuses,
  currency,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  statuses?: readonly TPaymentStatus[];
  currency?: string;
}): Promise<StatusFigures> {
  if (statuses && statuses.length === 0) return statusFiguresOf([]);
  const groups = (
    await sql<{ status: string; n: string; usd: string }>`
      SELECT status, sum(payments)::text AS n, ${dollarsOfCents(sql`sum(confirmed_cents)`)} AS usd
      FROM ${merchantTotals(userId, mode)} t
      WHERE true ${statuses ? sql`AND status IN (${sql.join([...statuses])})` : sql``}
        ${currency ? sql`AND currency = ${currency}` : sql``}
      GROUP BY status
      HAVING sum(payments) > 0`.execute(db)
  ).rows;
  return statusFiguresOf(groups);
}

/** Payments per status (each status, 0 for none) and the confirmed ones' USD (null when none is confirmed). */
export type StatusFigures = { byStatus: Record<TPaymentStatus, number>; confirmedUsd: string | null };

/** The figures of rows grouped by status: each group's count and its USD. */
export function statusFiguresOf(
  groups: readonly { status: string; n: string | number; usd: unknown }[],
): StatusFigures {
  const byStatus: Record<TPaymentStatus, number> = {
    pending: 0,
    partial: 0,
    confirmed: 0,
    failed: 0,
    expired: 0,
  };
  let confirmedUsd: string | null = null;
  for (const g of groups) {
    byStatus[g.status as TPaymentStatus] = Number(g.n);
    if (g.status === 'confirmed') confirmedUsd = String(g.usd);
  }
  return { byStatus, confirmedUsd };
}

/**
 * A merchant's totals in one mode as a table (the FROM of a query): the folded rows of `payment_totals` and the
 * changes its log holds that the rollup job has not folded yet (migration 0042).
 */
const merchantTotals = (userId: string, mode: TMode) => sql`(
  SELECT status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding
  FROM payment_totals WHERE user_id = ${userId} AND mode = ${mode}
  UNION ALL
  SELECT status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding
  FROM payment_totals_log WHERE user_id = ${userId} AND mode = ${mode})`;

/** A merchant's confirmed volume by quarter-hour or UTC day, folded and not yet folded (migration 0043). */
const merchantVolume = (grain: 'slots' | 'days', userId: string, mode: TMode) => sql`(
  SELECT at, payments, cents FROM ${sql.table(grain === 'slots' ? 'payment_volume_slots' : 'payment_volume_days')}
  WHERE user_id = ${userId} AND mode = ${mode}
  UNION ALL
  SELECT ${grain === 'slots' ? sql`at` : sql`date_trunc('day', at, 'UTC')`}, payments, cents
  FROM payment_volume_log WHERE user_id = ${userId} AND mode = ${mode})`;
