import { randomUUID } from 'node:crypto';
import { deriveAddresses } from '@coinlane/core/families/utxo/utxo-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNMINED_GRACE_BLOCKS } from '#app/families/utxo/unmined-grace.ts';
import type { JobWorker } from '#app/jobs/worker.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { startWebhooksRole } from '#app/test/jobs.ts';
import {
  hasLitecoind,
  type Litecoind,
  litecoindMissing,
  requireLitecoindOnCi,
  startLitecoind,
} from '#app/test/litecoind.ts';
import { liveLitecoinPayments } from '#app/test/live-payment-fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { sleep, waitFor } from '#app/test/wait-for.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { createUtxoWatcher } from './utxo-watcher.ts';

// Money safety of the UTXO watcher against a real `litecoind -regtest` (docs/decisions/009-utxo-watcher.md,
// "Review 2026-11-25"): a fully paid transaction left unmined past the expiry, a fee bump before and after
// expiry, a confirmed payment reversed by a reorganisation, and a transaction that predates its payment.
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`chains: skipped: ${litecoindMissing}`);

// m/84'/1'/0' of the public "abandon ... about" mnemonic as a tpub (modules/wallets/wallets.test.ts).
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const REGTEST = { network: 'litecoin', chainMode: 'regtest' } as const;

describe.skipIf(!hasLitecoind())('UTXO watcher money safety on litecoind -regtest', () => {
  let node: Litecoind;
  let ctx: TestContext;
  let watcher: ChainWatcher;
  let worker: JobWorker;
  let merchant: Merchant;
  let live: Merchant;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  const receivers: Array<{ close: () => Promise<void> }> = [];

  const payment = (id: string) =>
    ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transfersOf = (id: string) =>
    ctx.db.selectFrom('transfers').selectAll().where('payment_id', '=', id).orderBy('seen_at').execute();
  const send = (address: string, amount: string, replaceable = false) =>
    node.wallet.call<string>('sendtoaddress', [address, Number(amount), '', '', false, replaceable]);
  const outbox = (id: string) =>
    ctx.db
      .selectFrom('outbox_events')
      .select(['type', 'payload'])
      .where('entity_id', '=', id)
      .orderBy('seq')
      .execute();
  /** Blocks with none of the mempool's transactions (`generateblock` with an empty list). */
  const mineEmpty = async (n: number) => {
    for (let i = 0; i < n; i++) await node.rpc.call('generateblock', [node.minerAddress, []]);
  };
  const processed = () =>
    waitFor('the watcher at the node tip', async () => {
      const tip = await node.rpc.call<number>('getblockcount');
      return watcher.status().processedHeight === tip;
    });
  const mailsTo = async (userId: string) =>
    (await ctx.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow())
      .email;

  beforeAll(async () => {
    node = await startLitecoind();
    const chain: ChainConfig = { family: 'utxo', network: 'litecoin', rpcUrl: node.url, mode: 'regtest' };
    ctx = await createTestContext({ configuredChains: [chain], allowPrivateWebhooks: true });
    merchant = await createMerchant(ctx, { name: 'Reorg Shop' });
    live = await merchant.inMode('live');
    payments = liveLitecoinPayments(ctx.db);
    watcher = createUtxoWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain, pollMs: 100 });
    watcher.start();
    worker = startWebhooksRole(ctx, 50);
    await waitFor('the watcher to take its cursor', async () => watcher.status().processedHeight !== null);
  });

  afterAll(async () => {
    await worker?.stop();
    await watcher?.stop();
    for (const r of receivers) await r.close();
    await ctx?.close();
    await node?.stop();
  });

  it('reads amounts as the node wrote them: exact decimal text, never a binary float', async () => {
    const txid = await send(await node.newAddress(), '1.23456789');
    const tx = await node.rpc.call<{ vout: { value: unknown }[] }>('getrawtransaction', [txid, true]);
    expect(tx.vout.map((v) => v.value)).toContain('1.23456789');
  });

  it('a fee bump (RBF) before expiry: no event ever shows the payment paid twice', async () => {
    const p = await payments.create({ userId: merchant.id, address: await node.newAddress(), amount: '0.5' });
    await sleep(250);
    const first = await send(p.address, '0.5', true);
    await waitFor('first seen', async () => (await payment(p.id)).amount_received === '50000000');
    const bumped = await node.wallet.call<{ txid: string }>('bumpfee', [first, { fee_rate: 50 }]);
    await waitFor('replacement counted, original removed', async () => {
      const ts = await transfersOf(p.id);
      return (
        ts.find((t) => t.txid === first)?.status === 'removed' &&
        ts.find((t) => t.txid === bumped.txid)?.status === 'pending'
      );
    });
    await sleep(500); // a few more passes: the mempool rule would drop the original now
    await node.mine(2);
    await waitFor('confirmed', async () => (await payment(p.id)).status === 'confirmed');
    const events = await outbox(p.id);
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const e of events) {
      const data = e.payload as { amountReceived: string; exception: string };
      expect(data.amountReceived, `${e.type} ${JSON.stringify(data)}`).not.toBe('1');
      expect(Number(data.amountReceived)).toBeLessThanOrEqual(0.5);
      expect(data.exception).not.toBe('paid_over');
    }
    const audits = await ctx.db
      .selectFrom('audit_log')
      .select('after')
      .where('entity_id', '=', p.id)
      .execute();
    for (const a of audits) {
      const after = a.after as { amount_received?: string } | null;
      expect(BigInt(after?.amount_received ?? '0')).toBeLessThanOrEqual(50_000_000n);
    }
    expect((await payment(p.id)).tx_hash).toBe(bumped.txid);
  });

  it('a fee bump (RBF) first seen after expiry counts as late: expired and paid late, never confirmed', async () => {
    // room to send and see it in time: 2.5 s passed first under CI's load (2026-12-01)
    const expiresAt = new Date(Date.now() + 10_000);
    const p = await payments.create({
      userId: merchant.id,
      address: await node.newAddress(),
      amount: '0.25',
      expiresAt,
    });
    await sleep(250);
    const first = await send(p.address, '0.25', true);
    await waitFor('seen in time', async () => (await payment(p.id)).amount_received === '25000000');
    expect((await payment(p.id)).status).toBe('pending');
    // a second past the expiry: the watcher's mempool read that sees the replacement starts after the expiry
    await sleep(Math.max(0, expiresAt.getTime() - Date.now()) + 1_000);
    const bumped = await node.wallet.call<{ txid: string }>('bumpfee', [first, { fee_rate: 50 }]);
    const late = await waitFor(
      'replacement counted late',
      async () => {
        const r = await payment(p.id);
        return r.amount_late === '25000000' ? r : null;
      },
      undefined,
      () => watcher.status(),
    );
    expect(late).toMatchObject({ status: 'expired', exception: 'paid_late', amount_received: '25000000' });
    const ts = await transfersOf(p.id);
    expect(ts.find((t) => t.txid === first)?.status).toBe('removed');
    expect(ts.find((t) => t.txid === bumped.txid)).toMatchObject({ is_late: true });
    await node.mine(2);
    await waitFor('mined', async () => (await transfersOf(p.id)).some((t) => t.status === 'confirmed'));
    await processed();
    expect(await payment(p.id)).toMatchObject({
      status: 'expired',
      exception: 'paid_late',
      amount_received: '25000000',
      amount_late: '25000000',
    });
  });

  it(`a full payment left unmined for ${UNMINED_GRACE_BLOCKS.litecoin} blocks after expiry is expired and flagged paid late, its money shown`, async () => {
    const grace = UNMINED_GRACE_BLOCKS.litecoin;
    // room to send and see it in time: 2.5 s passed first under CI's load (2026-12-01)
    const expiresAt = new Date(Date.now() + 10_000);
    const p = await payments.create({
      userId: merchant.id,
      address: await node.newAddress(),
      amount: '0.4',
      expiresAt,
    });
    await sleep(250);
    const txid = await send(p.address, '0.4', true);
    await waitFor('seen in time', async () => (await payment(p.id)).amount_received === '40000000');
    await sleep(Math.max(0, expiresAt.getTime() - Date.now()) + 200);
    // The first block after the expiry, then all but one of the grace: still awaiting its confirmations.
    await mineEmpty(1);
    await processed();
    await mineEmpty(grace - 2);
    await processed();
    await sleep(300);
    expect(await payment(p.id)).toMatchObject({ status: 'pending', amount_received: '40000000' });
    expect(await node.rpc.call<string[]>('getrawmempool')).toContain(txid);
    // The last block of the grace, still without it.
    await mineEmpty(1);
    const late = await waitFor('flagged late', async () => {
      const r = await payment(p.id);
      return r.status === 'expired' ? r : null;
    });
    expect(late).toMatchObject({
      exception: 'paid_late',
      amount_received: '40000000',
      amount_late: '40000000',
    });
    expect((await outbox(p.id)).at(-1)?.type).toBe('payment.expired');
    // Mined at last: the money still shows, the payment is not confirmed at the old price.
    await node.mine(2);
    await waitFor('mined', async () => (await transfersOf(p.id))[0]?.status === 'confirmed');
    await processed();
    expect(await payment(p.id)).toMatchObject({
      status: 'expired',
      exception: 'paid_late',
      amount_received: '40000000',
    });
  });

  it('a confirmed payment reorganised away: payment.reversed, fee voided, link reopened, merchant mailed; confirmed again after', async () => {
    const receiver = await startWebhookReceiver();
    receivers.push(receiver);
    const config = await live.call({
      method: 'PUT',
      url: '/api/v1/webhooks/config',
      payload: { url: receiver.url, events: ['payment.confirmed', 'payment.reversed'] },
    });
    expect(config.statusCode, config.body).toBe(200);
    const linkId = `plink_${randomUUID().replaceAll('-', '')}`;
    await ctx.db
      .insertInto('payment_links')
      .values({
        id: linkId,
        user_id: merchant.id,
        mode: 'live',
        currency: 'LTC',
        network: 'litecoin',
        decimals: 8,
        amount: '30000000',
        description: 'Reorg test link',
        metadata: JSON.stringify({}),
      })
      .execute();
    const p = await payments.create({
      userId: merchant.id,
      address: await node.newAddress(),
      amount: '0.3',
      requiredConfirmations: 1,
      paymentLinkId: linkId,
    });
    await sleep(250);
    await send(p.address, '0.3');
    await waitFor('seen', async () => (await payment(p.id)).amount_received === '30000000');
    const [b1] = await node.mine(1);
    await waitFor('confirmed', async () => (await payment(p.id)).status === 'confirmed');
    const fee = () =>
      ctx.db.selectFrom('platform_fees').selectAll().where('payment_id', '=', p.id).executeTakeFirstOrThrow();
    const link = () =>
      ctx.db.selectFrom('payment_links').selectAll().where('id', '=', linkId).executeTakeFirstOrThrow();
    expect((await fee()).status).toBe('pending');
    expect(await link()).toMatchObject({ status: 'completed', completed_payment_id: p.id });

    const mailsBefore = ctx.smtp.mails.length;
    await node.rpc.call('invalidateblock', [b1]);
    const reversed = await waitFor('reversed', async () => {
      const r = await payment(p.id);
      return r.status !== 'confirmed' ? r : null;
    });
    expect(reversed).toMatchObject({ status: 'pending', amount_confirmed: '0', confirmed_at: null });
    expect((await outbox(p.id)).at(-1)?.type).toBe('payment.reversed');
    expect(await fee()).toMatchObject({ status: 'voided' });
    expect((await fee()).voided_at).not.toBeNull();
    expect(await link()).toMatchObject({ status: 'active', completed_payment_id: null, completed_at: null });
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', 'in', ['platform_fee.voided', 'payment_link.reopened'])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['payment_link.reopened', 'platform_fee.voided']);
    const mail = await ctx.smtp.waitForMail(await mailsTo(merchant.id), {
      subject: /reversed/i,
      after: mailsBefore,
    });
    expect(mail.text).toContain(p.id);
    expect(mail.text).toContain('0.3 LTC');
    await waitFor('payment.reversed delivered', async () =>
      receiver.events().some((e) => e.type === 'payment.reversed'),
    );

    // The chain confirms it again: confirmed, the fee counts again, the link is completed again.
    await node.rpc.call('reconsiderblock', [b1]);
    await waitFor('confirmed again', async () => (await payment(p.id)).status === 'confirmed');
    expect(await fee()).toMatchObject({ status: 'pending', voided_at: null });
    expect(await link()).toMatchObject({ status: 'completed', completed_payment_id: p.id });
    await waitFor(
      'second payment.confirmed delivered',
      async () => receiver.events().filter((e) => e.type === 'payment.confirmed').length === 2,
    );
    const ofPayment = receiver
      .events()
      .filter((e) => (e.data as { id: string }).id === p.id)
      .map((e) => e.type);
    expect(ofPayment).toEqual(['payment.confirmed', 'payment.reversed', 'payment.confirmed']);
  });

  it('a transaction in the mempool before its address was handed out is not credited to the new payment', async () => {
    // A whitelisted tpub wallet: the next payment gets m/0/0, which anyone holding the key can derive.
    const added = await live.call({
      method: 'POST',
      url: '/api/v1/wallets',
      payload: { currency: 'LTC', network: 'litecoin', address: TPUB },
    });
    expect(added.statusCode, added.body).toBe(200);
    const walletId = added.json().data.wallet.id as string;
    const email = await mailsTo(merchant.id);
    const before = ctx.smtp.mails.length;
    expect((await live.call({ method: 'POST', url: `/api/v1/wallets/${walletId}/verify` })).statusCode).toBe(
      200,
    );
    const codeMail = await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before });
    const confirmed = await live.call({
      method: 'POST',
      url: `/api/v1/wallets/${walletId}/verify/confirm`,
      payload: { code: codeIn(codeMail) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const next = deriveAddresses(TPUB, 'p2wpkh', REGTEST, 0, 1)[0]!;
    const early = await send(next, '0.1');
    await sleep(6500); // well before the payment: more than the clock slack allowed for first-seen times
    const res = await live.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.1', currency: 'LTC' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as { id: string; address: string };
    expect(created.address).toBe(next);
    await sleep(1000); // several passes: the new address is matched against the mempool
    expect(await payment(created.id)).toMatchObject({ amount_received: '0', status: 'pending' });
    expect(await transfersOf(created.id)).toHaveLength(0);

    // Mined: still not this payment's.
    await node.mine(1);
    await processed();
    await sleep(300);
    expect(await payment(created.id)).toMatchObject({ amount_received: '0' });
    expect(
      await ctx.db.selectFrom('transfers').select('id').where('txid', '=', early).execute(),
    ).toHaveLength(0);

    // Paid after it was handed out: credited.
    const paid = await send(next, '0.1');
    await waitFor('the real payment credited', async () => {
      const r = await payment(created.id);
      return r.amount_received === '10000000' && r.tx_hash === paid;
    });
  });
});
