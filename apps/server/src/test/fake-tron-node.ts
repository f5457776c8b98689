import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { tronAddressOfBytes, tronAddressToHex } from '@coinlane/core/families/tron/tron-keys';

/**
 * A FAKE of a Tron node's HTTP API (no Tron node installs on these machines: its private network ships only as a
 * container image). A local HTTP server speaking the `/wallet/*` endpoints as java-tron full nodes and TronGrid
 * document them (developers.tron.network, "HTTP API"), over an in-memory chain that the test drives:
 *   POST /wallet/getnowblock, /wallet/getblockbynum {num}, /wallet/gettransactioninfobyblocknum {num},
 *        /wallet/gettransactionbyid {value}, /wallet/gettransactioninfobyid {value}
 * in the documented shapes: addresses in hex (`41…`; a log's contract as its 20 bytes), amounts as JSON numbers
 * (also past 2^53), topics and data in hex without 0x, fields at their default omitted (the genesis block has no
 * `number`, a block without transactions no `transactions`), `{}` for "not found", `{ "Error": … }` for a bad
 * request. A transfer is one transaction: TRX (TransferContract, `ret[0].contractRet`) or a TRC-20 `transfer` call
 * (TriggerSmartContract; its info's `receipt.result` and, when it succeeded, one Transfer log). It records each
 * request's path and `TRON-PRO-API-KEY` header, and can answer every request with an error of the test's choice.
 *
 * From another process (a browser journey): `tsx apps/server/src/test/fake-tron-node.ts --port 8090` prints its
 * URL and USDT contract, and takes `POST /fake/mine` { transfers?: [...amounts as strings], blocks?: n } and
 * `GET /fake/state`.
 */

/** One transfer of a mined block. Addresses in the T… form; amounts in base units (sun, or the token's). */
export type FakeTronTransfer =
  | {
      kind: 'trx';
      to: string;
      amount: bigint;
      from?: string;
      /** `ret[0].contractRet` (default SUCCESS). */
      contractRet?: string;
      /** Mines this transaction id (a transaction of an orphaned block re-mined); default: a new one. */
      txid?: string;
    }
  | {
      kind: 'trc20';
      to: string;
      amount: bigint;
      from?: string;
      /** The token contract (default: the fake's USDT). */
      contract?: string;
      /** The info's `receipt.result` (default SUCCESS); anything else emits no log. */
      receipt?: string;
      txid?: string;
    };

type Json = Record<string, unknown>;
type StoredTx = { txid: string; tx: Json; info: Json };
type StoredBlock = {
  number: number;
  blockID: string;
  parentHash: string;
  timestamp: number;
  txs: StoredTx[];
};

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const hex20 = (address: string) => tronAddressToHex(address).slice(2);
const word = (hex: string) => hex.padStart(64, '0');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with bigints written as JSON numbers, exactly (as java-tron writes int64 amounts). */
const toJson = (value: unknown) =>
  JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `__bigint:${v}__` : v)).replace(
    /"__bigint:(-?\d+)__"/g,
    '$1',
  );

/** A fixed, valid Tron address of the fake's choosing (the fake's USDT contract, its default payer). */
const fixedAddress = (seed: string) => tronAddressOfBytes(Buffer.from(sha256(seed).slice(0, 40), 'hex'));

export type FakeTronNode = Awaited<ReturnType<typeof startFakeTronNode>>;

export async function startFakeTronNode({
  port = 0,
  initialBlocks = 30,
}: {
  port?: number;
  /** Empty blocks on the chain at start (the genesis block included). */
  initialBlocks?: number;
} = {}) {
  const usdtContract = fixedAddress('fake tron node: USDT');
  const defaultPayer = fixedAddress('fake tron node: payer');
  const chain: StoredBlock[] = [];
  const txs = new Map<string, StoredTx>();
  const requests: { path: string; apiKey: string | null }[] = [];
  let failure: { status: number; body: string } | null = null;
  const start = Date.now() - initialBlocks * 3000;

  function transaction(t: FakeTronTransfer, number: number, timestamp: number): StoredTx {
    const txid = t.txid ?? randomBytes(32).toString('hex');
    const from = t.from ?? defaultPayer;
    const common = {
      ref_block_bytes: (number & 0xffff).toString(16).padStart(4, '0'),
      ref_block_hash: randomBytes(8).toString('hex'),
      expiration: timestamp + 60_000,
      timestamp: timestamp - 1000,
    };
    const info: Json = { id: txid, blockNumber: number, blockTimeStamp: timestamp, contractResult: [''] };
    if (t.kind === 'trx') {
      const contractRet = t.contractRet ?? 'SUCCESS';
      const tx = {
        ret: [{ contractRet }],
        signature: [randomBytes(65).toString('hex')],
        txID: txid,
        raw_data: {
          contract: [
            {
              parameter: {
                value: {
                  amount: t.amount,
                  owner_address: tronAddressToHex(from),
                  to_address: tronAddressToHex(t.to),
                },
                type_url: 'type.googleapis.com/protocol.TransferContract',
              },
              type: 'TransferContract',
            },
          ],
          ...common,
        },
      };
      return {
        txid,
        tx,
        info: {
          ...info,
          receipt: { net_usage: 268 },
          ...(contractRet === 'SUCCESS' ? {} : { result: 'FAILED' }),
        },
      };
    }
    const contract = t.contract ?? usdtContract;
    const receipt = t.receipt ?? 'SUCCESS';
    const ok = receipt === 'SUCCESS';
    const amountWord = word(t.amount.toString(16));
    const tx = {
      ret: [{ contractRet: receipt }],
      signature: [randomBytes(65).toString('hex')],
      txID: txid,
      raw_data: {
        contract: [
          {
            parameter: {
              value: {
                data: `a9059cbb${word(hex20(t.to))}${amountWord}`,
                owner_address: tronAddressToHex(from),
                contract_address: tronAddressToHex(contract),
              },
              type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
            },
            type: 'TriggerSmartContract',
          },
        ],
        fee_limit: 100_000_000,
        ...common,
      },
    };
    return {
      txid,
      tx,
      info: {
        ...info,
        fee: ok ? 13_844_850 : 27_255_900,
        contractResult: [ok ? word('1') : ''],
        contract_address: tronAddressToHex(contract),
        receipt: {
          energy_usage_total: ok ? 31_895 : 64_285,
          energy_fee: 13_399_500,
          net_usage: 345,
          result: receipt,
        },
        ...(ok
          ? {
              log: [
                {
                  address: hex20(contract),
                  topics: [TRANSFER_TOPIC, word(hex20(from)), word(hex20(t.to))],
                  data: amountWord,
                },
              ],
            }
          : { result: 'FAILED', resMessage: Buffer.from(receipt).toString('hex') }),
      },
    };
  }

  function appendBlock(transfers: readonly FakeTronTransfer[]) {
    const parent = chain.at(-1);
    const number = parent ? parent.number + 1 : 0;
    const timestamp = start + number * 3000;
    const parentHash = parent?.blockID ?? '0'.repeat(64);
    const stored = transfers.map((t) => transaction(t, number, timestamp));
    // java-tron's block id: the height in its first 8 bytes, then a hash of the header
    const blockID =
      number.toString(16).padStart(16, '0') +
      sha256(`${parentHash}:${stored.map((s) => s.txid).join(',')}:${randomBytes(8).toString('hex')}`).slice(
        16,
      );
    const block: StoredBlock = { number, blockID, parentHash, timestamp, txs: stored };
    chain.push(block);
    for (const s of stored) txs.set(s.txid, s);
    return { number, blockID, txids: stored.map((s) => s.txid) };
  }

  for (let i = 0; i < initialBlocks; i++) appendBlock([]);

  const blockJson = (b: StoredBlock) => ({
    blockID: b.blockID,
    block_header: {
      raw_data: {
        ...(b.number ? { number: b.number } : {}),
        txTrieRoot: sha256(b.txs.map((t) => t.txid).join(',')),
        witness_address: `41${sha256(`witness ${b.number % 27}`).slice(0, 40)}`,
        parentHash: b.parentHash,
        version: 30,
        timestamp: b.timestamp,
      },
      witness_signature: sha256(b.blockID).repeat(2),
    },
    ...(b.txs.length ? { transactions: b.txs.map((t) => t.tx) } : {}),
  });

  const blockAt = (num: unknown) =>
    typeof num === 'number' && Number.isInteger(num) ? chain.find((b) => b.number === num) : undefined;

  function answer(path: string, body: Json): [number, unknown] {
    switch (path) {
      case '/wallet/getnowblock':
        return [200, blockJson(chain.at(-1)!)];
      case '/wallet/getblockbynum': {
        if (typeof body.num !== 'number')
          return [200, { Error: 'class java.lang.NullPointerException : null' }];
        const b = blockAt(body.num);
        return [200, b ? blockJson(b) : {}];
      }
      case '/wallet/gettransactioninfobyblocknum':
        return [200, (blockAt(body.num)?.txs ?? []).map((t) => t.info)];
      case '/wallet/gettransactionbyid':
        return [200, txs.get(String(body.value))?.tx ?? {}];
      case '/wallet/gettransactioninfobyid':
        return [200, txs.get(String(body.value))?.info ?? {}];
      default:
        return [404, null];
    }
  }

  /** The control endpoints of another process's journey. */
  function control(path: string, body: Json): [number, unknown] {
    if (path === '/fake/state') return [200, { tip: chain.at(-1)!.number, usdtContract }];
    if (path === '/fake/mine') {
      const transfers = ((body.transfers as Json[] | undefined) ?? []).map(
        (t) => ({ ...t, amount: BigInt(String(t.amount)) }) as FakeTronTransfer,
      );
      const mined = appendBlock(transfers);
      for (let i = 0; i < Number(body.blocks ?? 0); i++) appendBlock([]);
      return [200, mined];
    }
    return [404, null];
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const key = req.headers['tron-pro-api-key'];
      requests.push({ path, apiKey: typeof key === 'string' ? key : null });
      let body: Json = {};
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        body = text ? (JSON.parse(text) as Json) : {};
      } catch {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(toJson({ Error: 'com.alibaba.fastjson.JSONException : syntax error' }));
        return;
      }
      if (failure && path.startsWith('/wallet/')) {
        res.writeHead(failure.status, { 'content-type': 'application/json' });
        res.end(failure.body);
        return;
      }
      const [status, reply] = path.startsWith('/fake/') ? control(path, body) : answer(path, body);
      res.writeHead(status, { 'content-type': status === 200 ? 'application/json' : 'text/plain' });
      res.end(status === 200 ? toJson(reply) : 'Not Found');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** The fake's USDT (TRC-20, 6 decimals) contract: configure it as CHAIN_TRON_TOKENS=USDT:<it>. */
    usdtContract,
    /** The payer of transfers that name none. */
    defaultPayer,
    /** The height of the newest block. */
    get tip() {
      return chain.at(-1)!.number;
    },
    /** The block id at `height` (undefined above the tip). */
    blockId: (height: number) => chain.find((b) => b.number === height)?.blockID,
    /** Appends a block with one transaction per transfer. */
    mineBlock: ({ transfers = [] }: { transfers?: readonly FakeTronTransfer[] } = {}) =>
      appendBlock(transfers),
    /** Appends `n` empty blocks. */
    mineEmpty(n: number) {
      for (let i = 0; i < n; i++) appendBlock([]);
    },
    /**
     * A reorganisation: the newest `depth` blocks are orphaned (their transactions forgotten unless a new block
     * mines them again by txid), then `newBlocks` are mined on the block below them.
     */
    reorg(depth: number, newBlocks: readonly { transfers?: readonly FakeTronTransfer[] }[]) {
      for (const b of chain.splice(chain.length - depth, depth)) for (const t of b.txs) txs.delete(t.txid);
      return newBlocks.map((b) => appendBlock(b.transfers ?? []));
    },
    /** Every request: its path and the TRON-PRO-API-KEY header it carried (null: none). */
    requests,
    /** From now on every `/wallet/*` request is answered with this status and body (null: normal again). */
    fail(reply: { status: number; body: string } | null) {
      failure = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const i = process.argv.indexOf('--port');
  const node = await startFakeTronNode({ port: i > 0 ? Number(process.argv[i + 1]) : 0 });
  console.log(JSON.stringify({ url: node.url, usdtContract: node.usdtContract }));
}
