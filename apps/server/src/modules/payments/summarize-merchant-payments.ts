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
  const { byStatus } = await countMerchantPaymentsByStatus({ db, userId, mode });

  // Month boundaries in the merchant's zone: local midnight of the 1st, as instants.
  const nowAt = sql`${now.toISOString()}::timestamptz`;
  const monthStart = sql`(date_trunc('month', ${nowAt} AT TIME ZONE ${timeZone}) AT TIME ZONE ${timeZone})`;
  const prevStart = sql`((date_trunc('month', ${nowAt} AT TIME ZONE ${timeZone}) - interval '1 month') AT TIME ZONE ${timeZone})`;
  const nextStart = sql`((date_trunc('month', ${nowAt} AT TIME ZONE ${timeZone}) + interval '1 month') AT TIME ZONE ${timeZone})`;

  const totals = await sql<{
    n: string;
    usd: string | null;
    older: string | null;
    newer: string | null;
    this_month: string | null;
    prev_month: string | null;
    month_start: Date;
  }>`
    SELECT
      count(*) AS n,
      ${dollarsOfCents(sql`sum(cents)`)} AS usd,
      ${dollarsOfCents(sql`sum(cents) FILTER (WHERE rn <= total / 2)`)} AS older,
      ${dollarsOfCents(sql`sum(cents) FILTER (WHERE rn > total / 2)`)} AS newer,
      ${dollarsOfCents(sql`sum(cents) FILTER (WHERE at >= ${monthStart} AND at < ${nextStart})`)} AS this_month,
      ${dollarsOfCents(sql`sum(cents) FILTER (WHERE at >= ${prevStart} AND at < ${monthStart})`)} AS prev_month,
      ${monthStart} AS month_start
    FROM (
      SELECT
        ${confirmedUsdCentsSql} AS cents,
        coalesce(confirmed_at, updated_at) AS at,
        row_number() OVER (ORDER BY coalesce(confirmed_at, updated_at), id) AS rn,
        count(*) OVER () AS total
      FROM payments
      WHERE user_id = ${userId} AND mode = ${mode} AND status = 'confirmed'
    ) confirmed
  `.execute(db);
  const t = totals.rows[0]!;

  const dayRows = await sql<{ date: string; usd: string; n: string }>`
    SELECT to_char(coalesce(confirmed_at, updated_at) AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date,
           ${dollarsOfCents(sql`sum(${confirmedUsdCentsSql})`)} AS usd, count(*) AS n
    FROM payments
    WHERE user_id = ${userId} AND mode = ${mode} AND status = 'confirmed'
      AND coalesce(confirmed_at, updated_at) >= (${sinceDay}::date::timestamp AT TIME ZONE ${timeZone})
    GROUP BY 1
    ORDER BY 1
  `.execute(db);

  return {
    byStatus,
    confirmed: {
      count: Number(t.n),
      usd: t.usd ?? '0',
      olderHalfUsd: t.older ?? '0',
      newerHalfUsd: t.newer ?? '0',
    },
    thisMonthUsd: t.this_month ?? '0',
    previousMonthUsd: t.prev_month ?? '0',
    monthStart: new Date(t.month_start),
    days: dayRows.rows.map((r) => ({ date: r.date, usd: String(r.usd), count: Number(r.n) })),
  };
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
