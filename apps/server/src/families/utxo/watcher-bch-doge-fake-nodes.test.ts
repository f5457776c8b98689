import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  canonicalAddress,
  deriveAddresses,
  legacyAddress,
  type TUtxoNetwork,
} from '@coinlane/core/families/utxo/utxo-keys';
import { sanctionsKey } from '@coinlane/core/risk-rules';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#app/config.ts';
import type { DbHandle } from '#app/db/connection.ts';
import { isLiveNetwork } from '#app/lib/is-live-network.ts';
import type { ChainWatcher } from '#app/modules/chains/generic-watcher.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { paymentDepsOf } from '#app/server-payments.ts';
import { createUser } from '#app/test/fixtures.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { createTestDb } from '#app/test/test-db.ts';
import { createUtxoWatcher } from './utxo-watcher.ts';

// Bitcoin Cash and Dogecoin cannot be installed on this machine: the UTXO watcher is driven here against FAKES of
// their nodes' JSON-RPC (a local HTTP server in this file, not a node), answering in the documented shapes of
// Bitcoin Cash Node (`getblock <hash> 2`, outputs in `scriptPubKey.addresses` as CashAddr with the `bchreg:`
// prefix) and Dogecoin Core 1.14 (`getblock <hash> <verbose: boolean>` with txids only, `getrawtransaction
// <txid> true`, `addresses` arrays, mined transactions found only with -txindex). Litecoin is tested against a
// real litecoind (watcher.test.ts).

// A BIP32 account key (utxo-keys.test.ts): the payments' addresses are its real p2pkh children on each network.
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
/** An address that is no payment's (the payer's change). */
const STRANGER = 'n3GNqMveyvaPvUbH469vDRadqpJMPc84JA';

type Dialect = 'bitcoin-cash-node' | 'dogecoin-core-1.14';
type FakeTx = {
  txid: string;
  coinbase?: boolean;
  vin: { txid: string; vout: number }[];
  /** Amounts as decimal text in coins (written as JSON numbers with 8 decimals, as the nodes do). */
  vout: { address: string; value: string }[];
};
type FakeBlock = { hash: string; height: number; time: number; prev: string | null; txids: string[] };

const hash = (s: string) => createHash('sha256').update(s).digest('hex');
/** A JSON number written exactly as the text `value` (a node writes amounts with 8 decimals). */
const NUM = '\u0000num:';
const coins = (value: string) => {
  const [whole, frac = ''] = value.split('.');
  return `${NUM}${whole}.${frac.padEnd(8, '0')}`;
};
class FakeRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A FAKE node (not Bitcoin Cash Node nor Dogecoin Core): a chain of blocks, a mempool and a transaction index,
 * driven by the test (broadcast, mine, reorganise), behind a JSON-RPC 1.0 server with basic auth. `writeAddress`
 * turns an address (legacy or the network's form) into the form the node writes (CashAddr for Bitcoin Cash Node).
 */
async function startFakeNode({
  dialect,
  writeAddress,
  txindex = true,
}: {
  dialect: Dialect;
  writeAddress: (address: string) => string;
  txindex?: boolean;
}) {
  const blocks = new Map<string, FakeBlock>();
  const chain: FakeBlock[] = [];
  const txs = new Map<string, FakeTx>();
  const blockOfTx = new Map<string, string>();
  const mempool = new Map<string, number>(); // txid -> entry time (seconds)
  const calls: { method: string; params: unknown[] }[] = [];
  let serial = 0;
  const now = () => Math.floor(Date.now() / 1000);

  function addBlock(txids: string[], tag: string) {
    const prev = chain.at(-1) ?? null;
    const height = chain.length;
    const coinbase: FakeTx = {
      txid: hash(`coinbase ${tag} ${height} ${serial++}`),
      coinbase: true,
      vin: [],
      vout: [{ address: STRANGER, value: '50' }],
    };
    txs.set(coinbase.txid, coinbase);
    const block: FakeBlock = {
      hash: hash(`block ${tag} ${height} ${serial++}`),
      height,
      time: now(),
      prev: prev?.hash ?? null,
      txids: [coinbase.txid, ...txids],
    };
    blocks.set(block.hash, block);
    chain.push(block);
    for (const t of block.txids) {
      blockOfTx.set(t, block.hash);
      mempool.delete(t);
    }
    return block;
  }

  const onChain = (b: FakeBlock) => chain[b.height]?.hash === b.hash;
  const confirmations = (b: FakeBlock) => (onChain(b) ? chain.length - b.height : -1);

  function txJson(tx: FakeTx) {
    const block = blockOfTx.get(tx.txid);
    const b = block ? blocks.get(block)! : null;
    return {
      hex: '02000000',
      txid: tx.txid,
      hash: tx.txid,
      version: 2,
      size: 225,
      locktime: 0,
      vin: tx.coinbase
        ? [{ coinbase: '03a08601', sequence: 4294967295 }]
        : tx.vin.map((i) => ({
            txid: i.txid,
            vout: i.vout,
            scriptSig: { asm: '3045[ALL] 02ab', hex: '483045' },
            sequence: 4294967294,
          })),
      vout: tx.vout.map((o, n) => ({
        value: coins(o.value),
        n,
        scriptPubKey: {
          asm: 'OP_DUP OP_HASH160 00 OP_EQUALVERIFY OP_CHECKSIG',
          hex: '76a91400',
          reqSigs: 1,
          type: 'pubkeyhash',
          addresses: [writeAddress(o.address)],
        },
      })),
      ...(b
        ? {
            blockhash: b.hash,
            // Dogecoin Core 1.14 (TxToJSON): 0 for a block off the active chain.
            confirmations: Math.max(0, confirmations(b)),
            ...(onChain(b) ? { time: b.time, blocktime: b.time } : {}),
          }
        : {}),
    };
  }

  function headerJson(b: FakeBlock) {
    const next = onChain(b) ? chain[b.height + 1] : undefined;
    return {
      hash: b.hash,
      confirmations: confirmations(b),
      height: b.height,
      version: 536870912,
      merkleroot: hash(`merkle ${b.hash}`),
      time: b.time,
      mediantime: b.time,
      nonce: 0,
      bits: '207fffff',
      difficulty: coins('0.00000001'),
      chainwork: b.height.toString(16).padStart(64, '0'),
      ...(b.prev ? { previousblockhash: b.prev } : {}),
      ...(next ? { nextblockhash: next.hash } : {}),
    };
  }

  const blockByHash = (h: unknown) => {
    const b = blocks.get(String(h));
    if (!b) throw new FakeRpcError(-5, 'Block not found');
    return b;
  };

  const methods: Record<string, (params: unknown[]) => unknown> = {
    getbestblockhash: () => chain.at(-1)!.hash,
    getblockhash: ([height]) => {
      const b = chain[Number(height)];
      if (!b) throw new FakeRpcError(-8, 'Block height out of range');
      return b.hash;
    },
    getblockheader: ([h]) => headerJson(blockByHash(h)),
    getblock: ([h, verbosity = 1]) => {
      const b = blockByHash(h);
      let decoded: boolean;
      if (dialect === 'dogecoin-core-1.14') {
        // Dogecoin Core 1.14: `verbose` is a boolean (get_bool); there is no verbosity 2.
        if (typeof verbosity !== 'boolean')
          throw new FakeRpcError(-1, 'JSON value is not a boolean as expected');
        if (!verbosity) return '00000020';
        decoded = false;
      } else {
        const level = typeof verbosity === 'boolean' ? (verbosity ? 1 : 0) : Number(verbosity);
        if (level === 0) return '00000020';
        decoded = level >= 2;
      }
      return {
        ...headerJson(b),
        size: 285,
        nTx: b.txids.length,
        tx: decoded ? b.txids.map((t) => txJson(txs.get(t)!)) : b.txids,
      };
    },
    getrawtransaction: ([txid, verbose]) => {
      const tx = txs.get(String(txid));
      // The genesis coinbase is in no index; without -txindex only the mempool is searched.
      const indexed = txindex && !!tx && blockOfTx.has(tx.txid) && chain[0]!.txids[0] !== tx.txid;
      if (!tx || !(mempool.has(tx.txid) || indexed)) {
        throw new FakeRpcError(
          -5,
          txindex
            ? 'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.'
            : 'No such mempool transaction. Use -txindex to enable blockchain transaction queries. Use gettransaction for wallet transactions.',
        );
      }
      return verbose === true || Number(verbose) > 0 ? txJson(tx) : '02000000';
    },
    getrawmempool: () => [...mempool.keys()],
    getmempoolentry: ([txid]) => {
      const time = mempool.get(String(txid));
      if (time === undefined) throw new FakeRpcError(-5, 'Transaction not in mempool');
      return {
        size: 225,
        fee: coins('0.0000226'),
        modifiedfee: coins('0.0000226'),
        time,
        height: chain.length - 1,
      };
    },
  };

  function answer(req: { id: unknown; method: string; params?: unknown[] }) {
    calls.push({ method: req.method, params: req.params ?? [] });
    const method = methods[req.method];
    try {
      if (!method) throw new FakeRpcError(-32601, 'Method not found');
      return { result: method(req.params ?? []), error: null, id: req.id };
    } catch (err) {
      const e = err as FakeRpcError;
      return { result: null, error: { code: e.code, message: e.message }, id: req.id };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.headers.authorization !== `Basic ${Buffer.from('fake:secret').toString('base64')}`) {
        res.writeHead(401).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const reply = Array.isArray(body) ? body.map(answer) : answer(body);
      const text = JSON.stringify(reply).replace(/"\\u0000num:([0-9.]+)"/g, '$1');
      res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  // The genesis block, then a block paying the payer whose coins the payments below spend.
  addBlock([], 'genesis');
  const funding: FakeTx = {
    txid: hash(`funding ${dialect}`),
    vin: [{ txid: chain[0]!.txids[0]!, vout: 0 }],
    vout: [{ address: 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', value: '200000000000' }],
  };
  txs.set(funding.txid, funding);
  addBlock([funding.txid], 'main');

  return {
    url: `http://fake:secret@127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** The payer (legacy form) whose coins pay every transaction below. */
    payer: funding.vout[0]!.address,
    get height() {
      return chain.length - 1;
    },
    /** A transaction from the payer paying `address` `value` coins, into the mempool (or held back with `hold`). */
    send(address: string, value: string, { hold = false } = {}) {
      const tx: FakeTx = {
        txid: hash(`tx ${address} ${value} ${serial++}`),
        vin: [{ txid: funding.txid, vout: 0 }],
        vout: [
          { address: STRANGER, value: '1.5' },
          { address, value },
        ],
      };
      txs.set(tx.txid, tx);
      if (!hold) mempool.set(tx.txid, now());
      return tx.txid;
    },
    /** `count` blocks on the tip; the first takes the mempool's transactions and `include` (never broadcast). */
    mine(count = 1, include: string[] = []) {
      for (let i = 0; i < count; i++) addBlock(i === 0 ? [...mempool.keys(), ...include] : [], 'main');
    },
    /**
     * A reorganisation: the top `depth` blocks replaced by `depth + 1` others without their transactions, which
     * go back to the mempool (as a node does with transactions of disconnected blocks).
     */
    reorg(depth: number) {
      const dropped = chain.splice(chain.length - depth, depth);
      for (let i = 0; i <= depth; i++) addBlock([], `fork ${serial}`);
      // The index keeps their orphaned block (confirmations 0); the coinbases are gone.
      for (const b of dropped) for (const t of b.txids.slice(1)) mempool.set(t, now());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type FakeNode = Awaited<ReturnType<typeof startFakeNode>>;

const NETWORKS: {
  network: TUtxoNetwork;
  env: string;
  symbol: string;
  required: number;
  dialect: Dialect;
  /** An address (legacy or the network's form) as the node writes it. */
  writeAddress: (address: string) => string;
  amount: string;
  units: string;
}[] = [
  {
    network: 'bitcoin-cash',
    env: 'CHAIN_BITCOIN_CASH',
    symbol: 'BCH',
    required: 6,
    dialect: 'bitcoin-cash-node',
    // Bitcoin Cash Node writes CashAddr with the chain's prefix, as payments store it.
    writeAddress: (address: string) =>
      canonicalAddress(address, { network: 'bitcoin-cash', chainMode: 'regtest' }),
    amount: '0.5',
    units: '50000000',
  },
  {
    network: 'dogecoin',
    env: 'CHAIN_DOGECOIN',
    symbol: 'DOGE',
    required: 40,
    dialect: 'dogecoin-core-1.14',
    writeAddress: (legacy: string) => legacy,
    // Above 2^63 base units: Dogecoin's supply is over 1e11 coins.
    amount: '123456789012.3456789',
    units: '12345678901234567890',
  },
];

describe.each(NETWORKS)('UTXO watcher on a FAKE $dialect JSON-RPC ($network)', (net) => {
  let handle: DbHandle;
  let node: FakeNode;
  let deps: PaymentDeps;
  let watcher: ChainWatcher;
  let userId: string;
  let chain: ReturnType<typeof loadConfig>['configuredChains'][number];
  const addresses = deriveAddresses(TPUB, 'p2pkh', { network: net.network, chainMode: 'regtest' }, 0, 4);

  const newWatcher = () => createUtxoWatcher({ deps, dbHandle: handle, chain, startLookback: 0 });
  const payment = (id: string) =>
    handle.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const transfers = (id: string) =>
    handle.db.selectFrom('transfers').selectAll().where('payment_id', '=', id).execute();
  const events = async (id: string) =>
    (
      await handle.db
        .selectFrom('outbox_events')
        .select('type')
        .where('entity_id', '=', id)
        .orderBy('seq')
        .execute()
    ).map((e) => e.type);
  const tick = async () => {
    await watcher.tick();
    expect(watcher.status().lastError).toBeNull();
  };
  const create = (address: string) =>
    insertFixedAddressPayment({
      db: handle.db,
      userId,
      currency: net.symbol,
      network: net.network,
      amount: net.amount,
      allocation: { address },
    });

  beforeAll(async () => {
    handle = await createTestDb();
    userId = (await createUser({ db: handle.db })).id;
    node = await startFakeNode({ dialect: net.dialect, writeAddress: net.writeAddress });
    // Configured from the environment as an operator would: the network's URL and mode.
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      [`${net.env}_RPC_URL`]: node.url,
      [`${net.env}_MODE`]: 'regtest',
    });
    expect(config.configuredChains).toEqual([
      { family: 'utxo', network: net.network, rpcUrl: node.url, mode: 'regtest' },
    ]);
    expect(isLiveNetwork({ network: net.network, config })).toBe(true);
    chain = config.configuredChains[0]!;
    deps = paymentDepsOf(config);
    watcher = newWatcher();
    await tick(); // the cursor at the fake's tip
  });
  afterAll(async () => {
    await node?.close();
    await handle?.close();
  });
  afterEach(async () => {
    // Dogecoin Core 1.14 has no verbosity 2: the watcher never asked for it (the fake would have failed the pass).
    if (net.dialect === 'dogecoin-core-1.14') {
      expect(node.calls.filter((c) => c.method === 'getblock').every((c) => c.params[1] === true)).toBe(true);
    }
  });

  it(`credits a live payment from the mempool at 0 confirmations, then confirms it at ${net.required} blocks, once`, async () => {
    // Payments store the network's form: Bitcoin Cash's CashAddr with the regtest prefix, as its node writes it.
    if (net.network === 'bitcoin-cash') expect(addresses[0]).toMatch(/^bchreg:q[02-9ac-hj-np-z]{41}$/);
    const p = await create(addresses[0]!);
    const txid = node.send(addresses[0]!, net.amount);
    await tick();
    const seen = await payment(p.id);
    expect(seen).toMatchObject({ status: 'pending', amount_received: net.units, tx_hash: txid });
    const [t] = await transfers(p.id);
    expect(t).toMatchObject({ txid, output_index: 1, amount: net.units, confirmations: 0, block_hash: null });
    // Who paid: the output its input spends, recorded in the form the sanctions list is compared in (Bitcoin
    // Cash: the node's CashAddr as its legacy form).
    expect(t!.payer_addresses).toEqual([sanctionsKey(net.writeAddress(node.payer))]);
    expect(t!.payer_addresses).toEqual([node.payer]);

    node.mine(net.required - 1);
    await tick();
    expect(await transfers(p.id)).toMatchObject([{ confirmations: net.required - 1 }]);
    expect((await payment(p.id)).status).toBe('pending');
    node.mine(1);
    await tick();
    const done = await payment(p.id);
    expect(done).toMatchObject({
      status: 'confirmed',
      amount_received: net.units,
      amount_confirmed: net.units,
    });

    // Passes and a restart later: still one transfer, one confirmation event.
    node.mine(2);
    await tick();
    watcher = newWatcher();
    await tick();
    expect(await transfers(p.id)).toHaveLength(1);
    expect((await events(p.id)).filter((e) => e === 'payment.confirmed')).toHaveLength(1);
    expect((await payment(p.id)).amount_received).toBe(net.units);
  });

  it('credits money first seen in a block, walks back a reorganisation, and confirms it once re-mined', async () => {
    const p = await create(addresses[1]!);
    const txid = node.send(addresses[1]!, net.amount, { hold: true });
    node.mine(1, [txid]); // never seen in the mempool by the watcher
    node.mine(2);
    await tick();
    expect(await transfers(p.id)).toMatchObject([{ txid, confirmations: 3, amount: net.units }]);
    const orphaned = (await transfers(p.id))[0]!.block_hash;

    // The cursor's block and the transfer's are replaced: the transaction waits in the mempool again.
    node.reorg(3);
    await tick();
    const [back] = await transfers(p.id);
    expect(back).toMatchObject({ txid, block_hash: null, confirmations: 0 });
    expect((await payment(p.id)).status).toBe('pending');

    node.mine(net.required);
    await tick();
    const [again] = await transfers(p.id);
    expect(again!.block_hash).not.toBe(orphaned);
    expect(again).toMatchObject({ txid, confirmations: net.required, amount: net.units });
    expect(await payment(p.id)).toMatchObject({ status: 'confirmed', amount_confirmed: net.units });
    expect(await transfers(p.id)).toHaveLength(1);
  });

  it('credits a transaction already in the mempool to a payment created just after the watcher saw it', async () => {
    // The payer was quick: the watcher decoded the transaction before its pass read the new payment.
    const txid = node.send(addresses[2]!, net.amount);
    await tick();
    const p = await create(addresses[2]!);
    await tick();
    expect(await transfers(p.id)).toMatchObject([{ txid, amount: net.units, confirmations: 0 }]);
    expect((await payment(p.id)).amount_received).toBe(net.units);
    node.mine(net.required);
    await tick();
    expect(await payment(p.id)).toMatchObject({ status: 'confirmed', amount_confirmed: net.units });
  });

  it.runIf(net.network === 'bitcoin-cash')(
    'still credits a payment stored in the legacy form (before CashAddr), under its stored address',
    async () => {
      const legacy = legacyAddress(addresses[3]!, { network: 'bitcoin-cash', chainMode: 'regtest' });
      expect(legacy).toMatch(/^[mn]/);
      const p = await create(legacy);
      const txid = node.send(legacy, net.amount); // the node writes it as bchreg:q...
      await tick();
      expect(await transfers(p.id)).toMatchObject([{ txid, address: legacy, amount: net.units }]);
      node.mine(net.required);
      await tick();
      expect(await payment(p.id)).toMatchObject({ status: 'confirmed', amount_confirmed: net.units });
    },
  );

  it.runIf(net.network === 'bitcoin-cash')(
    'screens the payer the node writes in CashAddr against a list that writes it in the legacy form',
    async () => {
      // The list in force names the payer in the legacy form (the OFAC list writes BCH addresses in either form).
      await handle.db
        .insertInto('sanctions_imports')
        .values({ id: 'sdn_bch', source_file: 'sdn_advanced.xml', file_sha256: 'x', address_count: 1 })
        .execute();
      const listed = node.payer;
      expect(listed).toMatch(/^[mn]/);
      expect(net.writeAddress(listed)).toMatch(/^bchreg:/);
      await handle.db
        .insertInto('sanctioned_addresses')
        .values({ address_key: sanctionsKey(listed), address: listed, asset: 'BCH', import_id: 'sdn_bch' })
        .execute();
      const fresh = deriveAddresses(
        TPUB,
        'p2pkh',
        { network: 'bitcoin-cash', chainMode: 'regtest' },
        4,
        1,
      )[0]!;
      const p = await create(fresh);
      node.send(fresh, net.amount);
      await tick();
      expect(await payment(p.id)).toMatchObject({
        amount_received: net.units,
        risk_score: 10,
        fraud_flags: expect.arrayContaining(['sanctioned_payer_address']),
      });
    },
  );
});

describe('UTXO watcher on a FAKE Dogecoin Core 1.14 without -txindex', () => {
  it('fails the pass with a message naming -txindex (a mined transaction cannot be fetched)', async () => {
    const handle = await createTestDb();
    const node = await startFakeNode({
      dialect: 'dogecoin-core-1.14',
      writeAddress: (a) => a,
      txindex: false,
    });
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CHAIN_DOGECOIN_RPC_URL: node.url,
        CHAIN_DOGECOIN_MODE: 'regtest',
      });
      const watcher = createUtxoWatcher({
        deps: paymentDepsOf(config),
        dbHandle: handle,
        chain: config.configuredChains[0]!,
        startLookback: 0,
      });
      await watcher.tick();
      node.send(STRANGER, '1');
      node.mine(1);
      await watcher.tick();
      expect(watcher.status().lastError).toMatch(/-txindex/);
    } finally {
      await node.close();
      await handle.close();
    }
  });
});
