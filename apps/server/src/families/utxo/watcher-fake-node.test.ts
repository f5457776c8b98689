import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '#app/db/connection.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import { type RpcCall, type RpcClient, RpcError } from '#app/modules/chains/rpc-client.ts';
import { createUser } from '#app/test/fixtures.ts';
import { liveLitecoinPayments } from '#app/test/live-payment-fixtures.ts';
import { testPaymentDeps } from '#app/test/payment-deps.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { createUtxoWatcher } from './utxo-watcher.ts';

// The UTXO watcher against stand-in nodes, for what a regtest node cannot show: amounts above 67 M coins (no
// regtest chain holds them), and a mempool of tens of thousands of transactions.
describe('UTXO watcher against a stand-in node', () => {
  let handle: DbHandle;
  let userId: string;
  let payments: ReturnType<typeof liveLitecoinPayments>;
  beforeAll(async () => {
    handle = await createTestDb();
    userId = (await createUser({ db: handle.db })).id;
    payments = liveLitecoinPayments(handle.db);
  });
  afterAll(() => handle?.close());

  const header = { hash: 'h0', height: 0, confirmations: 1, time: 1_795_000_000 };

  /**
   * A watcher on a node in this process: the chain at block h0, the mempool `pool()`, a transaction `tx(txid)`;
   * `beforeTip` runs when a pass asks for the tip (before it answers). Other methods are "not here".
   */
  function standInWatcher({
    pool,
    tx,
    beforeTip,
  }: {
    pool: () => string[];
    tx: (txid: string) => unknown;
    beforeTip?: () => Promise<void>;
  }) {
    const answer = async (method: string, params: unknown[] = []): Promise<unknown> => {
      switch (method) {
        case 'getbestblockhash':
          await beforeTip?.();
          return 'h0';
        case 'getblockhash':
          return 'h0';
        case 'getblockheader':
          return header;
        case 'getrawmempool':
          return pool();
        case 'getrawtransaction':
          return tx(params[0] as string);
        case 'getmempoolentry':
          return { time: Math.floor(Date.now() / 1000) };
        default:
          throw new RpcError(`${method}: not here`, method, -32601);
      }
    };
    const rpc: RpcClient = {
      endpoint: 'stand-in',
      call: async <T>(method: string, params?: unknown[]) => (await answer(method, params)) as T,
      batch: async <T>(calls: readonly RpcCall[]) =>
        Promise.all(calls.map(async (c) => (await answer(c.method, c.params)) as T)),
    };
    const chain: ChainConfig = {
      family: 'utxo',
      network: 'litecoin',
      rpcUrl: 'http://u:p@127.0.0.1:9',
      mode: 'regtest',
    };
    return createUtxoWatcher({ deps: testPaymentDeps, dbHandle: handle, chain, rpc });
  }

  it('credits amounts exactly as the node wrote them (JSON-RPC over HTTP, values above 2^26 coins)', async () => {
    const addresses = ['rltc1qexact0', 'rltc1qexact1', 'rltc1qexact2'];
    const created = [];
    for (const address of addresses) created.push(await payments.create({ userId, address, amount: '0.1' }));
    const rawTx = `{"txid":"t1","vin":[{"txid":"${'ab'.repeat(32)}","vout":1}],"vout":[
      {"value":92233720.36854775,"n":0,"scriptPubKey":{"address":"rltc1qexact0"}},
      {"value":67108864.00000002,"n":1,"scriptPubKey":{"address":"rltc1qexact1"}},
      {"value":0.00000001,"n":2,"scriptPubKey":{"address":"rltc1qexact2"}}]}`;
    const results: Record<string, () => string> = {
      getbestblockhash: () => '"h0"',
      getblockheader: () => JSON.stringify(header),
      getblockhash: () => '"h0"',
      getrawmempool: () => '["t1"]',
      getrawtransaction: () => rawTx,
      getmempoolentry: () => `{"time":${Math.floor(Date.now() / 1000)}}`,
    };
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        const reply = (r: { id: number; method: string }) =>
          results[r.method]
            ? `{"result":${results[r.method]!()},"error":null,"id":${r.id}}`
            : `{"result":null,"error":{"code":-32601,"message":"Method not found"},"id":${r.id}}`;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(Array.isArray(body) ? `[${body.map(reply).join(',')}]` : reply(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const chain: ChainConfig = {
        family: 'utxo',
        network: 'litecoin',
        rpcUrl: `http://u:p@127.0.0.1:${(server.address() as AddressInfo).port}`,
        mode: 'regtest',
      };
      const watcher = createUtxoWatcher({ deps: testPaymentDeps, dbHandle: handle, chain });
      await watcher.tick();
      expect(watcher.status().lastError).toBeNull();
      const rows = await handle.db
        .selectFrom('transfers')
        .select(['payment_id', 'amount'])
        .where('txid', '=', 't1')
        .orderBy('output_index')
        .execute();
      expect(rows).toEqual([
        { payment_id: created[0]!.id, amount: '9223372036854775' },
        { payment_id: created[1]!.id, amount: '6710886400000002' },
        { payment_id: created[2]!.id, amount: '1' },
      ]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('counts a mempool transaction late by when the mempool was read, not when a long pass began', async () => {
    // The pass starts before the expiry; reading the tip takes until after it, and the transaction enters the
    // mempool then: it was first seen after the expiry, so the money is late (the payment expired, paid late).
    // 10 s for the first pass: it took 3.4 s on a loaded machine (CI-like run, 2026-12-02), past the 1.5 s it had
    const expiresAt = new Date(Date.now() + 10_000);
    const p = await payments.create({ userId, address: 'rltc1qlatepass', amount: '0.1', expiresAt });
    let pool: string[] = [];
    let slowTip = false;
    const watcher = standInWatcher({
      pool: () => pool,
      tx: () => ({
        txid: 'tlate',
        vin: [{ txid: 'cd'.repeat(32), vout: 0 }],
        vout: [{ value: '0.10000000', n: 0, scriptPubKey: { address: 'rltc1qlatepass' } }],
      }),
      beforeTip: async () => {
        if (!slowTip) return;
        await new Promise((r) => setTimeout(r, Math.max(0, expiresAt.getTime() - Date.now()) + 300));
        pool = ['tlate'];
      },
    });
    await watcher.tick(); // the cursor, an empty mempool
    expect(Date.now()).toBeLessThan(expiresAt.getTime()); // the next pass begins before the expiry
    slowTip = true;
    await watcher.tick();
    expect(watcher.status().lastError).toBeNull();
    const row = await handle.db
      .selectFrom('payments')
      .select(['status', 'exception', 'amount_received', 'amount_late'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      status: 'expired',
      exception: 'paid_late',
      amount_received: '10000000',
      amount_late: '10000000',
    });
  });

  it('matches a new payment against a large mempool in linear time', async () => {
    const N = 40_000;
    const txid = () => randomBytes(32).toString('hex');
    const older = Array.from({ length: N }, txid);
    const newer = Array.from({ length: N }, txid);
    let pool: string[] = [];
    const tx = (id: string) => ({
      txid: id,
      vin: [{ txid: id.split('').reverse().join(''), vout: 0 }],
      vout: [{ value: '0.01000000', n: 0, scriptPubKey: { address: `rltc1qstranger${id.slice(0, 8)}` } }],
    });
    const watcher = standInWatcher({ pool: () => pool, tx: (id) => tx(id) });
    await watcher.tick(); // the cursor, an empty mempool
    pool = older;
    const t0 = performance.now();
    await watcher.tick(); // N new transactions
    const t1 = performance.now();
    await payments.create({ userId, address: 'rltc1qlinear', amount: '0.1' });
    pool = [...older, ...newer];
    const t2 = performance.now();
    await watcher.tick(); // N new transactions, and the N known ones matched against the new address
    const t3 = performance.now();
    expect(watcher.status()).toMatchObject({ lastError: null, mempoolTransactions: 2 * N });
    const first = t1 - t0;
    const second = t3 - t2;
    console.info(
      `mempool pass: ${N} known ${first.toFixed(0)} ms; ${N} new + ${N} matched ${second.toFixed(0)} ms`,
    );
    expect(second).toBeLessThan(first * 4 + 1500);
  });
});
