import { randomId } from '@coinlane/core/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchWebhookEvents } from '#app/modules/webhooks/dispatch-webhook-events.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { randomEvmAddress } from '#app/test/payout-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { completePayout, failPayout, openPayout } from './record-payout.ts';

let ctx: TestContext;
let m: Merchant;

beforeAll(async () => {
  ctx = await createTestContext({ allowPrivateWebhooks: true });
  m = await createMerchant(ctx, { mode: 'live' });
  const res = await m.call({
    method: 'PUT',
    url: '/api/v1/webhooks/config',
    payload: {
      url: 'http://127.0.0.1:9/hook',
      events: ['payout.created', 'payout.completed', 'payout.failed'],
    },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => ctx.close());

async function ethPayment(userId = m.id) {
  return insertFixedAddressPayment({
    db: ctx.db,
    userId,
    currency: 'ETH',
    network: 'ethereum',
    amount: '0.25',
    allocation: { address: randomEvmAddress(), chainDetails: { chainId: 1 } },
  });
}

async function flushRow() {
  const id = randomId('efl');
  const now = new Date();
  await ctx.db
    .insertInto('evm_flushes')
    .values({
      id,
      network: 'ethereum',
      chain_id: 1,
      status: 'confirmed',
      from_address: randomEvmAddress(),
      factory: randomEvmAddress(),
      payment_ids: JSON.stringify([]),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

async function shiftRow(paymentId: string) {
  const id = randomId('csh');
  await ctx.db
    .insertInto('conversion_shifts')
    .values({
      id,
      user_id: m.id,
      payment_id: paymentId,
      provider: 'sideshift',
      provider_shift_id: randomId('ss'),
      deposit_address: 'rltc1qexample',
      deposit_currency: 'LTC',
      deposit_network: 'litecoin',
      deposit_amount: '1.5',
      settle_currency: 'USDT',
      settle_network: 'ethereum',
      settle_amount: '123.456789',
      settle_address: randomEvmAddress(),
      rate: '82.304526',
      status: 'waiting',
      expires_at: new Date(Date.now() + 900_000),
    })
    .execute();
  return id;
}

const eventsOf = (entityId: string) =>
  ctx.db
    .selectFrom('outbox_events')
    .select(['type', 'mode', 'payload', 'user_id'])
    .where('entity_id', '=', entityId)
    .orderBy('seq')
    .execute();
const auditOf = (entityId: string) =>
  ctx.db
    .selectFrom('audit_log')
    .select(['action', 'actor_type', 'mode'])
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
const rowOf = (id: string) =>
  ctx.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('openPayout', () => {
  it('opens a pending entry with its audit row and payout.created in the payment’s mode', async () => {
    const payment = await ethPayment();
    const flushId = await flushRow();
    const wallet = randomEvmAddress();
    const id = await openPayout(ctx.db, {
      userId: m.id,
      paymentId: payment.id,
      ruleId: null,
      kind: 'flush',
      network: 'ethereum',
      originalAmount: '0.25',
      originalCurrency: 'ETH',
      payoutCurrency: 'ETH',
      walletAddress: wallet,
      evmFlushId: flushId,
      txHash: '0xabc',
    });
    expect(id).toMatch(/^pyo_/);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      user_id: m.id,
      payment_id: payment.id,
      kind: 'flush',
      status: 'pending',
      original_amount: '0.25',
      converted_amount: null,
      wallet_address: wallet,
      tx_hash: '0xabc',
      evm_flush_id: flushId,
    });
    const events = await eventsOf(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'payout.created', mode: 'live', user_id: m.id });
    expect(events[0]!.payload).toMatchObject({
      id,
      paymentId: payment.id,
      status: 'pending',
      originalAmount: '0.25',
      originalCurrency: 'ETH',
      walletAddress: wallet,
    });
    expect(await auditOf(id)).toEqual([{ action: 'payout.created', actor_type: 'system', mode: 'live' }]);
  });

  it('is idempotent on (payment, flush): the second call returns the same id and queues nothing', async () => {
    const payment = await ethPayment();
    const flushId = await flushRow();
    const input = {
      userId: m.id,
      paymentId: payment.id,
      ruleId: null,
      kind: 'flush' as const,
      network: 'ethereum',
      originalAmount: '0.25',
      originalCurrency: 'ETH',
      payoutCurrency: 'ETH',
      walletAddress: randomEvmAddress(),
      evmFlushId: flushId,
    };
    const first = await openPayout(ctx.db, input);
    const second = await openPayout(ctx.db, input);
    expect(second).toBe(first);
    expect(await eventsOf(first)).toHaveLength(1);
    // the same payment in another flush is another entry
    const third = await openPayout(ctx.db, { ...input, evmFlushId: await flushRow() });
    expect(third).not.toBe(first);
  });

  it('is idempotent on the conversion shift', async () => {
    const payment = await ethPayment();
    const shiftId = await shiftRow(payment.id);
    const input = {
      userId: m.id,
      paymentId: payment.id,
      ruleId: null,
      kind: 'shift' as const,
      network: 'litecoin',
      originalAmount: '1.5',
      originalCurrency: 'LTC',
      payoutCurrency: 'USDT',
      walletAddress: randomEvmAddress(),
      conversionShiftId: shiftId,
      exchangeRate: '82.304526',
    };
    const first = await openPayout(ctx.db, input);
    expect(await openPayout(ctx.db, input)).toBe(first);
    expect((await rowOf(first)).exchange_rate).toBe('82.304526');
    expect(await eventsOf(first)).toHaveLength(1);
  });

  it("runs in the caller's transaction: a rollback leaves no entry and no event", async () => {
    const payment = await ethPayment();
    const flushId = await flushRow();
    let id = '';
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        id = await openPayout(trx, {
          userId: m.id,
          paymentId: payment.id,
          ruleId: null,
          kind: 'swap',
          network: 'ethereum',
          originalAmount: '0.25',
          originalCurrency: 'ETH',
          payoutCurrency: 'USDT',
          walletAddress: randomEvmAddress(),
          evmFlushId: flushId,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(id).toMatch(/^pyo_/);
    expect(
      await ctx.db.selectFrom('payouts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await eventsOf(id)).toHaveLength(0);
  });

  it('refuses amounts that are not plain decimals', async () => {
    await expect(
      openPayout(ctx.db, {
        userId: m.id,
        paymentId: null,
        ruleId: null,
        kind: 'flush',
        network: 'ethereum',
        originalAmount: '1e-7',
        originalCurrency: 'ETH',
        payoutCurrency: 'ETH',
        walletAddress: randomEvmAddress(),
      }),
    ).rejects.toThrow(/not a plain decimal/);
  });
});

describe('completePayout and failPayout', () => {
  async function pendingSwap() {
    const payment = await ethPayment();
    return openPayout(ctx.db, {
      userId: m.id,
      paymentId: payment.id,
      ruleId: null,
      kind: 'swap',
      network: 'ethereum',
      originalAmount: '0.25',
      originalCurrency: 'ETH',
      payoutCurrency: 'USDT',
      walletAddress: randomEvmAddress(),
      evmFlushId: await flushRow(),
    });
  }

  it('completes once, exactly, with payout.completed; a second completion or a failure changes nothing', async () => {
    const id = await pendingSwap();
    const done = await completePayout(ctx.db, {
      payoutId: id,
      convertedAmount: '812.123456',
      exchangeRate: '3248.493824',
      fee: '0.000123456789012345',
      feeCurrency: 'ETH',
      feeDetails: { gasWei: '123456789012345', poolFeeBps: 5 },
      txHash: '0xswap',
    });
    expect(done).toBe(true);
    const row = await rowOf(id);
    expect(row).toMatchObject({
      status: 'completed',
      converted_amount: '812.123456',
      exchange_rate: '3248.493824',
      fee: '0.000123456789012345',
      fee_currency: 'ETH',
      fee_details: { gasWei: '123456789012345', poolFeeBps: 5 },
      tx_hash: '0xswap',
    });
    expect(row.completed_at).toBeInstanceOf(Date);
    const again = await completePayout(ctx.db, {
      payoutId: id,
      convertedAmount: '1',
      exchangeRate: null,
      fee: null,
      feeCurrency: null,
      feeDetails: {},
      txHash: '0xother',
    });
    expect(again).toBe(false);
    expect(await failPayout(ctx.db, { payoutId: id, reason: 'late' })).toBe(false);
    expect((await rowOf(id)).converted_amount).toBe('812.123456');
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['payout.created', 'payout.completed']);
    expect(events[1]!.payload).toMatchObject({
      status: 'completed',
      convertedAmount: '812.123456',
      txHash: '0xswap',
    });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['payout.created', 'payout.completed']);
  });

  it('fails once with its reason and payout.failed', async () => {
    const id = await pendingSwap();
    expect(await failPayout(ctx.db, { payoutId: id, reason: 'The exchange refunded the deposit' })).toBe(
      true,
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'failed',
      failure_reason: 'The exchange refunded the deposit',
    });
    expect(await failPayout(ctx.db, { payoutId: id, reason: 'again' })).toBe(false);
    expect(
      await completePayout(ctx.db, {
        payoutId: id,
        convertedAmount: '1',
        exchangeRate: null,
        fee: null,
        feeCurrency: null,
        feeDetails: {},
        txHash: null,
      }),
    ).toBe(false);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['payout.created', 'payout.failed']);
  });

  it('throws for an id that names no entry', async () => {
    await expect(failPayout(ctx.db, { payoutId: 'pyo_nope', reason: 'x' })).rejects.toThrow(/not found/);
  });

  it('queues webhook deliveries of the three events to the merchant’s live endpoint', async () => {
    const id = await pendingSwap();
    await completePayout(ctx.db, {
      payoutId: id,
      convertedAmount: '10',
      exchangeRate: '40',
      fee: '0',
      feeCurrency: 'ETH',
      feeDetails: {},
      txHash: '0xdone',
    });
    const failed = await pendingSwap();
    await failPayout(ctx.db, { payoutId: failed, reason: 'price bound not met: ETH sent instead' });
    await dispatchWebhookEvents({ db: ctx.db });
    const deliveries = await ctx.db
      .selectFrom('webhook_deliveries')
      .select(['event_type', 'body', 'mode'])
      .where('user_id', '=', m.id)
      .orderBy('seq')
      .execute();
    const bodies = deliveries.map(
      (d) => JSON.parse(d.body) as { type: string; mode: string; data: { id: string } },
    );
    const ofId = (pid: string) => bodies.filter((b) => b.data.id === pid).map((b) => b.type);
    expect(ofId(id)).toEqual(['payout.created', 'payout.completed']);
    expect(ofId(failed)).toEqual(['payout.created', 'payout.failed']);
    expect(bodies.every((b) => b.mode === 'live')).toBe(true);
    const completed = bodies.find((b) => b.type === 'payout.completed' && b.data.id === id)!;
    expect(completed.data).toMatchObject({ status: 'completed', convertedAmount: '10', exchangeRate: '40' });
  });
});
