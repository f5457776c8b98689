import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import { isLiveNetwork } from '#app/lib/is-live-network.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import { rewindCursor } from '#app/modules/chains/queries.ts';
import { registerLocalWatcher } from '#app/modules/chains/start-chain-watchers.ts';
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

// Against a real `litecoind -regtest` (MACHINE-NOTES.md), started and stopped here. Without the binary the
// file is skipped with a message, except on CI (CI=true), where it fails.
requireLitecoindOnCi();
if (!hasLitecoind()) console.warn(`chains: skipped: ${litecoindMissing}`);

describe.skipIf(!hasLitecoind())('UTXO watcher on litecoind -regtest', () => {
  let node: Litecoind;
  let ctx: TestContext;
  let chain: ChainConfig;
  let watcher: ChainWatcher;
  let unregister: () => void;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;

  const newWatcher = () => {
    unregister?.();
    watcher = createUtxoWatcher({ deps: ctx.server.payments, dbHandle: ctx.dbHandle, chain, pollMs: 100 });
    unregister = registerLocalWatcher(watcher);
    return watcher;
  };
  /** Stop the watcher and start a new one (a restart: all memory gone, the cursor is read back). */
  const restart = async () => {
    await watcher.stop();
    newWatcher().start();
  };
  const payment = (id: string) =>
    ctx.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transfersOf = (id: string) =>
    ctx.db.selectFrom('transfers').selectAll().where('payment_id', '=', id).orderBy('seen_at').execute();
  const send = (address: string, amount: string, replaceable = false) =>
    node.wallet.call<string>('sendtoaddress', [address, Number(amount), '', '', false, replaceable]);
  /** The addresses of the outputs a transaction spends, read from the node (what the watcher should record). */
  const payerAddressesOf = async (txid: string) => {
    type Tx = {
      vin: { txid: string; vout: number }[];
      vout: { n: number; scriptPubKey: { address?: string; addresses?: string[] } }[];
    };
    const tx = await node.rpc.call<Tx>('getrawtransaction', [txid, true]);
    const found: string[] = [];
    for (const i of tx.vin) {
      const prev = await node.rpc.call<Tx>('getrawtransaction', [i.txid, true]);
      const spk = prev.vout.find((o) => o.n === i.vout)!.scriptPubKey;
      const address = spk.address ?? spk.addresses![0]!; // Litecoin Core 0.21 writes `addresses`
      if (!found.includes(address)) found.push(address);
    }
    return found;
  };
  const eventsOf = async (id: string) =>
    (
      await ctx.db
        .selectFrom('outbox_events')
        .select('type')
        .where('entity_id', '=', id)
        .orderBy('seq')
        .execute()
    ).map((e) => e.type);

  beforeAll(async () => {
    node = await startLitecoind();
    chain = { family: 'utxo', network: 'litecoin', rpcUrl: node.url, mode: 'regtest' };
    ctx = await createTestContext({ configuredChains: [chain] });
    userId = (await createUser({ db: ctx.db })).id;
    payments = liveLitecoinPayments(ctx.db);
    newWatcher().start();
    await waitFor('the watcher to take its cursor', async () => watcher.status().processedHeight !== null);
  });

  afterAll(async () => {
    await watcher?.stop();
    unregister?.();
    await ctx?.close();
    await node?.stop();
  });

  it('marks litecoin live-capable only when its node is configured', () => {
    expect(isLiveNetwork({ network: 'litecoin', config: ctx.config })).toBe(true);
    expect(isLiveNetwork({ network: 'bitcoin', config: ctx.config })).toBe(false);
  });

  it('sees a payment at 0 confirmations from the mempool, then confirms it after 2 blocks', async () => {
    const p = await payments.create({ userId, address: await node.newAddress(), amount: '0.5' });
    await sleep(250); // the watcher's next pass reads the new payment's address
    // How fast it is seen (target: under a second) is measured by `npm run bench -- chains`, not timed here.
    const txid = await send(p.address, '0.5');
    const seen = await waitFor('0-conf', async () => {
      const row = await payment(p.id);
      return row.amount_received === '50000000' ? row : null;
    });
    expect(seen.status).toBe('pending');
    expect(seen.tx_hash).toBe(txid);
    const [t] = await transfersOf(p.id);
    expect(t).toMatchObject({ txid, confirmations: 0, status: 'pending', block_hash: null });
    // Who paid (decision 021): the addresses of the outputs its inputs spend, as the node (with -txindex) tells.
    const payers = await payerAddressesOf(txid);
    expect(payers.length).toBeGreaterThan(0);
    expect(t!.payer_addresses).toEqual(payers);

    await node.mine(1);
    await waitFor('1 confirmation', async () => (await transfersOf(p.id))[0]!.confirmations === 1);
    expect((await payment(p.id)).status).toBe('pending');
    await node.mine(1);
    const done = await waitFor('confirmed', async () => {
      const row = await payment(p.id);
      return row.status === 'confirmed' ? row : null;
    });
    expect(done.amount_confirmed).toBe('50000000');
    expect(await transfersOf(p.id)).toHaveLength(1);
    // Scored by the risk rules on each change: a known payer, nothing flagged (no USD value here: 5).
    expect(done.risk_scored_at).not.toBeNull();
    expect(done.fraud_flags).toEqual([]);
    // seen (received), 1 confirmation (the count is part of the payment), confirmed
    expect(await eventsOf(p.id)).toEqual([
      'payment.created',
      'payment.updated',
      'payment.updated',
      'payment.confirmed',
    ]);
  });

  it('adds up a partial then a full payment, across a watcher restart', async () => {
    const p = await payments.create({ userId, address: await node.newAddress(), amount: '1' });
    await sleep(250);
    await send(p.address, '0.4');
    await waitFor('partial', async () => (await payment(p.id)).status === 'partial');
    await restart();
    await send(p.address, '0.6');
    await waitFor('full amount seen', async () => (await payment(p.id)).amount_received === '100000000');
    await node.mine(2);
    const done = await waitFor('confirmed', async () => {
      const row = await payment(p.id);
      return row.status === 'confirmed' ? row : null;
    });
    expect(done.exception).toBe('none');
    const ts = await transfersOf(p.id);
    expect(ts.map((t) => t.amount).sort()).toEqual(['40000000', '60000000']);
  });

  it('records a transfer after expiry and flags the payment paid late', async () => {
    const p = await payments.create({
      userId,
      address: await node.newAddress(),
      amount: '0.2',
      expiresAt: new Date(Date.now() + 500),
    });
    await sleep(800);
    await send(p.address, '0.2');
    const row = await waitFor('late transfer', async () => {
      const r = await payment(p.id);
      return r.amount_late === '20000000' ? r : null;
    });
    expect(row.status).toBe('expired');
    expect(row.exception).toBe('paid_late');
    expect((await transfersOf(p.id))[0]!.is_late).toBe(true);
  });

  it('ignores outputs to unknown addresses', async () => {
    const stranger = await node.newAddress();
    const txid = await send(stranger, '0.3');
    await sleep(400);
    const found = await ctx.db.selectFrom('transfers').select('id').where('txid', '=', txid).execute();
    expect(found).toHaveLength(0);
    expect(watcher.status().lastError).toBeNull();
  });

  it('never gives two payments the same address (fixture and database)', async () => {
    const address = await node.newAddress();
    await payments.create({ userId, address, amount: '0.1' });
    await expect(payments.create({ userId, address, amount: '0.1' })).rejects.toThrow(/already handed out/);
    await expect(payments.create({ userId, address, amount: '0.1', skipFixtureCheck: true })).rejects.toThrow(
      /unique|duplicate/i,
    );
  });

  it('un-confirms on invalidateblock and re-confirms on reconsiderblock', async () => {
    const p = await payments.create({ userId, address: await node.newAddress(), amount: '0.7' });
    await sleep(250);
    await send(p.address, '0.7');
    await waitFor('0-conf', async () => (await transfersOf(p.id)).length === 1);
    const [b1] = await node.mine(1);

    // Below the required depth: the orphaned block's transfer goes back to unconfirmed (its transaction is
    // back in the mempool), and comes back with its block.
    await waitFor('1 confirmation', async () => (await transfersOf(p.id))[0]!.block_hash === b1);
    await watcher.stop(); // the reorganisation happens while the watcher is down: found from the cursor
    await node.rpc.call('invalidateblock', [b1]);
    newWatcher().start();
    await waitFor('unconfirmed again', async () => {
      const [t] = await transfersOf(p.id);
      return t!.block_hash === null && t!.confirmations === 0 && t!.status === 'pending';
    });
    expect((await payment(p.id)).amount_received).toBe('70000000');
    await node.rpc.call('reconsiderblock', [b1]);
    await waitFor('back in its block', async () => (await transfersOf(p.id))[0]!.block_hash === b1);
    await node.mine(1);
    await waitFor('confirmed', async () => (await payment(p.id)).status === 'confirmed');
    expect((await payment(p.id)).amount_confirmed).toBe('70000000');

    // Orphaning the block of an already confirmed payment: the chain no longer backs the confirmation, so the
    // payment goes back to awaiting confirmations (payment.reversed), its transfer back to the mempool; when
    // reconsiderblock restores the block it is confirmed again (a second payment.confirmed).
    await node.rpc.call('invalidateblock', [b1]);
    const orphaned = await waitFor('un-confirmed', async () => {
      const r = await payment(p.id);
      return r.status === 'pending' ? r : null;
    });
    expect(orphaned).toMatchObject({
      amount_confirmed: '0',
      amount_received: '70000000',
      confirmed_at: null,
    });
    expect((await transfersOf(p.id))[0]).toMatchObject({
      status: 'pending',
      confirmations: 0,
      block_hash: null,
    });
    expect((await eventsOf(p.id)).at(-1)).toBe('payment.reversed');
    await node.rpc.call('reconsiderblock', [b1]);
    const again = await waitFor('confirmed again', async () => {
      const r = await payment(p.id);
      return r.status === 'confirmed' ? r : null;
    });
    expect(again.amount_confirmed).toBe('70000000');
    expect(again.confirmed_at).not.toBeNull();
    const [t] = await transfersOf(p.id);
    expect(t).toMatchObject({ status: 'confirmed', block_hash: b1 });
    const events = await eventsOf(p.id);
    expect(events.filter((e) => e === 'payment.confirmed')).toHaveLength(2);
    expect(events.at(-1)).toBe('payment.confirmed');
  });

  it('counts an RBF replacement once', async () => {
    const p = await payments.create({ userId, address: await node.newAddress(), amount: '0.25' });
    await sleep(250);
    const first = await send(p.address, '0.25', true);
    await waitFor('first seen', async () => (await transfersOf(p.id)).some((t) => t.txid === first));
    // Litecoin's incremental relay fee is 10 sat/vB: bumpfee's default (+50%) is not enough to replace.
    const bumped = await node.wallet.call<{ txid: string }>('bumpfee', [first, { fee_rate: 50 }]);
    const pool = await node.rpc.call<string[]>('getrawmempool');
    expect(pool).toContain(bumped.txid);
    expect(pool).not.toContain(first);
    expect(bumped.txid).not.toBe(first);
    await waitFor('replacement seen, original dropped', async () => {
      const ts = await transfersOf(p.id);
      return (
        ts.find((t) => t.txid === first)?.status === 'removed' &&
        ts.find((t) => t.txid === bumped.txid)?.status === 'pending'
      );
    });
    expect((await payment(p.id)).amount_received).toBe('25000000');
    await restart();
    await node.mine(2);
    const done = await waitFor('confirmed', async () => {
      const r = await payment(p.id);
      return r.status === 'confirmed' ? r : null;
    });
    expect(done.amount_received).toBe('25000000');
    expect(done.exception).toBe('none');
    expect(done.tx_hash).toBe(bumped.txid);
  });

  it('a reorganisation that double-spends a mined payment: the orphaned transaction is dropped, credited once', async () => {
    const p = await payments.create({ userId, address: await node.newAddress(), amount: '0.3' });
    await sleep(250);
    const first = await send(p.address, '0.3', true);
    await waitFor('first seen', async () => (await transfersOf(p.id)).some((t) => t.txid === first));
    const [b1] = await node.mine(1);
    await waitFor('mined', async () => (await transfersOf(p.id))[0]?.block_hash === b1);
    // The block is orphaned: its transaction returns to the mempool and is replaced there (a double spend of
    // the same inputs), and the replacement is mined on the new branch. -txindex still knows the original with
    // the orphaned block's hash.
    await node.rpc.call('invalidateblock', [b1]);
    const bumped = await node.wallet.call<{ txid: string }>('bumpfee', [first, { fee_rate: 50 }]);
    await node.mine(1);
    const original = await node.rpc.call<{ blockhash?: string; confirmations?: number }>(
      'getrawtransaction',
      [first, true],
    );
    expect(original.confirmations ?? 0).toBe(0);
    const settled = await waitFor('original dropped, replacement mined', async () => {
      const ts = await transfersOf(p.id);
      const a = ts.find((t) => t.txid === first);
      const b = ts.find((t) => t.txid === bumped.txid);
      return a?.status === 'removed' && b?.block_hash ? ts : null;
    });
    expect(settled.filter((t) => t.status !== 'removed')).toHaveLength(1);
    await node.mine(1);
    const done = await waitFor('confirmed', async () => {
      const r = await payment(p.id);
      return r.status === 'confirmed' ? r : null;
    });
    expect(done).toMatchObject({ amount_received: '30000000', exception: 'none', tx_hash: bumped.txid });
  });

  it('a crash between recording a block and moving the cursor, then that block orphaned: credited once', async () => {
    const p = await payments.create({ userId, address: await node.newAddress(), amount: '0.35' });
    await sleep(250);
    const first = await send(p.address, '0.35', true);
    await waitFor('seen', async () => (await transfersOf(p.id)).some((t) => t.txid === first));
    const [b1] = await node.mine(1);
    await waitFor('mined', async () => (await transfersOf(p.id))[0]?.block_hash === b1);
    await watcher.stop();
    // As if the process died after recording b1's transfers but before its cursor moved past b1.
    const header = await node.rpc.call<{ height: number; previousblockhash: string }>('getblockheader', [b1]);
    await rewindCursor(
      ctx.db,
      'litecoin',
      { height: header.height - 1, hash: header.previousblockhash },
      new Date(),
    );
    // Meanwhile b1 is orphaned and its transaction replaced on the new branch.
    await node.rpc.call('invalidateblock', [b1]);
    const bumped = await node.wallet.call<{ txid: string }>('bumpfee', [first, { fee_rate: 50 }]);
    await node.mine(2);
    newWatcher().start();
    const settled = await waitFor('stale block dropped, replacement mined', async () => {
      const ts = await transfersOf(p.id);
      const a = ts.find((t) => t.txid === first);
      const b = ts.find((t) => t.txid === bumped.txid);
      return a?.status === 'removed' && b?.status === 'confirmed' ? ts : null;
    });
    expect(settled.filter((t) => t.status !== 'removed')).toHaveLength(1);
    const done = await waitFor('confirmed', async () => {
      const r = await payment(p.id);
      return r.status === 'confirmed' ? r : null;
    });
    expect(done).toMatchObject({ amount_received: '35000000', exception: 'none', tx_hash: bumped.txid });
  });

  it('a crash between recording a block and moving the cursor, that block still in the chain: confirmed once', async () => {
    const p = await payments.create({
      userId,
      address: await node.newAddress(),
      amount: '0.36',
      requiredConfirmations: 1,
    });
    await sleep(250);
    await send(p.address, '0.36');
    await waitFor('seen', async () => (await transfersOf(p.id)).length === 1);
    const [b1] = await node.mine(1);
    await waitFor('confirmed', async () => (await payment(p.id)).status === 'confirmed');
    await watcher.stop();
    // As if the leader died after recording b1's transfers but before its cursor moved past b1 (a standby then
    // starts from the cursor): b1 is still in the best chain, so its payment stays confirmed.
    const header = await node.rpc.call<{ height: number; previousblockhash: string }>('getblockheader', [b1]);
    await rewindCursor(
      ctx.db,
      'litecoin',
      { height: header.height - 1, hash: header.previousblockhash },
      new Date(),
    );
    newWatcher().start();
    await waitFor('the rescan past b1', async () => (watcher.status().processedHeight ?? 0) >= header.height);
    await node.mine(1);
    await waitFor('the next block', async () => (watcher.status().processedHeight ?? 0) > header.height);
    const [t] = await transfersOf(p.id);
    expect(t).toMatchObject({ block_hash: b1, status: 'confirmed' });
    expect(await payment(p.id)).toMatchObject({ status: 'confirmed', amount_received: '36000000' });
    // Never reopened and confirmed again: the merchant is told once.
    expect((await eventsOf(p.id)).filter((e) => e === 'payment.confirmed')).toHaveLength(1);
  });

  it('reports the watcher on GET /api/v1/health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    const chains = res.json().data.chains;
    const tip = await node.rpc.call<number>('getblockcount');
    await waitFor('health at tip', async () => {
      const r = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
      const c = r.json().data.chains[0];
      return c.processedHeight === tip ? c : null;
    });
    expect(chains).toHaveLength(1);
    expect(chains[0]).toMatchObject({ network: 'litecoin', mode: 'regtest', lastError: null });
  });

  it('credits 200 payments exactly once while the watcher stops and restarts at random points', async () => {
    const N = 200;
    const addresses = (
      await node.wallet.batch<string>(
        Array.from({ length: N }, () => ({ method: 'getnewaddress', params: ['', 'bech32'] })),
      )
    ).map((a) => {
      if (typeof a !== 'string') throw a;
      return a;
    });
    const created = [];
    for (const [i, address] of addresses.entries()) {
      created.push(
        await payments.create({
          userId,
          address,
          amount: (0.01 + i * 0.0001).toFixed(8),
          requiredConfirmations: 1,
        }),
      );
    }
    // A seeded pseudo-random schedule (reproducible): per batch of 20, maybe stop before sending, maybe mine,
    // maybe start after a random pause.
    let seed = 42;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let stopped = false;
    for (let i = 0; i < N; i += 20) {
      if (!stopped && rand() < 0.5) {
        await watcher.stop();
        stopped = true;
      }
      const batch = created.slice(i, i + 20);
      await node.wallet.call('sendmany', [
        '',
        Object.fromEntries(batch.map((p) => [p.address, Number((Number(p.amount) / 1e8).toFixed(8))])),
      ]);
      if (rand() < 0.4) await node.mine(1);
      await sleep(Math.floor(rand() * 300));
      if (stopped && rand() < 0.6) {
        newWatcher().start();
        stopped = false;
      }
    }
    if (stopped) newWatcher().start();
    await node.mine(1);
    const ids = created.map((p) => p.id);
    await waitFor(
      'all 200 confirmed',
      async () => {
        const rows = await ctx.db
          .selectFrom('payments')
          .select('id')
          .where('id', 'in', ids)
          .where('status', '=', 'confirmed')
          .execute();
        return rows.length === N;
      },
      120_000,
    );
    const rows = await ctx.db.selectFrom('payments').selectAll().where('id', 'in', ids).execute();
    for (const r of rows) {
      expect(r.amount_received).toBe(r.amount);
      expect(r.exception).toBe('none');
    }
    const transfers = await ctx.db
      .selectFrom('transfers')
      .select(['payment_id', 'status'])
      .where('payment_id', 'in', ids)
      .execute();
    expect(transfers).toHaveLength(N);
    expect(new Set(transfers.map((t) => t.payment_id)).size).toBe(N);
    expect(transfers.every((t) => t.status === 'confirmed')).toBe(true);
  });
});
