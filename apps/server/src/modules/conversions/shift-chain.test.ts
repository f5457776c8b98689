import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUtxoWatcher } from '#app/families/utxo/utxo-watcher.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import {
  createShiftMerchant,
  liveLtcLink,
  merchantAddressAt,
  type ShiftMerchant,
  SIDESHIFT_TEST_AFFILIATE,
  SIDESHIFT_TEST_SECRET,
} from '#app/test/conversion-fixtures.ts';
import { type FakeSideShift, startFakeSideShift } from '#app/test/fake-sideshift.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import {
  hasLitecoind,
  type Litecoind,
  litecoindMissing,
  requireLitecoindOnCi,
  startLitecoind,
} from '#app/test/litecoind.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { followShifts } from './follow-shifts.ts';

// An LTC -> USDT conversion end to end on a real `litecoind -regtest` (decision 024): the hosted page's POST creates
// the shift at a FAKE SideShift (test/fake-sideshift.ts, a local server speaking SideShift's v2 format) whose
// deposit addresses are the node wallet's own, the customer pays the deposit address on chain, the chain watcher
// sees it and opens the pending payout entry, the fake sees the deposit on the node and then settles (or refunds) the
// shift, and the job that follows shifts completes (or fails) the entry.
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`conversions on litecoind: skipped: ${litecoindMissing}`);

describe.skipIf(!hasLitecoind())('an LTC payment converted into USDT by a shift, paid on litecoind', () => {
  let node: Litecoind;
  let fake: FakeSideShift;
  let ctx: TestContext;
  let watcher: ChainWatcher;
  let shop: ShiftMerchant;
  let hooks: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    node = await startLitecoind();
    fake = await startFakeSideShift({
      secret: SIDESHIFT_TEST_SECRET,
      affiliateId: SIDESHIFT_TEST_AFFILIATE,
      // the exchange's deposit addresses: real addresses of the node's wallet
      depositAddress: () => node.newAddress(),
      depositSeen: async (address) => {
        const received = await node.wallet.call<Array<{ address: string; txids: string[] }>>(
          'listreceivedbyaddress',
          [0, true, true, address],
        );
        return received.find((r) => r.address === address)?.txids[0] ?? null;
      },
    });
    const chain: ChainConfig = { family: 'utxo', network: 'litecoin', rpcUrl: node.url, mode: 'regtest' };
    ctx = await createTestContext({
      allowPrivateWebhooks: true,
      configuredChains: [chain],
      sideshift: {
        apiUrl: fake.url,
        secret: SIDESHIFT_TEST_SECRET,
        affiliateId: SIDESHIFT_TEST_AFFILIATE,
        timeoutMs: 5000,
      },
    });
    shop = await createShiftMerchant(ctx, { toNetwork: 'tron' });
    // The merchant's live webhook endpoint, for the payout events.
    hooks = await startWebhookReceiver();
    const config = await shop.live.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: hooks.url, events: ['payout.created', 'payout.completed', 'payout.failed'] },
    });
    expect(config.statusCode, config.body).toBe(200);
    watcher = createUtxoWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain, pollMs: 100 });
    watcher.start();
    await waitFor('the watcher to take its cursor', async () => watcher.status().processedHeight !== null);
  });

  afterAll(async () => {
    await watcher?.stop();
    await ctx?.close();
    await fake?.close();
    await hooks?.close();
    await node?.stop();
  });

  const payment = (id: string) =>
    ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payoutOf = (paymentId: string) =>
    ctx.db.selectFrom('payouts').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  const shiftOf = (paymentId: string) =>
    ctx.db
      .selectFrom('conversion_shifts')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirstOrThrow();
  const eventsOf = async (entityId: string) =>
    (
      await ctx.db
        .selectFrom('outbox_events')
        .select('type')
        .where('entity_id', '=', entityId)
        .orderBy('seq')
        .execute()
    ).map((e) => e.type);
  const follow = (aheadMs = 0) =>
    followShifts({
      db: ctx.db,
      provider: ctx.server.conversions.provider,
      log: ctx.app.log,
      now: () => new Date(Date.now() + aheadMs),
    });

  /** The hosted page starts the payment of a new live link: the shift's payment. */
  async function startPayment(amount: string, ip: string) {
    const linkId = await liveLtcLink(shop.live, amount);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/checkout/${linkId}`,
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(201);
    const checkout = res.json().data.payment;
    const shift = await shiftOf(checkout.id);
    return { checkout, shift, remote: fake.shifts.get(shift.provider_shift_id)! };
  }

  it('is paid to the deposit address, seen by the watcher, and completed with the settle transaction', async () => {
    const { checkout, shift, remote } = await startPayment('0.05', '203.0.113.21');
    expect(checkout).toMatchObject({
      address: remote.depositAddress,
      amount: '0.05',
      conversion: { toCurrency: 'USDT', toNetwork: 'tron' },
    });
    expect(remote.refundAddress).toBe(merchantAddressAt(0));
    expect(fake.requests.find((r) => r.path === '/shifts/fixed')?.headers['x-user-ip']).toBe('203.0.113.21');

    // The customer pays exactly the deposit amount: the watcher sees it in the mempool, and the payout entry opens.
    const txid = await node.wallet.call<string>('sendtoaddress', [checkout.address, 0.05]);
    const seen = await waitFor('the deposit seen on chain', async () => {
      const p = await payment(checkout.id);
      return BigInt(p.amount_received) === 5_000_000n ? p : null;
    });
    expect(seen.tx_hash).toBe(txid);
    const pending = await waitFor('the payout entry opened', () => payoutOf(checkout.id));
    expect(pending).toMatchObject({
      kind: 'shift',
      status: 'pending',
      original_amount: '0.05',
      original_currency: 'LTC',
      payout_currency: 'USDT',
      exchange_rate: '85.5',
      wallet_address: shop.usdtAddress,
      conversion_shift_id: shift.id,
      tx_hash: null,
    });
    expect(await eventsOf(pending.id)).toEqual(['payout.created']);
    // Seen on chain: the shift is read from the exchange now, not at its quote's end.
    expect((await shiftOf(checkout.id)).next_check_at.getTime()).toBeLessThanOrEqual(Date.now());
    await follow();
    expect(await shiftOf(checkout.id)).toMatchObject({
      status: 'pending',
      deposit_tx_hash: txid,
      finished_at: null,
    });

    // Confirmed on chain (6 blocks on litecoin) ...
    await node.mine(6);
    await waitFor('the payment confirmed', async () => (await payment(checkout.id)).status === 'confirmed');
    expect((await payoutOf(checkout.id))!.status).toBe('pending');

    // ... and the exchange settles the shift: the entry is completed with the settle transaction.
    const settleHash = fake.settle(remote.id);
    await follow(3600_000);
    const done = await payoutOf(checkout.id);
    expect(done).toMatchObject({
      status: 'completed',
      converted_amount: remote.settleAmount,
      exchange_rate: '85.5',
      tx_hash: settleHash,
    });
    expect(done!.completed_at).not.toBeNull();
    expect(await eventsOf(done!.id)).toEqual(['payout.created', 'payout.completed']);
    expect(await shiftOf(checkout.id)).toMatchObject({ status: 'settled', settle_tx_hash: settleHash });
  });

  it('a refunded shift fails the entry, and the merchant is told by e-mail and payout.failed', async () => {
    const { checkout, remote } = await startPayment('0.05', '203.0.113.22');
    // The customer sends the wrong amount: partial on Coinlane, refunded by the exchange to the merchant.
    await node.wallet.call<string>('sendtoaddress', [checkout.address, 0.04]);
    await waitFor('the payment partial', async () => (await payment(checkout.id)).status === 'partial');
    const pending = await waitFor('the payout entry opened', () => payoutOf(checkout.id));
    expect(pending.status).toBe('pending');
    await node.mine(1);

    fake.refund(remote.id, { issue: 'incorrect amount' });
    await follow(3600_000);
    const failed = await payoutOf(checkout.id);
    expect(failed).toMatchObject({ status: 'failed', tx_hash: null });
    expect(failed!.failure_reason).toContain('incorrect amount');
    expect(failed!.failure_reason).toContain(remote.refundAddress);
    expect(await eventsOf(failed!.id)).toEqual(['payout.created', 'payout.failed']);

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
        subject: /could not convert 0\.05 LTC into USDT/,
        after: before,
        // the worker starts here: on a loaded machine (CI runs four suites at once) its first mail took over 5 s
      });
      expect(mail.text).toContain(remote.refundAddress);
      expect(mail.text).toContain(checkout.id);
    } finally {
      await worker.stop();
    }
  });
});
