import type { TMode } from '@coinlane/core/options';
import type { TPaymentStatus } from '@coinlane/core/payment-status';
import { sql } from 'kysely';
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

/** Confirmed amounts per coin and decimals, and their USD at the payments' locked rates. */
export type MerchantCoinTotals = {
  currency: string;
  decimals: number;
  units: bigint;
  lockedUsd: string;
  count: number;
}[];

/**
 * Figures of a merchant's payments in one mode for the dashboard (merchant spec 9), in a few aggregate
 * queries. Volumes are sums of usd_amount (the USD value of the amount due at each payment's locked rate) of
 * confirmed payments, placed in time by confirmed_at; calendar months and days are those of `timeZone`.
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
  const own = db.selectFrom('payments').where('user_id', '=', userId).where('mode', '=', mode);

  const statusRows = await own
    .select((eb) => ['status', eb.fn.countAll<string>().as('n')])
    .groupBy('status')
    .execute();
  const byStatus: Record<TPaymentStatus, number> = {
    pending: 0,
    partial: 0,
    confirmed: 0,
    failed: 0,
    expired: 0,
  };
  for (const r of statusRows) byStatus[r.status] = Number(r.n);

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
      sum(usd) AS usd,
      sum(usd) FILTER (WHERE rn <= total / 2) AS older,
      sum(usd) FILTER (WHERE rn > total / 2) AS newer,
      sum(usd) FILTER (WHERE at >= ${monthStart} AND at < ${nextStart}) AS this_month,
      sum(usd) FILTER (WHERE at >= ${prevStart} AND at < ${monthStart}) AS prev_month,
      ${monthStart} AS month_start
    FROM (
      SELECT
        coalesce(usd_amount, 0) AS usd,
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
           sum(coalesce(usd_amount, 0)) AS usd, count(*) AS n
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

/** Per coin (and decimals, which differ by network) the confirmed amounts of confirmed payments. */
export async function sumConfirmedByCoin({
  db,
  userId,
  mode,
}: {
  db: Db;
  userId: string;
  mode: TMode;
}): Promise<MerchantCoinTotals> {
  const rows = await db
    .selectFrom('payments')
    .select((eb) => [
      'currency',
      'decimals',
      sql<string>`sum(amount_confirmed)`.as('units'),
      sql<string>`coalesce(sum(usd_amount), 0)`.as('usd'),
      eb.fn.countAll<string>().as('n'),
    ])
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('status', '=', 'confirmed')
    .groupBy(['currency', 'decimals'])
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    decimals: r.decimals,
    units: BigInt(String(r.units)),
    lockedUsd: String(r.usd),
    count: Number(r.n),
  }));
}
