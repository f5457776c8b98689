import { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '#app/http/log.ts';
import {
  createShiftMerchant,
  liveLtcLink,
  otherRegtestAddress,
  type ShiftMerchant,
  SIDESHIFT_TEST_AFFILIATE,
  SIDESHIFT_TEST_SECRET,
} from '#app/test/conversion-fixtures.ts';
import { type FakeSideShift, startFakeSideShift } from '#app/test/fake-sideshift.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { followShifts, nextCheckAt, SHIFT_CHECK_MAX_MS, SHIFT_CHECK_MIN_MS } from './follow-shifts.ts';

/**
 * The job that follows each open shift with its exchange until it settles or is refunded (decision 024), against a
 * FAKE SideShift (test/fake-sideshift.ts): the payout history entry completed with the settle transaction, or
 * failed with the merchant told by e-mail and payout.failed; the exchange's failures retried later, its secret in
 * no log line. The deposit on a real chain is shift-chain.test.ts.
 */
const LTC_CHAIN = {
  family: 'utxo',
  network: 'litecoin',
  rpcUrl: 'http://u:p@127.0.0.1:9',
  mode: 'regtest',
} as const;

let ctx: TestContext;
let fake: FakeSideShift;
let shop: ShiftMerchant;
let deposits = 0;
const lines: string[] = [];
const log = pino(
  { level: 'debug', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
  new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  }),
) as unknown as FastifyBaseLogger;

beforeAll(async () => {
  fake = await startFakeSideShift({
    secret: SIDESHIFT_TEST_SECRET,
    affiliateId: SIDESHIFT_TEST_AFFILIATE,
    depositAddress: async () => otherRegtestAddress(deposits++),
  });
  ctx = await createTestContext({
    configuredChains: [LTC_CHAIN],
    sideshift: {
      apiUrl: fake.url,
      secret: SIDESHIFT_TEST_SECRET,
      affiliateId: SIDESHIFT_TEST_AFFILIATE,
      // no test here waits for the limit: a reply of the fake took over 800 ms under CI's load (2026-12-01)
      timeoutMs: 10_000,
    },
  });
  shop = await createShiftMerchant(ctx, { toNetwork: 'tron' });
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

/** A shift's payment started on the hosted page; the row of its shift, and the fake's shift. */
async function startShift(amount = '0.05') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/checkout/${await liveLtcLink(shop.live, amount)}`,
    remoteAddress: `198.18.0.${deposits}`,
  });
  expect(res.statusCode, res.body).toBe(201);
  const paymentId = res.json().data.payment.id as string;
  const row = await shiftOf(paymentId);
  return { paymentId, row, remote: fake.shifts.get(row.provider_shift_id)! };
}
const shiftOf = (paymentId: string) =>
  ctx.db
    .selectFrom('conversion_shifts')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirstOrThrow();
const payoutsOf = (paymentId: string) =>
  ctx.db.selectFrom('payouts').selectAll().where('payment_id', '=', paymentId).execute();
const eventsOf = async (entityId: string) =>
  (
    await ctx.db
      .selectFrom('outbox_events')
      .select('type')
      .where('entity_id', '=', entityId)
      .orderBy('seq')
      .execute()
  ).map((e) => e.type);
/** Runs the job's work as if `ms` had passed: every shift due by then is read. */
const follow = (ms = 3600_000) =>
  followShifts({
    db: ctx.db,
    provider: ctx.server.conversions.provider,
    log,
    now: () => new Date(Date.now() + ms),
  });

describe('following a shift', () => {
  it('completes the payout entry with the settle transaction, the amount settled and the rate', async () => {
    await ctx.db
      .insertInto('exchange_rates')
      .values({
        source: 'coingecko',
        base: 'USD',
        symbol: 'LTC',
        rate: '88',
        quote: 'base_per_symbol',
        fetched_at: new Date(),
        updated_by: null,
      })
      .execute();
    const { paymentId, remote } = await startShift('0.05');
    const settleHash = fake.settle(remote.id);
    await follow();
    const [payout] = await payoutsOf(paymentId);
    expect(payout).toMatchObject({
      kind: 'shift',
      status: 'completed',
      rule_id: shop.ruleId,
      original_amount: '0.05',
      original_currency: 'LTC',
      network: 'litecoin',
      payout_currency: 'USDT',
      converted_amount: '4.275000', // as the exchange reported it
      exchange_rate: '85.5',
      wallet_address: shop.usdtAddress,
      tx_hash: settleHash,
      // the payment was worth 4.40 USD at Coinlane's market rate: the exchange's spread is the fee
      fee: '0.125',
      fee_currency: 'USDT',
    });
    expect(payout!.fee_details).toMatchObject({
      method: 'spread_vs_market',
      providerRate: '85.5',
      marketValueUsd: '4.40',
    });
    expect(await eventsOf(payout!.id)).toEqual(['payout.created', 'payout.completed']);
    expect(await shiftOf(paymentId)).toMatchObject({ status: 'settled', settle_tx_hash: settleHash });
    expect((await shiftOf(paymentId)).finished_at).not.toBeNull();

    // Finished: never read again.
    const reads = fake.requests.length;
    await follow();
    expect(fake.requests.length).toBe(reads);
  });

  it('fails the entry of a refunded shift, mails the merchant and queues payout.failed', async () => {
    const { paymentId, remote } = await startShift('0.05');
    fake.refund(remote.id, { issue: 'incorrect amount' });
    await follow();
    const [payout] = await payoutsOf(paymentId);
    expect(payout).toMatchObject({ status: 'failed', tx_hash: null });
    expect(payout!.failure_reason).toContain('SideShift could not convert the deposit (incorrect amount)');
    expect(payout!.failure_reason).toContain(remote.refundAddress);
    expect(await eventsOf(payout!.id)).toEqual(['payout.created', 'payout.failed']);
    // still followed until refunded, then finished; the mail goes once
    expect((await shiftOf(paymentId)).finished_at).toBeNull();
    fake.setStatus(remote.id, 'refunded');
    await follow(2 * 3600_000); // its next read, after the backoff
    expect(await shiftOf(paymentId)).toMatchObject({ status: 'refunded' });
    expect((await shiftOf(paymentId)).finished_at).not.toBeNull();
    const shiftId = (await shiftOf(paymentId)).id;
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', 'conversions.shift_failed_mail')
      .execute();
    expect(jobs.filter((j) => j.id.endsWith(shiftId))).toHaveLength(1);

    const before = ctx.smtp.mails.length;
    const worker = startWebhooksRole(ctx, 50);
    try {
      const email = (
        await ctx.db
          .selectFrom('users')
          .select('email')
          .where('id', '=', shop.merchant.id)
          .executeTakeFirstOrThrow()
      ).email;
      const mail = await ctx.smtp.waitForMail(email, {
        subject: /SideShift could not convert 0\.05 LTC into USDT/,
        after: before,
      });
      expect(mail.text).toContain(remote.refundAddress);
      expect(mail.text).toContain(paymentId);
      expect(mail.text).toContain('incorrect amount');
    } finally {
      await worker.stop();
    }
  });

  it('finishes a shift that expired unpaid without a history entry', async () => {
    const { paymentId, remote } = await startShift('0.05');
    fake.setStatus(remote.id, 'expired');
    await follow();
    expect(await payoutsOf(paymentId)).toEqual([]);
    expect((await shiftOf(paymentId)).finished_at).not.toBeNull();
  });

  it("asks again later when the exchange fails to answer, and logs it without the operator's secret", async () => {
    const { paymentId, remote } = await startShift('0.05');
    fake.nextReply({ status: 500, body: 'oops' });
    lines.length = 0;
    const before = Date.now();
    await follow(3600_000);
    const row = await shiftOf(paymentId);
    expect(row.status).toBe('waiting');
    expect(row.finished_at).toBeNull();
    expect(row.next_check_at.getTime()).toBeGreaterThan(before + 3600_000);
    expect(lines.join('\n')).toContain('could not be read from its exchange');
    expect(lines.join('\n')).not.toContain(SIDESHIFT_TEST_SECRET);
    // reading a shift sends no secret at all
    const reads = fake.requests.filter((r) => r.method === 'GET');
    expect(reads.length).toBeGreaterThan(0);
    for (const r of reads) expect(r.headers['x-sideshift-secret']).toBeUndefined();
    void remote;
  });

  it('reads a shift under way less often the longer its status stands still', () => {
    const now = new Date('2026-12-01T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const expiresAt = new Date(now.getTime() + 600_000);
    // waiting for its deposit: read at the quote's end
    expect(nextCheckAt({ status: 'waiting', updatedAt: ago(0), expiresAt }, now).getTime()).toBe(
      expiresAt.getTime() + 30_000,
    );
    expect(
      nextCheckAt({ status: 'pending', updatedAt: ago(0), expiresAt }, now).getTime() - now.getTime(),
    ).toBe(SHIFT_CHECK_MIN_MS);
    expect(
      nextCheckAt({ status: 'processing', updatedAt: ago(400_000), expiresAt }, now).getTime() -
        now.getTime(),
    ).toBe(100_000);
    expect(
      nextCheckAt({ status: 'review', updatedAt: ago(86_400_000), expiresAt }, now).getTime() - now.getTime(),
    ).toBe(SHIFT_CHECK_MAX_MS);
  });

  it("keeps the operator's secret out of every log line that carries the configuration", () => {
    lines.length = 0;
    log.info({ config: ctx.config }, 'configuration');
    log.info({ sideshift: ctx.config.sideshift }, 'provider');
    log.info({ headers: { 'x-sideshift-secret': SIDESHIFT_TEST_SECRET } }, 'request');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).not.toContain(SIDESHIFT_TEST_SECRET);
  });
});
