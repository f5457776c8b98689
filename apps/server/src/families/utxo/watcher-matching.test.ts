import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
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
import { createUtxoWatcher } from './utxo-watcher.ts';

// Reused addresses (docs/decisions/009-utxo-watcher.md, "Matching an output to a payment"), against a real
// `litecoind -regtest`: a key address handed out again after an unpaid expiry, and a single-address wallet
// telling payments apart by their unique amounts.
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`chains: skipped: ${litecoindMissing}`);

describe.skipIf(!hasLitecoind())('watcher: outputs to reused addresses', () => {
  let node: Litecoind;
  let ctx: TestContext;
  let watcher: ChainWatcher;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  const warnings: object[] = [];

  const payment = (id: string) =>
    ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transfersOf = (id: string) =>
    ctx.db.selectFrom('transfers').selectAll().where('payment_id', '=', id).execute();
  const transfersOfTx = (txid: string) =>
    ctx.db.selectFrom('transfers').selectAll().where('txid', '=', txid).execute();
  const send = (address: string, amount: string) =>
    node.wallet.call<string>('sendtoaddress', [address, Number(amount)]);
  /** A wallet row of the merchant (the wallets module's own creation needs a key and an e-mailed code). */
  const insertWallet = async (kind: 'xpub' | 'address', address: string) => {
    const id = randomUUID();
    await ctx.db
      .insertInto('wallets')
      .values({
        id,
        user_id: userId,
        currency: 'LTC',
        network: 'litecoin',
        chain_mode: 'regtest',
        kind,
        address_sealed: address,
        address_hash: `${kind}:${address}`,
        address_display: address,
        script_type: 'p2wpkh',
        label: `test ${kind}`,
        verified: true,
      })
      .execute();
    return id;
  };

  beforeAll(async () => {
    node = await startLitecoind();
    const chain: ChainConfig = { family: 'utxo', network: 'litecoin', rpcUrl: node.url, mode: 'regtest' };
    ctx = await createTestContext({ configuredChains: [chain] });
    userId = (await createUser({ db: ctx.db })).id;
    payments = liveLitecoinPayments(ctx.db);
    const log = { info: () => {}, error: () => {}, warn: (o: object) => void warnings.push(o) };
    watcher = createUtxoWatcher({
      deps: ctx.server.payments,
      dbHandle: ctx.dbHandle,
      chain,
      pollMs: 100,
      log,
    });
    watcher.start();
    await waitFor('the watcher to take its cursor', async () => watcher.status().processedHeight !== null);
  });

  afterAll(async () => {
    await watcher?.stop();
    await ctx?.close();
    await node?.stop();
  });

  it('credits the new open payment on a key address reused after an unpaid expiry', async () => {
    const walletId = await insertWallet('xpub', `tpub-${randomUUID()}`);
    const address = await node.newAddress();
    const old = await payments.create({
      userId,
      address,
      amount: '0.25',
      walletId,
      derivationIndex: 0,
      expiresAt: new Date(Date.now() - 25 * 3600_000),
    });
    await expireDuePayments({ deps: ctx.server.payments, db: ctx.db, userId, mode: 'live' });
    expect((await payment(old.id)).status).toBe('expired');
    const fresh = await payments.create({
      userId,
      address,
      amount: '0.4',
      walletId,
      derivationIndex: 0,
      skipFixtureCheck: true,
    });
    await sleep(250);
    const txid = await send(address, '0.4');
    await waitFor(
      'the new payment credited',
      async () => (await payment(fresh.id)).amount_received === '40000000',
    );
    await node.mine(2);
    await waitFor('confirmed', async () => (await payment(fresh.id)).status === 'confirmed');
    expect((await transfersOfTx(txid)).map((t) => t.payment_id)).toEqual([fresh.id]);
    const before = await payment(old.id);
    expect(before).toMatchObject({
      status: 'expired',
      amount_received: '0',
      amount_late: '0',
      exception: 'none',
    });
    expect(await transfersOf(old.id)).toHaveLength(0);
  });

  it('credits each payment of a single-address wallet by its unique amount, paid in reverse order', async () => {
    const address = await node.newAddress();
    const walletId = await insertWallet('address', address);
    const a = await payments.create({ userId, address, amount: '0.30000001', walletId });
    const b = await payments.create({
      userId,
      address,
      amount: '0.30000002',
      walletId,
      skipFixtureCheck: true,
    });
    await sleep(250);
    const txB = await send(address, '0.30000002');
    await waitFor('b seen', async () => (await payment(b.id)).amount_received === '30000002');
    const txA = await send(address, '0.30000001');
    await waitFor('a seen', async () => (await payment(a.id)).amount_received === '30000001');
    await node.mine(2);
    await waitFor('both confirmed', async () => {
      const [ra, rb] = [await payment(a.id), await payment(b.id)];
      return ra.status === 'confirmed' && rb.status === 'confirmed';
    });
    expect((await transfersOf(a.id)).map((t) => t.txid)).toEqual([txA]);
    expect((await transfersOf(b.id)).map((t) => t.txid)).toEqual([txB]);
    expect((await payment(a.id)).exception).toBe('none');
    expect((await payment(b.id)).exception).toBe('none');
  });

  it('leaves a non-matching amount with two candidates unassigned, logged with its txid', async () => {
    const address = await node.newAddress();
    const walletId = await insertWallet('address', address);
    const a = await payments.create({ userId, address, amount: '0.50000001', walletId });
    const b = await payments.create({
      userId,
      address,
      amount: '0.50000002',
      walletId,
      skipFixtureCheck: true,
    });
    await sleep(250);
    const txid = await send(address, '0.5');
    await waitFor('the warning', async () => warnings.some((w) => (w as { txid?: string }).txid === txid));
    await node.mine(1);
    await waitFor('the block scanned', async () => {
      const tip = await node.rpc.call<number>('getblockcount');
      return watcher.status().processedHeight === tip;
    });
    await sleep(300);
    expect(await transfersOfTx(txid)).toHaveLength(0);
    for (const p of [a, b]) {
      expect(await payment(p.id)).toMatchObject({ status: 'pending', amount_received: '0' });
      expect(await transfersOf(p.id)).toHaveLength(0);
    }
    // logged once, although the output was seen in the mempool and again in its block
    expect(warnings.filter((w) => (w as { txid?: string }).txid === txid)).toHaveLength(1);
    expect(watcher.status().lastError).toBeNull();
  });
});
