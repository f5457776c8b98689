import { RISK_RULES } from '@coinlane/core/risk-rules';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { usingPostgres } from '#app/test/test-db.ts';
import { compactPaymentRollups, FOLDED_STRIPE } from './compact-payment-rollups.ts';
import { findPaymentRiskActivity, findPaymentsRiskActivity } from './find-payment-risk-activity.ts';

/**
 * The merchant's figures the risk rules read (history count and mean, USD of the last day, daily mean before) come from
 * payment_usd_hours (migration 0041), kept by triggers on payments. They must equal the same figures summed over the
 * payments themselves by whole UTC hours, after inserts, re-prices, moves and deletes, after many creations at once
 * (on PostgreSQL they really run concurrently, each connection writing a row of its own: migration 0046), and after
 * the rollup job has folded the past hours into one row each.
 */
let ctx: TestContext;
let shop: Merchant;
let other: Merchant;
let template: Record<string, unknown>;

const HOUR = 3600_000;
const AT = new Date('2026-06-15T12:34:56.789Z');
const ago = (ms: number) => new Date(AT.getTime() - ms);

beforeAll(async () => {
  ctx = await createTestContext();
  shop = await createMerchant(ctx, { name: 'Hours Shop' });
  other = await createMerchant(ctx, { name: 'Other Shop' });
  const res = await shop.call({
    method: 'POST',
    url: '/api/v1/payments',
    payload: { amount: '0.001', currency: 'BTC' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const row = await ctx.db
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', res.json().data.id)
    .executeTakeFirstOrThrow();
  template = {
    ...row,
    metadata: JSON.stringify(row.metadata),
    chain_details: JSON.stringify(row.chain_details),
    conversion: null,
  };
  // The payment the API made is in today's hours, far from AT: only the copies below are in AT's 30 days.
});

afterAll(async () => {
  await ctx?.close();
});

let copies = 0;
async function copy(opts: { userId?: string; mode?: string; at: Date; usd: string | null }): Promise<string> {
  copies += 1;
  const id = `pay_hours${copies}`;
  await ctx.db
    .insertInto('payments')
    .values({
      ...template,
      id,
      address: `hours_address_${copies}`,
      user_id: opts.userId ?? shop.id,
      mode: opts.mode ?? 'test',
      created_at: opts.at,
      usd_amount: opts.usd,
    } as never)
    .execute();
  return id;
}

const newPayment = (usd: string | null) => ({
  id: 'pay_not_inserted',
  user_id: shop.id,
  mode: 'test' as const,
  created_at: AT,
  customer_email: null,
  customer_ip: null,
  usd_amount: usd,
});

/** The merchant's rows of hours before the current one: how many hours, how many rows, which stripes. */
async function pastHourRows(userId: string) {
  const r = await sql<{ hours: string; rows: string; stripes: number[] }>`
    SELECT count(DISTINCT hour) AS hours, count(*) AS rows, array_agg(DISTINCT stripe ORDER BY stripe) AS stripes
    FROM payment_usd_hours
    WHERE user_id = ${userId} AND mode = 'test' AND hour < date_trunc('hour', now(), 'UTC')`.execute(ctx.db);
  const row = r.rows[0]!;
  return { hours: Number(row.hours), rows: Number(row.rows), stripes: row.stripes.map(Number) };
}

/** The merchant's figures summed over the payments themselves, by whole UTC hours: what the hours must give. */
async function fromPayments(excludeId: string | null) {
  const hour = new Date(Math.floor(AT.getTime() / HOUR) * HOUR);
  const first = new Date(Math.floor(ago(RISK_RULES.historyDays * 24 * HOUR).getTime() / HOUR) * HOUR);
  const dayAfter = new Date(hour.getTime() - 24 * HOUR);
  const r = await sql<{ n: string; usd: string | null; last_day: string | null; before: string | null }>`
    SELECT count(*) AS n, sum(usd_amount) AS usd,
           sum(usd_amount) FILTER (WHERE date_trunc('hour', created_at, 'UTC') > ${dayAfter}) AS last_day,
           sum(usd_amount) FILTER (WHERE date_trunc('hour', created_at, 'UTC') <= ${dayAfter}) AS before
    FROM payments
    WHERE user_id = ${shop.id} AND mode = 'test' AND usd_amount IS NOT NULL
      AND date_trunc('hour', created_at, 'UTC') BETWEEN ${first} AND ${hour}
      AND id IS DISTINCT FROM ${excludeId}`.execute(ctx.db);
  const row = r.rows[0]!;
  return {
    n: Number(row.n),
    usd: Number(row.usd ?? 0),
    lastDay: Number(row.last_day ?? 0),
    before: Number(row.before ?? 0),
  };
}

async function figures(usd: string | null) {
  const a = await findPaymentRiskActivity({
    db: ctx.db,
    payment: newPayment(usd),
    windows: RISK_RULES,
    inserted: false,
  });
  return {
    count: a.merchantHistory.count,
    meanUsd: a.merchantHistory.meanUsd,
    lastDay: a.merchantUsdLastDay,
    dailyMeanBefore: a.merchantDailyMeanUsdBefore,
  };
}

describe('the merchant figures of the risk rules', () => {
  it('count whole UTC hours of the merchant’s own mode, and follow re-prices, moves and deletes', async () => {
    const sameHour = await copy({ at: ago(10 * 60_000), usd: '100.00' }); // 12:24, AT's own hour
    await copy({ at: ago(2 * HOUR), usd: '40.50' }); // last day
    const edge = await copy({ at: ago(23.75 * HOUR), usd: '7.25' }); // 12:49 the day before: hour H-24, "before"
    await copy({ at: ago(25 * HOUR), usd: '12.00' }); // before
    await copy({ at: ago(29 * 24 * HOUR), usd: '30.00' }); // before, near the history's start
    await copy({ at: ago(31 * 24 * HOUR), usd: '999.00' }); // older than the history: left out
    await copy({ at: ago(3 * HOUR), usd: null }); // no USD value: left out
    await copy({ at: ago(HOUR), usd: '500.00', mode: 'live' }); // the other mode: left out
    await copy({ at: ago(HOUR), usd: '500.00', userId: other.id }); // another merchant: left out
    const later = await copy({ at: new Date(AT.getTime() + 20 * 60_000), usd: '1.00' }); // 12:54: in AT's hour

    const daysBefore = RISK_RULES.historyDays - 1;
    expect(await figures('50.00')).toEqual({
      count: 6,
      meanUsd: (100 + 40.5 + 7.25 + 12 + 30 + 1) / 6,
      lastDay: 100 + 40.5 + 1 + 50, // the new payment's own USD included
      dailyMeanBefore: (7.25 + 12 + 30) / daysBefore,
    });
    const reference = await fromPayments(null);
    expect(reference).toEqual({ n: 6, usd: 190.75, lastDay: 141.5, before: 49.25 });

    // A re-price, a move into the last day, a delete: each reaches the hours in its own statement.
    await ctx.db.updateTable('payments').set({ usd_amount: '60.00' }).where('id', '=', sameHour).execute();
    await ctx.db
      .updateTable('payments')
      .set({ created_at: ago(HOUR) })
      .where('id', '=', edge)
      .execute();
    await ctx.db.deleteFrom('payments').where('id', '=', later).execute();
    await ctx.db.updateTable('payments').set({ usd_amount: null }).where('id', '=', edge).execute();
    await ctx.db.updateTable('payments').set({ usd_amount: '8.00' }).where('id', '=', edge).execute();
    expect(await fromPayments(null)).toEqual({ n: 5, usd: 150.5, lastDay: 108.5, before: 42 });
    expect(await figures(null)).toEqual({
      count: 5,
      meanUsd: 150.5 / 5,
      lastDay: 108.5,
      dailyMeanBefore: 42 / daysBefore,
    });

    // Re-scoring an inserted payment leaves it out of its own history and counts it once in its last day.
    const a = await findPaymentRiskActivity({
      db: ctx.db,
      payment: { ...newPayment('60.00'), id: sameHour, created_at: ago(10 * 60_000) },
      windows: RISK_RULES,
    });
    expect(a.merchantHistory).toEqual({ count: 4, meanUsd: (150.5 - 60) / 4 });
    expect(a.merchantUsdLastDay).toBe(108.5);

    // Read for several payments in one statement (a block's, re-scored together): each as its own read gives it.
    const several = [
      { ...newPayment('60.00'), id: sameHour, created_at: ago(10 * 60_000) },
      { ...newPayment('8.00'), id: edge, created_at: ago(HOUR), customer_email: 'Payer@Example.com' },
      { ...newPayment(null), id: 'pay_other', user_id: other.id, customer_ip: '203.0.113.9' },
    ];
    const together = await findPaymentsRiskActivity({ db: ctx.db, payments: several, windows: RISK_RULES });
    const alone = [];
    for (const payment of several) {
      alone.push(await findPaymentRiskActivity({ db: ctx.db, payment, windows: RISK_RULES }));
    }
    expect(together).toEqual(alone);
    expect(together.map((t) => t.merchantHistory.count)).toEqual([4, 3, 1]);

    // The rollup job folds each past hour into one row (migration 0046; seven hours here, one of them netting to
    // nothing after the move): the same figures, and a change made to a folded hour still reaches it, folded again
    // at the next run.
    const unfolded = await figures('50.00');
    const folded = await compactPaymentRollups({ db: ctx.db });
    expect(folded.hours).toBeGreaterThan(0);
    expect(await pastHourRows(shop.id)).toEqual({ hours: 7, rows: 7, stripes: [FOLDED_STRIPE] });
    expect(await figures('50.00')).toEqual(unfolded);
    await ctx.db.updateTable('payments').set({ usd_amount: '61.00' }).where('id', '=', sameHour).execute();
    expect(await pastHourRows(shop.id)).toEqual({ hours: 7, rows: 8, stripes: expect.any(Array) });
    const repriced = { ...unfolded, meanUsd: 151.5 / 5, lastDay: 109.5 + 50 };
    expect(await figures('50.00')).toEqual(repriced);
    await compactPaymentRollups({ db: ctx.db });
    expect(await pastHourRows(shop.id)).toEqual({ hours: 7, rows: 7, stripes: [FOLDED_STRIPE] });
    expect(await figures('50.00')).toEqual(repriced);
  });

  it('add up to the payments after many creations at once', async () => {
    const fresh = await createMerchant(ctx, { name: 'Busy Shop' });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fresh.call({
          method: 'POST',
          url: '/api/v1/payments',
          payload: { fiatAmount: `${10 + i}`, fiatCurrency: 'USD', currency: 'BTC' },
        }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const hours = await ctx.db
      .selectFrom('payment_usd_hours')
      .select([
        sql<string>`sum(payments)`.as('n'),
        sql<string>`sum(usd)`.as('usd'),
        sql<string>`count(*)`.as('rows'),
      ])
      .where('user_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    const payments = await ctx.db
      .selectFrom('payments')
      .select([sql<string>`count(usd_amount)`.as('n'), sql<string>`sum(usd_amount)`.as('usd')])
      .where('user_id', '=', fresh.id)
      .executeTakeFirstOrThrow();
    expect(Number(hours.n)).toBe(40);
    expect(Number(payments.n)).toBe(40);
    expect(Number(hours.usd)).toBe(Number(payments.usd));
    expect(Number(payments.usd)).toBe((40 * (10 + 49)) / 2);
    // on PostgreSQL the pool's connections each wrote a row of their own, not one row every creation waits on
    if (usingPostgres()) expect(Number(hours.rows)).toBeGreaterThan(1);
  });

  // Two creations of one merchant in the same hour, each in a transaction not yet committed: the second must not
  // wait for the first. With the stripe taken from the payment's id (before migration 0046), two ids in the same of
  // 16 stripes met on one row, and the second creation waited for the first's commit.
  it.runIf(usingPostgres())(
    'let two connections write one merchant’s hour at once, neither waiting',
    async () => {
      const fresh = await createMerchant(ctx, { name: 'Side by Side Shop' });
      const { rows } = await sql<{ a: string; b: string }>`
      WITH ids AS (SELECT 'pay_side' || i AS id FROM generate_series(1, 40) i)
      SELECT x.id AS a, y.id AS b FROM ids x JOIN ids y ON x.id < y.id AND hashtext(x.id) & 15 = hashtext(y.id) & 15
      LIMIT 1`.execute(ctx.db);
      const [a, b] = [rows[0]!.a, rows[0]!.b];
      // two connections whose stripes differ (a connection writes the stripe of its process id modulo 64)
      const clients: pg.Client[] = [];
      const stripes = new Set<number>();
      try {
        while (clients.length < 2) {
          const c = new pg.Client({ connectionString: ctx.dbHandle.databaseUrl });
          await c.connect();
          const pid = Number((await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
          if (stripes.has(pid & 63)) {
            await c.end();
            continue;
          }
          stripes.add(pid & 63);
          clients.push(c);
        }
        const [one, two] = clients as [pg.Client, pg.Client];
        // a copy of the payment the API made, as the merchant's, now
        const insert = (c: pg.Client, id: string) =>
          c.query(
            `INSERT INTO payments SELECT (json_populate_record(p, $1::json)).* FROM payments p WHERE p.id = $2`,
            [
              JSON.stringify({
                id,
                address: `side_${id}`,
                user_id: fresh.id,
                created_at: new Date(),
                usd_amount: '5.00',
              }),
              template.id,
            ],
          );
        await one.query('BEGIN');
        await insert(one, a);
        await two.query('BEGIN');
        await two.query(`SET LOCAL lock_timeout = '5s'`);
        await insert(two, b); // waited for `one` and failed with lock_timeout before migration 0046
        await two.query('COMMIT');
        await one.query('COMMIT');
      } finally {
        for (const c of clients) await c.end();
      }
      const hours = await ctx.db
        .selectFrom('payment_usd_hours')
        .select([sql<string>`sum(payments)`.as('n'), sql<string>`count(*)`.as('rows')])
        .where('user_id', '=', fresh.id)
        .executeTakeFirstOrThrow();
      expect({ n: Number(hours.n), rows: Number(hours.rows) }).toEqual({ n: 2, rows: 2 });
    },
  );

  // A prepared statement is planned again at every run while PostgreSQL judges its generic plan dearer than the
  // custom ones (plan_cache_mode auto); a CASE on a NULL parameter let the custom plans drop the customer's counts,
  // so the creation's risk read was planned anew every time (decision 037).
  it.runIf(usingPostgres())(
    'is planned once per connection on PostgreSQL, with or without the customer',
    async () => {
      const plans = await ctx.db.transaction().execute(async (trx) => {
        for (let i = 0; i < 12; i++) {
          const customer =
            i % 2 === 0 ? {} : { customer_email: 'Buyer@Example.com', customer_ip: '203.0.113.7' };
          await findPaymentRiskActivity({
            db: trx,
            payment: { ...newPayment('10'), ...customer },
            windows: RISK_RULES,
            inserted: false,
          });
        }
        // The two texts run here: with both of the customer's counts, and with neither. The connection may hold
        // the read's other texts too, from earlier tests (an e-mail without an IP, a re-score with the payers).
        const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
        SELECT generic_plans, custom_plans FROM pg_prepared_statements
        WHERE statement LIKE '%payment_usd_hours%' AND statement NOT LIKE '%FROM transfers t%'
          AND (statement LIKE '%pe.customer_email%') = (statement LIKE '%pi.customer_ip%')
        ORDER BY statement`.execute(trx);
        return rows.map((r) => ({ generic: Number(r.generic_plans), custom: Number(r.custom_plans) }));
      });
      // each of the two run six times here and maybe earlier on this connection: five custom plans at most, then
      // the generic one for every later run
      expect(plans).toHaveLength(2);
      for (const p of plans) {
        expect(p.custom).toBeLessThanOrEqual(5);
        expect(p.generic).toBeGreaterThanOrEqual(1);
      }
    },
  );
});
