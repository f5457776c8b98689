import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { confirmedUsdCentsSql, summarizeMerchantPayments } from './summarize-merchant-payments.ts';

/**
 * The dashboard's volume figures (Total Volume and its halves, This Month and the previous one, the daily series) read
 * from the merchant's quarter-hours and days (payment_volume_slots / _days, migration 0043) must equal the same
 * figures summed over its confirmed payments, as the dashboard read them before: in zones whose midnights are not on
 * a whole hour, across a change of daylight saving time, with payments confirmed in the same quarter-hour (their order
 * by time, then id), one exactly on a quarter-hour, one without a confirmation time, and after changes and a delete.
 */
let ctx: TestContext;
let shop: Merchant;

const NOW = new Date('2026-11-15T10:07:00.000Z');
const ZONES = ['UTC', 'Asia/Kathmandu', 'America/New_York', 'Pacific/Chatham', 'Australia/Eucla'];
const SINCE = '2026-10-17';

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createMerchant(ctx, { name: 'Volume Shop' });
});

afterAll(async () => {
  await ctx?.close();
});

async function confirmedAt(at: string | null, amount = '0.001', confirmed?: string): Promise<string> {
  const res = await shop.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount, currency: 'BTC' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as string;
  const row = await ctx.db
    .selectFrom('payments')
    .select('amount')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('payments')
    .set({
      status: 'confirmed',
      amount_received: confirmed ?? row.amount,
      amount_confirmed: confirmed ?? row.amount,
      confirmed_at: at,
      ...(at === null ? { updated_at: '2026-11-02T03:04:05.678Z' } : {}),
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The figures summed over the confirmed payments themselves: the dashboard's statement before migration 0043. */
async function fromPayments(timeZone: string) {
  const nowAt = sql`${NOW.toISOString()}::timestamptz`;
  const m = sql`date_trunc('month', ${nowAt} AT TIME ZONE ${timeZone})`;
  const d = (cents: string) => sql`(coalesce(${sql.raw(cents)}, 0) / 100)::numeric(78, 2)::text`;
  const t = await sql<Record<string, string>>`
    SELECT count(*)::text AS n, ${d('sum(cents)')} AS usd,
      ${d('sum(cents) FILTER (WHERE rn <= total / 2)')} AS older,
      ${d('sum(cents) FILTER (WHERE rn > total / 2)')} AS newer,
      (coalesce(sum(cents) FILTER (WHERE at >= (${m} AT TIME ZONE ${timeZone})
        AND at < ((${m} + interval '1 month') AT TIME ZONE ${timeZone})), 0) / 100)::numeric(78, 2)::text AS this_month,
      (coalesce(sum(cents) FILTER (WHERE at >= ((${m} - interval '1 month') AT TIME ZONE ${timeZone})
        AND at < (${m} AT TIME ZONE ${timeZone})), 0) / 100)::numeric(78, 2)::text AS prev_month
    FROM (
      SELECT ${confirmedUsdCentsSql} AS cents, coalesce(confirmed_at, updated_at) AS at,
        row_number() OVER (ORDER BY coalesce(confirmed_at, updated_at), id) AS rn, count(*) OVER () AS total
      FROM payments WHERE user_id = ${shop.id} AND mode = 'test' AND status = 'confirmed'
    ) c`.execute(ctx.db);
  const days = await sql<{ date: string; usd: string; n: string }>`
    SELECT to_char(coalesce(confirmed_at, updated_at) AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS date,
      (sum(${confirmedUsdCentsSql}) / 100)::numeric(78, 2)::text AS usd, count(*)::text AS n
    FROM payments WHERE user_id = ${shop.id} AND mode = 'test' AND status = 'confirmed'
      AND coalesce(confirmed_at, updated_at) >= (${SINCE}::date::timestamp AT TIME ZONE ${timeZone})
    GROUP BY 1 ORDER BY 1`.execute(ctx.db);
  const r = t.rows[0]!;
  return {
    confirmed: { count: Number(r.n), usd: r.usd, olderHalfUsd: r.older, newerHalfUsd: r.newer },
    thisMonthUsd: r.this_month,
    previousMonthUsd: r.prev_month,
    days: days.rows.map((x) => ({ date: x.date, usd: x.usd, count: Number(x.n) })),
  };
}

async function expectSame() {
  for (const timeZone of ZONES) {
    const s = await summarizeMerchantPayments({
      db: ctx.db,
      userId: shop.id,
      mode: 'test',
      timeZone,
      sinceDay: SINCE,
      now: NOW,
    });
    const { byStatus: _b, monthStart: _m, ...figures } = s;
    expect(figures, timeZone).toEqual(await fromPayments(timeZone));
  }
}

describe('the dashboard volume from quarter-hours and days', () => {
  it('equals the sums over the confirmed payments, in every zone, through changes', async () => {
    await expectSame(); // nothing confirmed yet
    const ids = [
      await confirmedAt('2026-09-30T23:59:59.999Z'),
      await confirmedAt('2026-10-01T00:00:00.000Z'), // on a quarter-hour, the UTC month's first instant
      await confirmedAt('2026-10-31T18:15:00.000Z', '0.0033', '1001'), // Kathmandu's midnight (+5:45), a part
      await confirmedAt('2026-11-01T05:59:59.000Z'), // New York's daylight saving time ends at 06:00Z
      await confirmedAt('2026-11-01T06:00:00.000Z'),
      await confirmedAt('2026-11-10T12:01:00.000Z', '0.002'),
      await confirmedAt('2026-11-10T12:01:00.000Z', '0.003'), // the same instant: ordered by id
      await confirmedAt('2026-11-10T12:14:59.999Z', '0.007'),
      await confirmedAt(null), // no confirmation time: placed by updated_at
      await confirmedAt('2026-11-14T10:45:00.000Z', '0.00123456'), // Chatham's midnight (+13:45)
      await confirmedAt('2026-11-15T10:06:00.000Z', '0.05'),
    ];
    await expectSame();
    await confirmedAt('2026-11-10T12:05:00.000Z', '0.0042'); // an even count: the half moves into the quarter-hour
    await expectSame();

    // Reversed, re-dated, re-priced, deleted: each moves the payment's quarter-hour and day with it.
    await ctx.db.updateTable('payments').set({ status: 'partial' }).where('id', '=', ids[5]!).execute();
    await ctx.db
      .updateTable('payments')
      .set({ confirmed_at: '2026-10-20T08:30:00.000Z' })
      .where('id', '=', ids[10]!)
      .execute();
    await ctx.db.updateTable('payments').set({ usd_amount: '123.45' }).where('id', '=', ids[6]!).execute();
    await ctx.db.deleteFrom('payments').where('id', '=', ids[0]!).execute();
    await expectSame();

    const s = await summarizeMerchantPayments({
      db: ctx.db,
      userId: shop.id,
      mode: 'test',
      timeZone: 'UTC',
      sinceDay: SINCE,
      now: NOW,
    });
    expect(s.confirmed.count).toBe(10);
    expect(s.monthStart.toISOString()).toBe('2026-11-01T00:00:00.000Z');
  });
});
