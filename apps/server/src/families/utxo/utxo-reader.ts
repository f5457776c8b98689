import { isUtxoNetwork } from '@coinlane/core/families/utxo/utxo-keys';
import { UTXO_NODE_READING } from '@coinlane/core/families/utxo/utxo-nodes';
import type { TChainMode } from '@coinlane/core/families/wallet-input';
import type { Db } from '#app/db/connection.ts';
import { UNMINED_GRACE_BLOCKS } from '#app/families/utxo/unmined-grace.ts';
import type { WatcherLog } from '#app/modules/chains/chain-bookkeeping.ts';
import type {
  BlockHeader,
  ChainReader,
  IncomingTransfer,
  ScannedBlock,
} from '#app/modules/chains/chain-reader.ts';
import { type RpcClient, RpcError } from '#app/modules/chains/rpc-client.ts';
import type { WatchedAddresses } from '#app/modules/chains/watched-addresses.ts';
import { flagUnminedPayments } from '#app/modules/payments/flag-unmined-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { createUtxoMempool, type UtxoMempool } from './utxo-mempool.ts';
import { createUtxoPayers, type UtxoPayers } from './utxo-payers.ts';
import { notCreatedAfterOf, type RawTx, transfersOf } from './utxo-transactions.ts';

type Block = {
  hash: string;
  height: number;
  time: number;
  previousblockhash?: string;
  tx: (RawTx | string)[];
};
type Header = {
  hash: string;
  height: number;
  confirmations: number;
  previousblockhash?: string;
  time: number;
};

/** Blocks per read (one JSON-RPC batch of `getblock`). */
const BLOCK_BATCH = 4;
const TX_BATCH = 100;

const ok = <T>(r: T | RpcError): T => {
  if (r instanceof RpcError) throw r;
  return r;
};

/** Blocks with their transactions decoded by `getblock <hash> 2`, one JSON-RPC batch. */
async function decodedBlocks(rpc: RpcClient, hashes: string[]): Promise<Block[]> {
  return (await rpc.batch<Block>(hashes.map((h) => ({ method: 'getblock', params: [h, 2] })))).map(ok);
}

/**
 * Blocks read as Dogecoin Core 1.14 can give them (no verbosity 2): `getblock <hash> true` for the txids, in one
 * batch, then `getrawtransaction <txid> true` for every transaction, in batches of TX_BATCH. A mined transaction
 * is found only with -txindex (error -5 without it: said plainly). The genesis block's coinbase is in no index
 * (and pays nobody): skipped.
 */
async function blocksByTxids(rpc: RpcClient, hashes: string[], node: string): Promise<Block[]> {
  const blocks = (await rpc.batch<Block>(hashes.map((h) => ({ method: 'getblock', params: [h, true] })))).map(
    ok,
  );
  const txids = blocks.flatMap((b) => (b.height === 0 ? [] : (b.tx as string[])));
  const byId = new Map<string, RawTx>();
  for (let i = 0; i < txids.length; i += TX_BATCH) {
    const part = txids.slice(i, i + TX_BATCH);
    const res = await rpc.batch<RawTx>(part.map((t) => ({ method: 'getrawtransaction', params: [t, true] })));
    for (const [j, r] of res.entries()) {
      if (r instanceof RpcError && r.code === -5) {
        throw new RpcError(
          `getrawtransaction ${part[j]}: the ${node} node does not find a mined transaction; it needs -txindex=1 (${r.message})`,
          'getrawtransaction',
          r.code,
        );
      }
      byId.set(part[j]!, ok(r));
    }
  }
  return blocks.map((b) => ({ ...b, tx: b.height === 0 ? [] : (b.tx as string[]).map((t) => byId.get(t)!) }));
}

/**
 * A block's watched outputs, each matched against the payments created by its transaction's first sighting, with
 * the payers of the transactions that pay a watched address (utxo-payers.ts).
 */
async function scanned(
  block: Block,
  watched: WatchedAddresses,
  mempool: UtxoMempool,
  payers: UtxoPayers,
): Promise<ScannedBlock> {
  const time = new Date(block.time * 1000);
  const txs = block.tx as RawTx[];
  const transfers: IncomingTransfer[] = [];
  for (const tx of txs) {
    const found = transfersOf(tx, watched, notCreatedAfterOf(mempool.seen(tx.txid), time));
    transfers.push(...(await payers.withPayers(tx, found)));
  }
  const txids = txs.map((tx) => tx.txid);
  return {
    height: block.height,
    hash: block.hash,
    parentHash: block.previousblockhash ?? null,
    time,
    transfers,
    txids,
  };
}

/**
 * With -txindex, a transaction mined in a block not yet scanned is found: kept for the block scan. The index also
 * keeps transactions of orphaned blocks (with their old blockhash): only a block of the active chain
 * (confirmations > 0) counts, or a transaction double-spent by a reorganisation would stay forever.
 */
const minedOnActiveChain = (rpc: RpcClient, txid: string) =>
  rpc
    .call<{ blockhash?: string; confirmations?: number }>('getrawtransaction', [txid, true])
    .then((r) => !!r.blockhash && (r.confirmations ?? 0) > 0)
    .catch(() => false);

/** At a new tip: payments whose money stayed unmined `graceBlocks` past their expiry are expired, paid late. */
async function flagUnmined({
  log,
  ...options
}: Parameters<typeof flagUnminedPayments>[0] & { log: WatcherLog | undefined }) {
  const flagged = await flagUnminedPayments(options);
  if (flagged) {
    log?.info(
      { network: options.network, tip: options.tipHeight, payments: flagged },
      'money unmined long after the expiry: payments expired, flagged paid late',
    );
  }
}

/**
 * The UTXO family's reader (docs/decisions/009-utxo-watcher.md): a Bitcoin-Core-style node over JSON-RPC
 * (bitcoin, litecoin, bitcoin-cash, dogecoin). Polls `getbestblockhash`; blocks in batches, read the way the core
 * family says for the network (UTXO_NODE_READING: `getblock <hash> 2`, or for Dogecoin Core txids then
 * `getrawtransaction` each); the mempool (utxo-mempool.ts) for 0-confirmation transfers and first-seen times; a
 * transaction of a block is matched against the payments created by its first sighting. Addresses are keyed as
 * the network's node writes them and its payments store them (Bitcoin Cash: CashAddr and legacy, one key).
 * At each new tip, payments whose money stayed unmined `unminedGraceBlocks` past their expiry are flagged late.
 */
export function createUtxoReader({
  deps,
  db,
  network,
  mode,
  rpc,
  log,
  unminedGraceBlocks = isUtxoNetwork(network) ? UNMINED_GRACE_BLOCKS[network] : 6,
}: {
  deps: PaymentDeps;
  db: Db;
  network: string;
  mode: TChainMode;
  rpc: RpcClient;
  log?: WatcherLog;
  /** Blocks after a payment's expiry its money seen in time may stay unmined (unmined-grace.ts). */
  unminedGraceBlocks?: number;
}): ChainReader {
  const reading = isUtxoNetwork(network)
    ? UTXO_NODE_READING[network]
    : { node: network, blocks: 'decoded' as const };
  const addressKey = reading.addressKey ? (address: string) => reading.addressKey!(address, mode) : undefined;
  const fetchBlocks = (hashes: string[]) =>
    reading.blocks === 'txids' ? blocksByTxids(rpc, hashes, reading.node) : decodedBlocks(rpc, hashes);
  const payers = createUtxoPayers(rpc);
  const mempool = createUtxoMempool({ rpc, payers, ...(addressKey ? { keyOf: addressKey } : {}) });
  const header = (hash: string) => rpc.call<Header>('getblockheader', [hash]);

  return {
    ...(addressKey ? { addressKey } : {}),
    async tip() {
      const best = await rpc.call<string>('getbestblockhash');
      return { height: (await header(best)).height, hash: best };
    },
    async blockAt(height): Promise<BlockHeader> {
      const hash = await rpc.call<string>('getblockhash', [height]);
      const h = await header(hash);
      return { height, hash, parentHash: h.previousblockhash ?? null, time: new Date(h.time * 1000) };
    },
    async isInBestChain({ hash }) {
      const h = await header(hash).catch(() => null);
      return !!h && h.confirmations >= 0;
    },
    blocksPerRead: () => BLOCK_BATCH,
    async readBlocks({ from, to, watched }) {
      const heights = Array.from({ length: to - from + 1 }, (_, i) => from + i);
      const hashes = (
        await rpc.batch<string>(heights.map((h) => ({ method: 'getblockhash', params: [h] })))
      ).map(ok);
      const blocks: ScannedBlock[] = [];
      for (const b of await fetchBlocks(hashes)) {
        blocks.push(await scanned(b, watched, mempool, payers));
      }
      return blocks;
    },
    blockScanned(block) {
      for (const txid of block.txids ?? []) mempool.forget(txid);
    },
    afterConfirmations: (tipHeight, now) =>
      flagUnmined({ deps, db, network, tipHeight, graceBlocks: unminedGraceBlocks, log, now }),
    scanMempool: (pass) => mempool.scan(pass),
    // Only when no block arrived during the pass: a transaction missing from the mempool may be in that block.
    async reachedTip(tip, cursor) {
      const after = await rpc.call<string>('getbestblockhash');
      return after === tip.hash && cursor.hash === tip.hash;
    },
    unconfirmed: async (txid) =>
      mempool.has(txid) || (await minedOnActiveChain(rpc, txid)) ? 'pending' : 'gone',
    goneMessage: 'unconfirmed transfer left the mempool (dropped or replaced)',
    status: () => ({ mempoolTransactions: mempool.size }),
  };
}
