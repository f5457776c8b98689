import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUtxoWatcher } from '#app/families/utxo/utxo-watcher.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { createUser } from '#app/test/fixtures.ts';
import {
  hasLitecoind,
  type Litecoind,
  litecoindMissing,
  requireLitecoindOnCi,
  startLitecoind,
} from '#app/test/litecoind.ts';
import { liveLitecoinPayments } from '#app/test/live-payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { sleep, waitFor } from '#app/test/wait-for.ts';
import { createRefund } from './create-refund.ts';

// The chain watcher and refunds (decision 022), against a real `litecoind -regtest`: a refund the merchant pays from
// its wallet (the node's) to the customer's address is marked paid with its transaction; a smaller transfer, or one
// from before the address was watched, pays nothing and is never credited to a payment; a reorganisation that takes
// the paying block away puts the refund back to awaiting payment, and the block's return pays it again, once.
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`refunds: skipped: ${litecoindMissing}`);

describe.skipIf(!hasLitecoind())('watcher: refunds paid on chain', () => {
  let node: Litecoind;
  let ctx: TestContext;
  let watcher: ChainWatcher;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  const chainOf = (url: string): ChainConfig => ({
    family: 'utxo',
    network: 'litecoin',
    rpcUrl: url,
    mode: 'regtest',
  });

  const refund = (id: string) =>
    ctx.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const payment = (id: string) =>
    ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transfersOfTx = (txid: string) =>
    ctx.db.selectFrom('transfers').selectAll().where('txid', '=', txid).execute();
  const events = (id: string) =>
    ctx.db
      .selectFrom('outbox_events')
      .select('type')
      .where('entity_id', '=', id)
      .orderBy('seq')
      .execute()
      .then((rows) => rows.map((r) => r.type));
  const send = (address: string, amount: string) =>
    node.wallet.call<string>('sendtoaddress', [address, Number(amount)]);

  /** A live LTC payment of `amount`, paid from the node and confirmed (1 confirmation required). */
  async function confirmedPayment(amount: string) {
    const p = await payments.create({
      userId,
      address: await node.newAddress(),
      amount,
      requiredConfirmations: 1,
    });
    await sleep(200);
    await send(p.address, amount);
    await node.mine(1);
    await waitFor('the payment confirmed', async () => (await payment(p.id)).status === 'confirmed');
    return p;
  }

  /** A refund of `amount` and the customer's `address` given on the link's page (the public API). */
  async function refundTo(paymentId: string, amount: string, address: string) {
    const { refund: r, addressLink } = await createRefund({
      db: ctx.db,
      mailer: ctx.app.mailer,
      log: ctx.app.log,
      appUrl: ctx.config.appUrl,
      paymentId,
      owner: { userId, mode: 'live' },
      actor: { type: 'user', id: userId, ip: null },
      input: { amount },
    });
    const token = new URL(addressLink!).searchParams.get('token');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/refund-requests/address',
      payload: { token, address },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'awaiting_payment', address, mode: 'live' });
    return r.id;
  }

  beforeAll(async () => {
    node = await startLitecoind();
    const chain = chainOf(node.url);
    ctx = await createTestContext({ configuredChains: [chain] });
    userId = (await createUser({ db: ctx.db })).id;
    payments = liveLitecoinPayments(ctx.db);
    watcher = createUtxoWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain, pollMs: 100 });
    watcher.start();
    await waitFor('the watcher to take its cursor', async () => watcher.status().processedHeight !== null);
  });

  afterAll(async () => {
    await watcher?.stop();
    await ctx?.close();
    await node?.stop();
  });

  it('refuses an address of another network or chain for a live refund', async () => {
    const p = await confirmedPayment('0.3');
    const { addressLink } = await createRefund({
      db: ctx.db,
      mailer: ctx.app.mailer,
      log: ctx.app.log,
      appUrl: ctx.config.appUrl,
      paymentId: p.id,
      owner: { userId, mode: 'live' },
      actor: { type: 'user', id: userId, ip: null },
      input: { amount: '0.1' },
    });
    const token = new URL(addressLink!).searchParams.get('token');
    for (const address of [
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // Bitcoin mainnet
      'ltc1qg82lzdztfw9hx4e2mqfnxsyad56r3nxqws5t6p', // Litecoin mainnet, while the node runs regtest
      '0x52908400098527886E0F7030069857D2E4169EE7',
      p.address, // the payment's own address
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/refund-requests/address',
        payload: { token, address },
      });
      expect(res.statusCode, address).toBe(400);
    }
  });

  it('a smaller transfer, or one before the address was watched, pays nothing; the full one marks it paid', async () => {
    const p = await confirmedPayment('0.5');
    const customer = await node.newAddress();
    // Money the customer's address received before the refund existed never pays it.
    await send(customer, '0.2');
    await node.mine(1);
    // the watcher has read that block before the refund exists (a fixed pause was too short on a loaded machine)
    const mined = await node.rpc.call<number>('getblockcount');
    await waitFor('the watcher past the earlier transfer', async () => {
      return (watcher.status().processedHeight ?? -1) >= mined;
    });

    const id = await refundTo(p.id, '0.2', customer);
    await waitFor(
      'the refund watched from a height',
      async () => (await refund(id)).watch_from_height !== null,
    );

    const short = await send(customer, '0.19999999');
    await node.mine(1);
    await sleep(800);
    expect(await refund(id)).toMatchObject({ status: 'awaiting_payment', paid_txid: null });
    expect(await transfersOfTx(short)).toEqual([]); // never credited to a payment

    const full = await send(customer, '0.2');
    const [block] = await node.mine(1);
    const paid = await waitFor('the refund paid', async () => {
      const r = await refund(id);
      return r.status === 'paid' ? r : null;
    });
    expect(paid).toMatchObject({ paid_txid: full, paid_block_hash: block, paid_amount: '20000000' });
    expect(paid.paid_at).not.toBeNull();
    expect(await transfersOfTx(full)).toEqual([]);
    expect(await payment(p.id)).toMatchObject({
      status: 'confirmed',
      amount_received: '50000000',
      amount_confirmed: '50000000',
      amount_refunded: '20000000',
    });
    expect(await events(id)).toEqual(['refund.created', 'refund.paid']);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('entity_id', '=', id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'refund.created',
      'refund.address_given',
      'refund.paid_on_chain',
    ]);

    // Another transfer to the address pays nothing more (the refund is paid once).
    await send(customer, '0.2');
    await node.mine(1);
    await sleep(500);
    expect((await refund(id)).paid_txid).toBe(full);
    expect(await events(id)).toEqual(['refund.created', 'refund.paid']);
  });

  it('a reorganisation un-marks the refund; the block back pays it again, with the same transaction', async () => {
    const p = await confirmedPayment('0.4');
    const customer = await node.newAddress();
    const id = await refundTo(p.id, '0.25', customer);
    await waitFor(
      'the refund watched from a height',
      async () => (await refund(id)).watch_from_height !== null,
    );
    const txid = await send(customer, '0.25');
    const [b1] = await node.mine(1);
    await waitFor('paid', async () => (await refund(id)).paid_block_hash === b1);
    expect((await payment(p.id)).amount_refunded).toBe('25000000');

    await node.rpc.call('invalidateblock', [b1]);
    const reopened = await waitFor('back to awaiting payment', async () => {
      const r = await refund(id);
      return r.status === 'awaiting_payment' ? r : null;
    });
    expect(reopened).toMatchObject({ paid_txid: null, paid_block_hash: null, paid_at: null });
    expect((await payment(p.id)).amount_refunded).toBe('0');
    expect(await events(id)).toEqual(['refund.created', 'refund.paid', 'refund.reversed']);

    await node.rpc.call('reconsiderblock', [b1]);
    const again = await waitFor('paid again', async () => {
      const r = await refund(id);
      return r.status === 'paid' ? r : null;
    });
    expect(again).toMatchObject({ paid_txid: txid, paid_block_hash: b1 });
    expect((await payment(p.id)).amount_refunded).toBe('25000000');
    expect(await events(id)).toEqual(['refund.created', 'refund.paid', 'refund.reversed', 'refund.paid']);
    expect(await transfersOfTx(txid)).toEqual([]);
  });
});
