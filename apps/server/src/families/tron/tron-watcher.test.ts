import type { TronChainConfig } from '@coinlane/core/families/tron/tron-chain-config';
import { tronAddressOfBytes } from '@coinlane/core/families/tron/tron-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { type FakeTronNode, startFakeTronNode } from '#app/test/fake-tron-node.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { NATIVE_OUTPUT_INDEX } from './tron-blocks.ts';
import { createTronWatcher } from './tron-watcher.ts';

// Against a FAKE of a Tron node's HTTP API (test/fake-tron-node.ts: no Tron node installs here), answering in the
// documented shapes: hex addresses, JSON numbers, `{}` for not found. Live payments are created on tron directly
// (insertFixedAddressPayment) at addresses made here; each test drives the fake's chain and one watcher pass.

const API_KEY = 'fake-trongrid-key-5f0c2a9e';

let fake: FakeTronNode;
let ctx: TestContext;
let chain: TronChainConfig;
let merchant: Merchant;
let watcher: ChainWatcher;

const newAddress = () => tronAddressOfBytes(crypto.getRandomValues(new Uint8Array(20)));
const newWatcher = (over: Partial<TronChainConfig> = {}) =>
  createTronWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain: { ...chain, ...over } });
/** One pass of the watcher; its error, if any, is in its status. */
const pass = () => watcher.tick();

const paymentRow = (id: string) =>
  ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const transfersOf = (id: string) =>
  ctx.db
    .selectFrom('transfers')
    .selectAll()
    .where('payment_id', '=', id)
    .orderBy('seen_at')
    .orderBy('output_index')
    .execute();

/** A live payment on tron at a fresh address: USDT (the fake's contract) or TRX. */
async function livePayment(currency: 'USDT' | 'TRX', amount: string) {
  const address = newAddress();
  const p = await insertFixedAddressPayment({
    db: ctx.db,
    userId: merchant.id,
    currency,
    network: 'tron',
    amount,
    allocation: { address, ...(currency === 'USDT' ? { contractAddress: fake.usdtContract } : {}) },
  });
  return { id: p.id, address };
}

beforeAll(async () => {
  fake = await startFakeTronNode();
  chain = {
    family: 'tron',
    network: 'tron',
    rpcUrl: fake.url,
    mode: 'regtest',
    apiKey: API_KEY,
    tokens: { USDT: fake.usdtContract },
  };
  ctx = await createTestContext({ configuredChains: [chain] });
  merchant = await createMerchant(ctx, { name: 'Tron Shop' });
  watcher = newWatcher();
  await pass();
  expect(watcher.status()).toMatchObject({ lastError: null, processedHeight: fake.tip });
});

afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

describe('Tron watcher on a fake of the node’s HTTP API', () => {
  it('credits USDT (TRC-20) at the exact amount, with its payer; confirmed at 20 confirmations, not at 19', async () => {
    const p = await livePayment('USDT', '25.5');
    expect((await paymentRow(p.id)).amount).toBe('25500000');
    const payer = newAddress();
    const { txids, number } = fake.mineBlock({
      transfers: [{ kind: 'trc20', from: payer, to: p.address, amount: 25_500_000n }],
    });
    await pass();
    let row = await paymentRow(p.id);
    expect(row.amount_received).toBe('25500000');
    expect(row.status).toBe('pending'); // the full amount seen, awaiting confirmations
    expect(await transfersOf(p.id)).toMatchObject([
      {
        txid: txids[0],
        output_index: 0, // the Transfer log's place in its transaction
        amount: '25500000',
        confirmations: 1,
        block_height: number,
        block_hash: fake.blockId(number),
        payer_addresses: [payer],
      },
    ]);
    expect(row.required_confirmations).toBe(20);

    fake.mineEmpty(18);
    await pass();
    expect((await transfersOf(p.id))[0]!.confirmations).toBe(19);
    expect((await paymentRow(p.id)).status).toBe('pending');
    fake.mineEmpty(1);
    await pass();
    row = await paymentRow(p.id);
    expect(row.status).toBe('confirmed');
    expect(row.amount_confirmed).toBe('25500000');
    expect((await transfersOf(p.id))[0]!.confirmations).toBe(20);
    expect(watcher.status()).toMatchObject({ lastError: null, processedHeight: fake.tip, lag: 0 });
  });

  it('credits TRX in sun exactly, past 2^53 too, and confirms it at 20', async () => {
    const p = await livePayment('TRX', '12.345678');
    const big = await livePayment('TRX', '1');
    const payer = newAddress();
    // 90,000,000,000 TRX and one sun: a JSON number that a double cannot hold exactly
    const huge = 90_000_000_000_000_001n;
    const { txids } = fake.mineBlock({
      transfers: [
        { kind: 'trx', from: payer, to: p.address, amount: 12_345_678n },
        { kind: 'trx', to: big.address, amount: huge },
      ],
    });
    await pass();
    expect((await paymentRow(p.id)).amount_received).toBe('12345678');
    expect(await transfersOf(p.id)).toMatchObject([
      { txid: txids[0], output_index: NATIVE_OUTPUT_INDEX, amount: '12345678', payer_addresses: [payer] },
    ]);
    const overpaid = await paymentRow(big.id);
    expect(overpaid.amount_received).toBe(huge.toString());
    expect(await transfersOf(big.id)).toMatchObject([{ txid: txids[1], amount: huge.toString() }]);
    fake.mineEmpty(19);
    await pass();
    expect((await paymentRow(p.id)).status).toBe('confirmed');
  });

  it('ignores a transfer whose receipt is not SUCCESS (REVERT, OUT_OF_ENERGY) and a TRX transfer that failed', async () => {
    const usdt = await livePayment('USDT', '10');
    const trx = await livePayment('TRX', '10');
    fake.mineBlock({
      transfers: [
        { kind: 'trc20', to: usdt.address, amount: 10_000_000n, receipt: 'REVERT' },
        { kind: 'trc20', to: usdt.address, amount: 10_000_000n, receipt: 'OUT_OF_ENERGY' },
        { kind: 'trx', to: trx.address, amount: 10_000_000n, contractRet: 'REVERT' },
      ],
    });
    await pass();
    expect(watcher.status()).toMatchObject({ lastError: null, processedHeight: fake.tip });
    expect((await paymentRow(usdt.id)).amount_received).toBe('0');
    expect((await paymentRow(trx.id)).amount_received).toBe('0');
    expect(await transfersOf(usdt.id)).toHaveLength(0);
    expect(await transfersOf(trx.id)).toHaveLength(0);
  });

  it('ignores a TRC-20 Transfer from a contract that is not the payment’s token, and TRX sent to a USDT payment', async () => {
    const p = await livePayment('USDT', '7');
    fake.mineBlock({
      transfers: [
        { kind: 'trc20', contract: newAddress(), to: p.address, amount: 7_000_000n },
        { kind: 'trx', to: p.address, amount: 7_000_000n },
      ],
    });
    await pass();
    expect((await paymentRow(p.id)).amount_received).toBe('0');
    expect(await transfersOf(p.id)).toHaveLength(0);
    // the right contract is credited
    fake.mineBlock({ transfers: [{ kind: 'trc20', to: p.address, amount: 7_000_000n }] });
    await pass();
    expect((await paymentRow(p.id)).amount_received).toBe('7000000');
  });

  it('a reorganisation that drops the block of a credited transfer removes it; re-mined elsewhere, it is credited once', async () => {
    const gone = await livePayment('USDT', '3');
    const moved = await livePayment('TRX', '4');
    const movedToken = await livePayment('USDT', '5');
    const first = fake.mineBlock({
      transfers: [
        { kind: 'trc20', to: gone.address, amount: 3_000_000n },
        { kind: 'trx', to: moved.address, amount: 4_000_000n },
        { kind: 'trc20', to: movedToken.address, amount: 5_000_000n },
      ],
    });
    fake.mineEmpty(2);
    await pass();
    expect((await paymentRow(gone.id)).amount_received).toBe('3000000');
    expect((await paymentRow(moved.id)).amount_received).toBe('4000000');
    expect((await paymentRow(movedToken.id)).amount_received).toBe('5000000');
    const [goneTx, movedTx, movedTokenTx] = first.txids;

    // The three blocks are replaced by four others: the TRX and the second USDT transfer are mined again one
    // block later, in another order (the USDT log is now the block's first, it was its second); the first USDT
    // transfer is in none of them and is no longer on the node.
    const other = await livePayment('USDT', '1');
    const replaced = fake.reorg(3, [
      { transfers: [] },
      {
        transfers: [
          { kind: 'trc20', to: movedToken.address, amount: 5_000_000n, txid: movedTokenTx! },
          { kind: 'trc20', to: other.address, amount: 1_000_000n },
          { kind: 'trx', to: moved.address, amount: 4_000_000n, txid: movedTx! },
        ],
      },
      { transfers: [] },
      { transfers: [] },
    ]);
    await pass();
    expect(watcher.status()).toMatchObject({ lastError: null, processedHeight: fake.tip });

    expect((await paymentRow(gone.id)).amount_received).toBe('0');
    expect(await transfersOf(gone.id)).toMatchObject([{ txid: goneTx, status: 'removed' }]);

    for (const [p, txid, amount] of [
      [moved, movedTx, '4000000'],
      [movedToken, movedTokenTx, '5000000'],
    ] as const) {
      expect((await paymentRow(p.id)).amount_received).toBe(amount);
      const ts = await transfersOf(p.id);
      expect(ts).toHaveLength(1);
      expect(ts[0]).toMatchObject({
        txid,
        amount,
        block_height: replaced[1]!.number,
        block_hash: replaced[1]!.blockID,
        confirmations: 3,
      });
    }
    expect((await paymentRow(other.id)).amount_received).toBe('1000000');

    fake.mineEmpty(17);
    await pass();
    for (const p of [moved, movedToken]) {
      expect((await paymentRow(p.id)).status).toBe('confirmed');
      expect(await transfersOf(p.id)).toHaveLength(1);
    }
  });

  it('a restarted watcher replaying blocks it had credited credits nothing twice', async () => {
    const p = await livePayment('USDT', '2');
    const mined = fake.mineBlock({ transfers: [{ kind: 'trc20', to: p.address, amount: 1_500_000n }] });
    await pass();
    expect((await paymentRow(p.id)).amount_received).toBe('1500000');
    // As after a crash before the cursor moved past the block: the stored cursor is back below it.
    const below = await ctx.db
      .selectFrom('chain_blocks')
      .select(['height', 'hash'])
      .where('network', '=', 'tron')
      .where('height', '=', mined.number - 1)
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('chain_cursors')
      .set({ height: below.height, hash: below.hash })
      .where('network', '=', 'tron')
      .execute();
    watcher = newWatcher(); // no memory: reads the cursor back
    fake.mineBlock({ transfers: [{ kind: 'trc20', to: p.address, amount: 500_000n }] });
    await pass();
    expect(watcher.status()).toMatchObject({ lastError: null, processedHeight: fake.tip });
    const ts = await transfersOf(p.id);
    expect(ts.map((t) => [t.txid, t.amount, t.confirmations])).toEqual([
      [mined.txids[0], '1500000', 2],
      [expect.any(String), '500000', 1],
    ]);
    expect((await paymentRow(p.id)).amount_received).toBe('2000000');
    await pass();
    expect(await transfersOf(p.id)).toHaveLength(2);
  });

  it('sends the API key as TRON-PRO-API-KEY when configured, and no header without one', async () => {
    expect(fake.requests.length).toBeGreaterThan(0);
    expect(fake.requests.every((r) => r.apiKey === API_KEY)).toBe(true);
    const before = fake.requests.length;
    const bare = newWatcher({ apiKey: null });
    await bare.tick();
    const mine = fake.requests.slice(before);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.apiKey === null)).toBe(true);
  });

  it('reports a failing node as the watcher’s problem, without the API key, and recovers', async () => {
    fake.fail({ status: 503, body: 'upstream unavailable' });
    try {
      await pass();
      const error = watcher.status().lastError;
      expect(error).toMatch(
        /\/wallet\/getnowblock at http:\/\/127\.0\.0\.1:\d+: HTTP 503: upstream unavailable/,
      );
      expect(error).not.toContain(API_KEY);
      const row = await ctx.db
        .selectFrom('chain_cursors')
        .select('last_error')
        .where('network', '=', 'tron')
        .executeTakeFirstOrThrow();
      expect(row.last_error).toBe(error);
      // TronGrid refusing the key
      fake.fail({ status: 401, body: '{"Error":"ApiKey not exists"}' });
      await pass();
      expect(watcher.status().lastError).toMatch(/HTTP 401 \(check CHAIN_TRON_API_KEY\)/);
      // java-tron's own error object
      fake.fail({ status: 200, body: '{"Error":"class java.lang.IllegalStateException : node not ready"}' });
      await pass();
      expect(watcher.status().lastError).toMatch(/node not ready/);
    } finally {
      fake.fail(null);
    }
    fake.mineEmpty(1);
    await pass();
    expect(watcher.status()).toMatchObject({ lastError: null, processedHeight: fake.tip });
  });
});
