import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { settleLapsedPayment } from '#app/modules/payments/settle-lapsed-payment.ts';
import {
  createShiftMerchant,
  liveLtcLink,
  merchantAddressAt,
  otherRegtestAddress,
  type ShiftMerchant,
  SIDESHIFT_TEST_AFFILIATE,
  SIDESHIFT_TEST_SECRET,
  setAutoConversion,
} from '#app/test/conversion-fixtures.ts';
import { type FakeSideShift, startFakeSideShift } from '#app/test/fake-sideshift.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { SHIFT_LIMITS } from './shift-limits.ts';

/**
 * Bitcoin-family payments converted by an exchange's fixed-rate shift (decision 024), started from the hosted page,
 * against a FAKE SideShift (a local server speaking SideShift's v2 format: test/fake-sideshift.ts). The Litecoin
 * chain is configured (regtest) but never called here: creating a payment reads only the database; the payment
 * paid on a real node is shift-chain.test.ts.
 */
const LTC_CHAIN = {
  family: 'utxo',
  network: 'litecoin',
  rpcUrl: 'http://u:p@127.0.0.1:9',
  mode: 'regtest',
} as const;
// The exchange's time limit here: 800 ms was passed by the stand-in's own answers on a loaded machine (CI-like
// run, 2026-12-02: "did not answer in time" for a quote it answered at once).
const TIMEOUT_MS = 5_000;

let ctx: TestContext;
let fake: FakeSideShift;
let shop: ShiftMerchant;
let deposits = 0;
/** The fake's next deposit address, when a test wants to choose it. */
let nextDeposit: string | null = null;

beforeAll(async () => {
  fake = await startFakeSideShift({
    secret: SIDESHIFT_TEST_SECRET,
    affiliateId: SIDESHIFT_TEST_AFFILIATE,
    depositAddress: async () => {
      const chosen = nextDeposit;
      nextDeposit = null;
      return chosen ?? otherRegtestAddress(deposits++);
    },
  });
  ctx = await createTestContext({
    configuredChains: [LTC_CHAIN],
    sideshift: {
      apiUrl: fake.url,
      secret: SIDESHIFT_TEST_SECRET,
      affiliateId: SIDESHIFT_TEST_AFFILIATE,
      timeoutMs: TIMEOUT_MS,
    },
  });
  shop = await createShiftMerchant(ctx);
});
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.requests.length = 0;
});

let ipSeq = 1;
/** A fresh client IP per call unless given: the per-IP limits are tested on their own. */
const checkout = (linkId: string, ip = `198.51.100.${ipSeq++}`) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${linkId}`, remoteAddress: ip });
const paymentRow = (id: string) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shiftRow = (paymentId: string) =>
  ctx.db.selectFrom('conversion_shifts').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
const nextIndex = async (walletId: string) =>
  (
    await ctx.db
      .selectFrom('wallets')
      .select('next_index')
      .where('id', '=', walletId)
      .executeTakeFirstOrThrow()
  ).next_index;
const paymentsOfLink = (linkId: string) =>
  ctx.db.selectFrom('payments').select('id').where('payment_link_id', '=', linkId).execute();

describe('a shift created when the hosted page starts a payment', () => {
  it("pays into the exchange's deposit address, settling to the merchant's USDT wallet and refunding to its own LTC address", async () => {
    const before = await nextIndex(shop.ltcWalletId);
    const linkId = await liveLtcLink(shop.live, '0.05');
    const res = await checkout(linkId, '203.0.113.9');
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data.payment;

    // The exchange was asked for a quote of the payment's exact amount, then a fixed shift, with the operator's
    // secret and the customer's IP.
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /quotes', 'POST /shifts/fixed']);
    const [quoteReq, shiftReq] = fake.requests;
    for (const r of [quoteReq!, shiftReq!]) {
      expect(r.headers['x-sideshift-secret']).toBe(SIDESHIFT_TEST_SECRET);
      expect(r.headers['x-user-ip']).toBe('203.0.113.9');
    }
    expect(quoteReq!.body).toEqual({
      affiliateId: SIDESHIFT_TEST_AFFILIATE,
      depositCoin: 'LTC',
      depositNetwork: 'litecoin',
      settleCoin: 'USDT',
      settleNetwork: 'ethereum',
      depositAmount: '0.05',
    });
    const shift = [...fake.shifts.values()].at(-1)!;
    expect(shiftReq!.body).toEqual({
      affiliateId: SIDESHIFT_TEST_AFFILIATE,
      quoteId: shift.quoteId,
      settleAddress: shop.usdtAddress,
      // the merchant's own next address of its LTC key, consumed as a payment's would be
      refundAddress: merchantAddressAt(before),
      externalId: payment.id,
    });
    expect(await nextIndex(shop.ltcWalletId)).toBe(before + 1);

    // The payment is the shift's: its deposit address, exactly its deposit amount, ending before the quote does.
    expect(payment).toMatchObject({
      address: shift.depositAddress,
      amount: '0.05',
      currency: 'LTC',
      conversion: {
        provider: 'sideshift',
        providerName: 'SideShift',
        toCurrency: 'USDT',
        toNetwork: 'ethereum',
        toNetworkName: 'Ethereum',
      },
    });
    expect(Date.parse(payment.expiresAt)).toBeLessThanOrEqual(Date.parse(shift.expiresAt) - 60_000);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({
      payout_rule_id: shop.ruleId,
      wallet_id: null,
      derivation_index: null,
      customer_ip: '203.0.113.9',
      conversion: {
        kind: 'shift',
        toCurrency: 'USDT',
        toNetwork: 'ethereum',
        provider: 'sideshift',
        shiftId: shift.id,
        walletId: shop.usdtWalletId,
        settleAddress: shop.usdtAddress,
      },
    });
    expect(await shiftRow(payment.id)).toMatchObject({
      provider: 'sideshift',
      provider_shift_id: shift.id,
      quote_id: shift.quoteId,
      deposit_address: shift.depositAddress,
      deposit_currency: 'LTC',
      deposit_network: 'litecoin',
      settle_currency: 'USDT',
      settle_network: 'ethereum',
      settle_address: shop.usdtAddress,
      refund_address: merchantAddressAt(before),
      status: 'waiting',
      finished_at: null,
    });
    // Nothing in the merchant's history until money arrives.
    expect(
      await ctx.db.selectFrom('payouts').select('id').where('payment_id', '=', payment.id).execute(),
    ).toEqual([]);

    // A reload returns the open attempt: no second shift.
    fake.requests.length = 0;
    const again = await checkout(linkId, '203.0.113.9');
    expect(again.statusCode).toBe(200);
    expect(again.json().data.payment.id).toBe(payment.id);
    expect(fake.requests).toEqual([]);
  });

  it("never hands the refund address to a payment: the merchant's next unconverted payment takes the next index", async () => {
    const reserved = await nextIndex(shop.ltcWalletId);
    const linkId = await liveLtcLink(shop.live, '0.05');
    expect((await checkout(linkId)).statusCode).toBe(201); // a shift: reserves index `reserved`
    await setAutoConversion(ctx.db, shop.merchant.id, false);
    try {
      const plain = await checkout(await liveLtcLink(shop.live, '0.05'));
      expect(plain.statusCode, plain.body).toBe(201);
      expect(plain.json().data.payment).toMatchObject({
        address: merchantAddressAt(reserved + 1),
        conversion: null,
      });
    } finally {
      await setAutoConversion(ctx.db, shop.merchant.id, true);
    }
  });

  it('leaves payments made through the API, and amounts below the rule minimum, unconverted', async () => {
    fake.requests.length = 0;
    const api = await shop.live.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.05', currency: 'LTC', network: 'litecoin' },
    });
    expect(api.statusCode, api.body).toBe(201);
    const apiRow = await paymentRow(api.json().data.id);
    expect(apiRow).toMatchObject({ payout_rule_id: null, conversion: null, wallet_id: shop.ltcWalletId });

    const small = await checkout(await liveLtcLink(shop.live, '0.005')); // the rule's minimum is 0.01
    expect(small.statusCode, small.body).toBe(201);
    expect(small.json().data.payment.conversion).toBeNull();
    expect(fake.requests).toEqual([]);
  });

  it('expires at the end of the quote instead of being re-priced in place', async () => {
    const res = await checkout(await liveLtcLink(shop.live, '0.05'));
    const id = res.json().data.payment.id as string;
    const row = await paymentRow(id);
    const after = new Date(row.expires_at.getTime() + 1000);
    const settled = await settleLapsedPayment({
      db: ctx.db,
      deps: ctx.server.payments,
      paymentId: id,
      now: after,
    });
    expect(settled.payment).toMatchObject({ status: 'expired', amount: row.amount, address: row.address });
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${row.payment_link_id}` });
    expect(page.json().data).toMatchObject({ canStartPayment: true, payment: { status: 'expired' } });
  });
});

describe("the exchange's failures are clear errors, never a 500", () => {
  const refused = async (linkId: string) => {
    const res = await checkout(linkId);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json().error.code).toBe('CONVERSION_UNAVAILABLE');
    expect(await paymentsOfLink(linkId)).toEqual([]);
    return res.json().error.message as string;
  };

  it("passes on the exchange's refusal", async () => {
    const linkId = await liveLtcLink(shop.live);
    fake.nextReply({ status: 400, body: JSON.stringify({ error: { message: 'Amount too low' } }) });
    expect(await refused(linkId)).toBe(T.conversionRefused('SideShift', 'Amount too low'));
  });

  it('says so when the exchange fails, answers garbage, an unexpected reply, or nothing in time', async () => {
    const linkId = await liveLtcLink(shop.live);
    fake.nextReply({ status: 503, body: '<html>down</html>' });
    expect(await refused(linkId)).toBe(T.conversionUnreachable('SideShift'));
    fake.nextReply({ status: 200, body: 'not json {' });
    expect(await refused(linkId)).toBe(T.conversionBadReply('SideShift'));
    fake.nextReply({ status: 200, body: JSON.stringify({ id: 'q1', depositAmount: 0.05 }) });
    expect(await refused(linkId)).toBe(T.conversionBadReply('SideShift'));
    fake.nextReply({ status: 200, body: '{}', delayMs: TIMEOUT_MS + 3_000 });
    expect(await refused(linkId)).toBe(T.conversionTimeout('SideShift'));
  });

  it('refuses a quote of another amount, and a shift whose deposit address is not a Litecoin regtest address', async () => {
    const linkId = await liveLtcLink(shop.live, '0.05');
    const quote = {
      id: 'q-other',
      depositCoin: 'LTC',
      depositNetwork: 'litecoin',
      settleCoin: 'USDT',
      settleNetwork: 'ethereum',
      depositAmount: '0.06',
      settleAmount: '5.13',
      rate: '85.5',
      expiresAt: new Date(Date.now() + 900_000).toISOString(),
    };
    fake.nextReply({ status: 201, body: JSON.stringify(quote) });
    expect(await refused(linkId)).toBe(T.conversionAmountMismatch('SideShift'));

    for (const address of [
      'ltc1qg82lzdztfw9hx4e2mqfnxsyad56r3nxqws5t6p',
      '0x52908400098527886E0F7030069857D2E4169EE7',
    ]) {
      nextDeposit = address; // a mainnet Litecoin address while the node runs regtest; an EVM address
      expect(await refused(linkId)).toBe(T.conversionBadReply('SideShift'));
    }
  });

  it("never passes on the operator's secret, even when the exchange's message repeats it", async () => {
    const linkId = await liveLtcLink(shop.live);
    fake.nextReply({
      status: 401,
      body: JSON.stringify({ error: { message: `Invalid secret ${SIDESHIFT_TEST_SECRET}` } }),
    });
    const res = await checkout(linkId);
    expect(res.statusCode).toBe(502);
    expect(res.body).not.toContain(SIDESHIFT_TEST_SECRET);
    expect(res.json().error.message).toBe(T.conversionRefused('SideShift', 'Invalid secret [redacted]'));
  });
});

describe('a deposit address an open payment already holds', () => {
  it('is refused: the second payment is not created', async () => {
    const address = otherRegtestAddress(900);
    nextDeposit = address;
    const first = await checkout(await liveLtcLink(shop.live));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.payment.address).toBe(address);

    nextDeposit = address;
    const linkId = await liveLtcLink(shop.live);
    const second = await checkout(linkId);
    expect(second.statusCode, second.body).toBe(502);
    expect(second.json().error).toMatchObject({
      code: 'CONVERSION_UNAVAILABLE',
      message: T.conversionDepositAddressInUse('SideShift'),
    });
    expect(await paymentsOfLink(linkId)).toEqual([]);
    const holders = await ctx.db.selectFrom('payments').select('id').where('address', '=', address).execute();
    expect(holders).toHaveLength(1);
  });
});

describe('limits', () => {
  it(`creates at most ${SHIFT_LIMITS.perIp} shifts an hour per client IP, over all links`, async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < SHIFT_LIMITS.perIp; i++) {
      const res = await checkout(await liveLtcLink(shop.live), ip);
      expect(res.statusCode, res.body).toBe(201);
    }
    fake.requests.length = 0;
    const over = await checkout(await liveLtcLink(shop.live), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(T.conversionTooManyFromIp);
    expect(fake.requests).toEqual([]);
    expect((await checkout(await liveLtcLink(shop.live), '192.0.2.78')).statusCode).toBe(201);
  });

  it(`creates at most ${SHIFT_LIMITS.perMerchant} shifts an hour per merchant, over all its customers`, async () => {
    const busy = await createShiftMerchant(ctx, { name: 'Busy Shop' });
    const linkId = await liveLtcLink(busy.live);
    // Each try counts, even one the exchange then refuses (cheap here: no payment is created).
    for (let i = 0; i < SHIFT_LIMITS.perMerchant; i++) {
      fake.nextReply({ status: 400, body: JSON.stringify({ error: { message: 'Rate unavailable' } }) });
      const res = await checkout(linkId, `10.9.${Math.floor(i / 10)}.${i % 10}`);
      expect(res.statusCode, res.body).toBe(502);
    }
    const over = await checkout(linkId, '10.99.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe(T.conversionTooManyForMerchant);
    // Another merchant's customers are not held up.
    expect((await checkout(await liveLtcLink(shop.live), '10.99.0.2')).statusCode).toBe(201);
  });
});

describe('no exchange configured', () => {
  let bare: TestContext;
  afterAll(() => bare?.close());

  it("pays the merchant's own wallet unconverted, and its history says so once paid", async () => {
    bare = await createTestContext({ configuredChains: [LTC_CHAIN] });
    expect(bare.config.sideshift.secret).toBeNull();
    const own = await createShiftMerchant(bare);
    const linkId = await liveLtcLink(own.live, '0.05');
    const res = await bare.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${linkId}`,
      remoteAddress: '203.0.113.5',
    });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data.payment;
    expect(payment).toMatchObject({ address: merchantAddressAt(0), conversion: null });
    const row = await bare.db
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', payment.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ payout_rule_id: own.ruleId, conversion: null });

    // Paid and confirmed (6 confirmations on litecoin), recorded as the watcher would.
    const now = new Date();
    await recordPaymentTransfer({
      deps: bare.server.payments,
      db: bare.db,
      paymentId: payment.id,
      transfer: {
        txid: 'cd'.repeat(32),
        outputIndex: 0,
        amount: 5_000_000n,
        confirmations: 6,
        blockHeight: 200,
        blockHash: 'ef'.repeat(32),
        seenAt: now,
      },
      now,
    });
    const payouts = await bare.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', payment.id)
      .execute();
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      kind: 'shift',
      status: 'failed',
      rule_id: own.ruleId,
      original_amount: '0.05',
      original_currency: 'LTC',
      payout_currency: 'USDT',
      wallet_address: merchantAddressAt(0),
      failure_reason: T.conversionNoProvider('LTC', 'USDT'),
    });
    const events = await bare.db
      .selectFrom('outbox_events')
      .select('type')
      .where('entity_id', '=', payouts[0]!.id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['payout.created', 'payout.failed']);
  });
});
