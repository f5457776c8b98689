import type { IncomingTransfer, PassContext } from '#app/modules/chains/chain-reader.ts';
import { type RpcClient, RpcError } from '#app/modules/chains/rpc-client.ts';
import type { UtxoPayers } from './utxo-payers.ts';
import {
  type MempoolTx,
  notCreatedAfterOf,
  outputsOf,
  type RawTx,
  transfersOf,
} from './utxo-transactions.ts';

const TX_BATCH = 100;
/**
 * How long a transaction that left the mempool keeps its first sighting. Mined, it leaves the mempool before the
 * watcher may have scanned its block (a block can arrive between a pass's block scan and its mempool read): the
 * block scan must still find when it was first seen, else it would fall back to the block's time and credit money
 * sent before the address was handed out. Forgotten when its block is scanned, or after this (dropped, replaced).
 */
const LEFT_MEMPOOL_KEEP_MS = 3600_000;

/** The node's answers to `getrawtransaction` of `txids`, in batches; those that left the mempool meanwhile skipped. */
async function* decode(
  rpc: RpcClient,
  txids: readonly string[],
): AsyncGenerator<{ txid: string; tx: RawTx }[]> {
  for (let i = 0; i < txids.length; i += TX_BATCH) {
    const part = txids.slice(i, i + TX_BATCH);
    const res = await rpc.batch<RawTx>(part.map((t) => ({ method: 'getrawtransaction', params: [t, true] })));
    const found: { txid: string; tx: RawTx }[] = [];
    for (const [j, r] of res.entries()) {
      if (r instanceof RpcError) {
        if (r.code === -5) continue; // left the mempool between the two calls
        throw r;
      }
      found.push({ txid: part[j]!, tx: r });
    }
    yield found;
  }
}

/** Asks the node when its mempool took in each of `txids` not asked before (kept on their MempoolTx). */
async function loadEntryTimes(rpc: RpcClient, txs: ReadonlyMap<string, MempoolTx>, txids: readonly string[]) {
  const ask = txids.filter((t) => txs.get(t)?.entryTime === undefined);
  for (let i = 0; i < ask.length; i += TX_BATCH) {
    const part = ask.slice(i, i + TX_BATCH);
    const res = await rpc.batch<{ time: number }>(
      part.map((t) => ({ method: 'getmempoolentry', params: [t] })),
    );
    for (const [j, r] of res.entries()) {
      if (r instanceof RpcError && r.code !== -5) throw r;
      const entry = txs.get(part[j]!);
      if (entry) entry.entryTime = r instanceof RpcError ? null : Number(r.time);
    }
  }
}

/**
 * A UTXO node's mempool as the watcher sees it (decision 009): every transaction decoded once (`getrawmempool`,
 * then `getrawtransaction` for new txids only, in batches of 100), its outputs kept, so a payment created after
 * its transaction was first seen still matches it if it was created no later than that (`notCreatedAfter`).
 */
export function createUtxoMempool({
  rpc,
  payers,
  keyOf = (address) => address,
}: {
  rpc: RpcClient;
  payers?: UtxoPayers;
  /** The watched set's key of an address as the node writes it (the reader's `addressKey`). */
  keyOf?: (address: string) => string;
}) {
  const withPayers = (tx: RawTx, found: IncomingTransfer[]) =>
    payers ? payers.withPayers(tx, found) : Promise.resolve(found);
  /** txid -> outputs to any address and when it was first seen. */
  const txs = new Map<string, MempoolTx>();
  /** The txids of the last `getrawmempool` (decoded or not). */
  let current = new Set<string>();

  /** New mempool transactions: decoded and kept; those paying a watched address credited unconfirmed. */
  async function scanFresh(fresh: readonly string[], { watched, now, credit }: PassContext) {
    const decodedAt = now.getTime();
    for await (const batch of decode(rpc, fresh)) {
      const paying: RawTx[] = [];
      for (const { txid, tx } of batch) {
        const outs = outputsOf(tx);
        txs.set(txid, { outs, decodedAt });
        if (outs.some((o) => watched.get(o.address))) paying.push(tx);
      }
      if (paying.length === 0) continue;
      // Rare (it pays a watched address): when did the node's mempool take it in?
      await loadEntryTimes(
        rpc,
        txs,
        paying.map((t) => t.txid),
      );
      for (const tx of paying) {
        const found = transfersOf(tx, watched, notCreatedAfterOf(txs.get(tx.txid)));
        for (const t of await withPayers(tx, found)) await credit(t, null);
      }
    }
  }

  /**
   * Payments created since the last pass: their transaction may already sit in the mempool (if it entered it no
   * earlier than the payment was created: notCreatedAfter). One pass over the mempool, set lookups only.
   * `added` holds watched-set keys: an output's address is compared by its key.
   */
  async function matchAdded(added: readonly string[], fresh: readonly string[], pass: PassContext) {
    const addedSet = new Set(added);
    const isAdded = (address: string) => addedSet.has(keyOf(address));
    const freshSet = new Set(fresh);
    const again: string[] = [];
    for (const [txid, tx] of txs) {
      if (current.has(txid) && !freshSet.has(txid) && tx.outs.some((o) => isAdded(o.address)))
        again.push(txid);
    }
    await loadEntryTimes(rpc, txs, again);
    // Decoded again for the outpoints it spends (not kept for the whole mempool).
    for await (const batch of decode(rpc, again)) {
      for (const { tx } of batch) {
        const notCreatedAfter = notCreatedAfterOf(txs.get(tx.txid));
        const found = transfersOf(tx, pass.watched, notCreatedAfter, isAdded);
        for (const t of await withPayers(tx, found)) await pass.credit(t, null);
      }
    }
  }

  return {
    /** When a transaction was first seen in the mempool, if it was (a block's transaction is matched by it). */
    seen: (txid: string) => txs.get(txid),
    /** A transaction mined in a scanned block leaves the view. */
    forget: (txid: string) => txs.delete(txid),
    /** Whether the last read of the mempool had it. */
    has: (txid: string) => current.has(txid),
    get size() {
      return txs.size;
    },
    async scan(pass: PassContext & { added: readonly string[] }) {
      const txids = await rpc.call<string[]>('getrawmempool', [false]);
      current = new Set(txids);
      const nowMs = pass.now.getTime();
      for (const [txid, tx] of txs) {
        if (current.has(txid)) tx.leftAt = undefined;
        else if (tx.leftAt === undefined) tx.leftAt = nowMs;
        else if (nowMs - tx.leftAt > LEFT_MEMPOOL_KEEP_MS) txs.delete(txid);
      }
      const fresh = txids.filter((t) => !txs.has(t));
      await scanFresh(fresh, pass);
      if (pass.added.length) await matchAdded(pass.added, fresh, pass);
    },
  };
}

export type UtxoMempool = ReturnType<typeof createUtxoMempool>;
