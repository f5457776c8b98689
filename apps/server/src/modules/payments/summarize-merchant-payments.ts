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
  /** Confirmed USD per calendar day (YYYY-MM-DD in the time zone) since `sinceDay`, days without any left out. */
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
 * Figures of a merchant's payments in one mode for the dashboard (merchant spec 9), in a few aggregate
 * queries. Volumes are sums, over confirmed payments (accepted late payments included), of the USD value of the
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
        FROM payment_volume_slots s
        WHERE s.user_id = ${userId} AND s.mode = ${mode} AND s.at >= cut.slot_lo AND s.at < cut.slot_hi
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
      .filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r.label) && Number(r.n) > 0)
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
  const crossing = async (
    table: 'payment_volume_days' | 'payment_volume_slots',
    k: number,
    from?: Date,
    to?: Date,
  ) => {
    const r = await sql<{ at: Date; before_n: string; before_cents: string }>`
      SELECT at, before_n::text, before_cents::text FROM (
        SELECT at, sum(payments) AS n,
               coalesce(sum(sum(payments)) OVER w, 0) - sum(payments) AS before_n,
               coalesce(sum(sum(cents)) OVER w, 0) - sum(cents) AS before_cents
        FROM ${sql.table(table)}
        WHERE user_id = ${userId} AND mode = ${mode}
          ${from ? sql`AND at >= ${from}` : sql``} ${to ? sql`AND at < ${to}` : sql``}
        GROUP BY at
        WINDOW w AS (ORDER BY at)
      ) g
      WHERE before_n < ${k} AND before_n + n >= ${k}
      ORDER BY at
      LIMIT 1`.execute(db);
    const row = r.rows[0];
    if (!row) throw new Error(`payment volume: no ${table} row holds payment ${k} of ${userId}/${mode}`);
    return { at: new Date(row.at), beforeN: Number(row.before_n), beforeCents: BigInt(row.before_cents) };
  };
  const day = await crossing('payment_volume_days', half);
  const dayEnd = new Date(day.at.getTime() + 86_400_000);
  const slot = await crossing('payment_volume_slots', half - day.beforeN, day.at, dayEnd);
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
  const rows = await db
    .selectFrom('payment_totals')
    .select([
      'currency',
      'decimals',
      sql<string>`sum(kept_units)::text`.as('units'),
      dollarsOfCents(sql`sum(kept_cents)`).as('usd'),
      sql<string>`coalesce(sum(kept_units) FILTER (WHERE status <> 'confirmed'), 0)::text`.as(
        'outside_units',
      ),
      dollarsOfCents(sql`sum(kept_cents) FILTER (WHERE status <> 'confirmed')`).as('outside_usd'),
      sql<string>`sum(holding)::text`.as('n'),
    ])
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .groupBy(['currency', 'decimals'])
    .having(sql<boolean>`sum(holding) > 0`)
    .execute();
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
}): Promise<{ byStatus: Record<TPaymentStatus, number>; confirmedUsd: string | null }> {
  const byStatus: Record<TPaymentStatus, number> = {
    pending: 0,
    partial: 0,
    confirmed: 0,
    failed: 0,
    expired: 0,
  };
  if (statuses && statuses.length === 0) return { byStatus, confirmedUsd: null };
  let q = db
    .selectFrom('payment_totals')
    .select([
      'status',
      sql<string>`sum(payments)::text`.as('n'),
      dollarsOfCents(sql`sum(confirmed_cents)`).as('usd'),
    ])
    .where('user_id', '=', userId)
    .where('mode', '=', mode);
  if (statuses) q = q.where('status', 'in', [...statuses]);
  if (currency) q = q.where('currency', '=', currency);
  const groups = await q.groupBy('status').having(sql<boolean>`sum(payments) > 0`).execute();
  let confirmedUsd: string | null = null;
  for (const g of groups) {
    byStatus[g.status as TPaymentStatus] = Number(g.n);
    if (g.status === 'confirmed') confirmedUsd = String(g.usd);
  }
  return { byStatus, confirmedUsd };
}
