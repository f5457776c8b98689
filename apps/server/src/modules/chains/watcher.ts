import { parseUnits } from '@coinlane/core/money';
import { isUtxoNetwork } from '@coinlane/core/utxo-keys';
import type { DbHandle } from '#app/db/connection.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import { flagUnminedPayments } from '#app/modules/payments/flag-unmined-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { removePaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { listMovingTransfers } from '#app/modules/transfers/list-chain-transfers.ts';
import {
  type BlockRef,
  confirmUpToTip,
  creditTransfer,
  loadWatcherCursor,
  rollBackToFork,
  type WatcherLog,
} from './chain-bookkeeping.ts';
import { createLeaderLock, type LeaderLock } from './leader-lock.ts';
import { advanceCursor, selectBlocksFrom } from './queries.ts';
import { createRpcClient, type RpcClient, RpcError } from './rpc-client.ts';
import { UNMINED_GRACE_BLOCKS } from './unmined-grace.ts';
import { createWatchedPaymentsFeed } from './watched-payments.ts';
import { createLeaderLoop, createPassHealth } from './watcher-loop.ts';

/** `value`: the amount in coins as the node wrote it (the RPC client keeps fractional numbers as text). */
type Vout = { value: string | number; n: number; scriptPubKey?: { address?: string; addresses?: string[] } };
/** An input: the outpoint it spends (none for a coinbase, or a Litecoin MWEB input). */
type Vin = { txid?: string; vout?: number };
type RawTx = { txid: string; vin?: Vin[]; vout: Vout[] };
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

/** An output of a transaction: where it pays, how much (in coins, as the node gives it). */
type Output = { address: string; n: number; value: string | number };

/** A mempool transaction the watcher has decoded: its outputs, when it first saw it, and (once asked) when the
 * node's mempool took it in (Unix seconds; null: it left the mempool before the node was asked). */
type MempoolTx = { outs: Output[]; decodedAt: number; entryTime?: number | null };

/** The watched payments of one address, newest first (an address may serve several: 009, "Matching"). */
type WatchedAddress = { decimals: number; payments: { paymentId: string; createdAt: Date }[] };

export type WatcherStatus = {
  network: string;
  mode: string;
  running: boolean;
  leader: boolean;
  nodeTip: number | null;
  processedHeight: number | null;
  lag: number | null;
  lastError: string | null;
  lastErrorAt: string | null;
  lastBlockTime: string | null;
  watchedAddresses: number;
  mempoolTransactions: number;
};

export type ChainWatcher = {
  start(): void;
  /** Stops after the current step; the cursor is persisted after every block, so a later start resumes. */
  stop(): Promise<void>;
  /** One pass (refresh watched addresses, new blocks, mempool): tests and benchmarks drive it directly. */
  tick(): Promise<void>;
  status(): WatcherStatus;
};

const BLOCK_BATCH = 4;
const TX_BATCH = 100;
/**
 * Clock slack when a transaction's first sighting (the node's mempool entry time, whole seconds, or this
 * watcher's own) is compared with a payment's creation time (the API process's clock): a payment created up to
 * this long after the transaction was first seen can still be paid by it. A payer takes longer than this to pay
 * an address they were just shown; money sent earlier to an address not yet handed out is not the new payment's.
 */
export const FIRST_SEEN_SLACK_MS = 5_000;
/**
 * A transaction first seen in a block (never in the mempool while this watcher ran) is compared by the block's
 * time, which miners may set up to two hours ahead (and behind the real time by up to the median of the last 11
 * blocks): a payment created more than two hours after the block's time was not paid by it.
 */
const BLOCK_TIME_SLACK_MS = 2 * 3600_000;

/** A node amount (decimal text; a number from a stand-in client) in base units, exactly. */
function unitsOf(value: string | number, decimals: number): bigint {
  return parseUnits(typeof value === 'number' ? value.toFixed(decimals) : value, decimals);
}

/** The outpoints a transaction spends, as '<txid>:<vout>'. */
const spendsOf = (tx: RawTx): string[] =>
  (tx.vin ?? []).flatMap((v) => (v.txid && typeof v.vout === 'number' ? [`${v.txid}:${v.vout}`] : []));

/** The addresses an output pays (Bitcoin Core 22+: `address`; older nodes and forks: `addresses`). */
function outputsOf(tx: RawTx): Output[] {
  const out: Output[] = [];
  for (const v of tx.vout) {
    const spk = v.scriptPubKey;
    if (!spk) continue;
    if (spk.address) out.push({ address: spk.address, n: v.n, value: v.value });
    else if (spk.addresses?.length === 1) out.push({ address: spk.addresses[0]!, n: v.n, value: v.value });
  }
  return out;
}

/**
 * The watcher of one UTXO network (docs/decisions/009-utxo-watcher.md). While it holds the network's leader
 * lock, every `pollMs`: refreshes the watched addresses (live payments of the network created in the last
 * `watchDays`, and open ones), scans new blocks from its cursor (`getblock <hash> 2`, or verbosity 1 plus
 * `getrawtransaction` per txid with `verbosity1Blocks` for Dogecoin Core, untested), counts confirmations, then
 * reads the mempool for 0-confirmation transfers and drops unconfirmed transfers that left it (or were replaced).
 * Every change goes through the payments module's services; transfers are unique by (network, txid, output),
 * so replaying a block after a restart or a reorganisation credits nothing twice.
 */
export function createChainWatcher({
  deps,
  dbHandle,
  chain,
  rpc = createRpcClient({ url: chain.rpcUrl }),
  log,
  pollMs = 500,
  watchDays = 7,
  startLookback = 10,
  verbosity1Blocks = chain.network === 'dogecoin',
  lock = createLeaderLock({ dbHandle, network: chain.network }),
  unminedGraceBlocks = isUtxoNetwork(chain.network) ? UNMINED_GRACE_BLOCKS[chain.network] : 6,
}: {
  deps: PaymentDeps;
  dbHandle: DbHandle;
  chain: ChainConfig;
  rpc?: RpcClient;
  log?: WatcherLog;
  pollMs?: number;
  watchDays?: number;
  /** With no cursor yet, the first block scanned is this many blocks below the node's tip. */
  startLookback?: number;
  verbosity1Blocks?: boolean;
  lock?: LeaderLock;
  /** Blocks after a payment's expiry its money seen in time may stay unmined (unmined-grace.ts). */
  unminedGraceBlocks?: number;
}): ChainWatcher {
  const db = dbHandle.db;
  const health = createPassHealth({ db, network: chain.network, log });
  const network = chain.network;

  // Watched addresses: address -> its payments, newest first. Refreshed incrementally by created_at every pass.
  let watched = new Map<string, WatchedAddress>();
  const feed = createWatchedPaymentsFeed({ db, network: chain.network, watchDays });
  // Mempool: txid -> outputs to any address (kept so a payment created after its transaction was first seen
  // still matches it, if it was created no later than that: notCreatedAfter), and when it was first seen.
  const mempool = new Map<string, MempoolTx>();
  // Outputs already logged as unassigned (txid:n), so a replayed block or mempool pass warns once.
  const unassigned = new Set<string>();

  let cursor: { height: number; hash: string } | null = null;
  let cursorLoaded = false;
  let nodeTip: number | null = null;
  let lastBlockTime: Date | null = null;
  let confirmedTip: number | null = null;

  // ---------------------------------------------------------------------------------------------------
  // Watched addresses

  /** Reads this pass's payments; returns the addresses new to the watcher or given another payment. */
  async function refreshWatched(now: Date): Promise<string[]> {
    const { full, pages } = feed.next(now);
    const next = full ? new Map<string, WatchedAddress>() : watched;
    // Addresses new to the watcher or given another payment: the mempool is matched against them again.
    const added = new Set<string>();
    for await (const rows of pages) {
      for (const r of rows) {
        let entry = next.get(r.address);
        if (!entry) {
          entry = { decimals: r.decimals, payments: [] };
          next.set(r.address, entry);
        }
        if (!entry.payments.some((p) => p.paymentId === r.id)) {
          if (!watched.get(r.address)?.payments.some((p) => p.paymentId === r.id)) added.add(r.address);
          entry.payments.unshift({ paymentId: r.id, createdAt: r.created_at }); // rows come oldest first
        }
      }
    }
    watched = next;
    return [...added];
  }

  // ---------------------------------------------------------------------------------------------------
  // Recording

  /**
   * A watched output seen in the mempool (height null) or in a block: recorded once, then kept current. A
   * transfer already recorded keeps its payment; a new one goes to the payment `findOutputPayment` picks
   * among the address's payments (newest open on a key address; exact amount on a single-address wallet), or
   * to none (logged with its txid) when a single-address wallet's output matches no payment unambiguously.
   */
  async function seen(
    match: WatchedAddress,
    txid: string,
    out: Output,
    block: BlockRef | null,
    now: Date,
    tx: { spends: readonly string[]; notCreatedAfter: Date | undefined },
  ) {
    await creditTransfer({
      deps,
      db,
      network,
      txid,
      index: out.n,
      address: out.address,
      amount: unitsOf(out.value, match.decimals),
      block,
      unassigned,
      log,
      now,
      spends: tx.spends,
      ...(tx.notCreatedAfter ? { notCreatedAfter: tx.notCreatedAfter } : {}),
    });
  }

  /**
   * The latest creation time of a payment that a transaction can pay: its first sighting plus a clock slack.
   * The node's mempool entry time when known, else when this watcher first decoded it, else (first seen in a
   * block) the block's time with the slack miners' clocks allow.
   */
  function notCreatedAfterOf(seenTx: MempoolTx | undefined, blockTime?: number): Date | undefined {
    if (seenTx?.entryTime != null) return new Date(seenTx.entryTime * 1000 + 999 + FIRST_SEEN_SLACK_MS);
    if (seenTx) return new Date(seenTx.decodedAt + FIRST_SEEN_SLACK_MS);
    if (blockTime !== undefined) return new Date(blockTime * 1000 + BLOCK_TIME_SLACK_MS);
    return undefined;
  }

  /** Asks the node when its mempool took in each of `txids` not asked before (kept on the MempoolTx). */
  async function loadEntryTimes(txids: readonly string[]) {
    const ask = txids.filter((t) => mempool.get(t)?.entryTime === undefined);
    for (let i = 0; i < ask.length; i += TX_BATCH) {
      const part = ask.slice(i, i + TX_BATCH);
      const res = await rpc.batch<{ time: number }>(
        part.map((t) => ({ method: 'getmempoolentry', params: [t] })),
      );
      for (const [j, r] of res.entries()) {
        if (r instanceof RpcError && r.code !== -5) throw r;
        const entry = mempool.get(part[j]!);
        if (entry) entry.entryTime = r instanceof RpcError ? null : Number(r.time);
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Blocks

  async function loadCursor(now: Date) {
    if (cursorLoaded) return;
    ({ cursor, lastBlockTime } = await loadWatcherCursor({ deps, db, network, now }));
    cursorLoaded = true;
  }

  async function fetchBlocks(hashes: string[]): Promise<Block[]> {
    if (!verbosity1Blocks) {
      const res = await rpc.batch<Block>(hashes.map((h) => ({ method: 'getblock', params: [h, 2] })));
      return res.map((r) => {
        if (r instanceof RpcError) throw r;
        return r;
      });
    }
    // Dogecoin Core 1.14 has no verbosity 2: the block's txids, then each transaction (untested here).
    const blocks: Block[] = [];
    for (const h of hashes) {
      const b = await rpc.call<Block>('getblock', [h, true]);
      const txids = b.tx as string[];
      const txs: RawTx[] = [];
      for (let i = 0; i < txids.length; i += TX_BATCH) {
        const res = await rpc.batch<RawTx>(
          txids.slice(i, i + TX_BATCH).map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
        );
        for (const r of res) {
          if (r instanceof RpcError) throw r;
          txs.push(r);
        }
      }
      blocks.push({ ...b, tx: txs });
    }
    return blocks;
  }

  /** The cursor's block left the best chain: back to the last stored block still in it; orphaned transfers
   * become unconfirmed (the rescan confirms them again when the new chain has them; the mempool pass drops
   * those in neither). */
  async function rewind(now: Date) {
    const stored = await selectBlocksFrom(db, network, cursor!.height);
    let fork: { height: number; hash: string } | null = null;
    for (const b of stored) {
      const h = await rpc.call<Header>('getblockheader', [b.hash]).catch(() => null);
      if (h && h.confirmations >= 0) {
        fork = { height: b.height, hash: b.hash };
        break;
      }
    }
    if (!fork) {
      // Deeper than the kept hashes: restart from the node's chain at the oldest kept height.
      const lowest = stored.at(-1)?.height ?? Math.max(0, cursor!.height - 100);
      fork = { height: lowest, hash: await rpc.call<string>('getblockhash', [lowest]) };
      log?.error({ network, height: lowest }, 'reorganisation deeper than the kept block hashes');
    }
    await rollBackToFork({ deps, db, network, cursor: cursor!, fork, log, now });
    cursor = fork;
    confirmedTip = null;
  }

  async function scanBlocks(best: string, now: Date) {
    await loadCursor(now);
    const tip = await rpc.call<Header>('getblockheader', [best]);
    nodeTip = tip.height;
    if (!cursor) {
      const height = Math.max(0, tip.height - startLookback);
      const hash = await rpc.call<string>('getblockhash', [height]);
      const header = await rpc.call<Header>('getblockheader', [hash]);
      await advanceCursor(
        db,
        network,
        { height, hash, previousHash: header.previousblockhash ?? null, time: new Date(header.time * 1000) },
        now,
      );
      cursor = { height, hash };
    }
    if (cursor.hash !== best) {
      const at = await rpc.call<Header>('getblockheader', [cursor.hash]).catch(() => null);
      if (!at || at.confirmations < 0) await rewind(now);
    }
    while (cursor.height < tip.height) {
      const heights: number[] = [];
      for (let h = cursor.height + 1; h <= tip.height && heights.length < BLOCK_BATCH; h++) heights.push(h);
      const hashes = (
        await rpc.batch<string>(heights.map((h) => ({ method: 'getblockhash', params: [h] })))
      ).map((r) => {
        if (r instanceof RpcError) throw r;
        return r;
      });
      for (const block of await fetchBlocks(hashes)) {
        if (block.previousblockhash !== cursor.hash) return; // the chain moved under us: next pass rewinds
        const confirmations = tip.height - block.height + 1;
        const ref = { height: block.height, hash: block.hash, confirmations };
        for (const tx of block.tx as RawTx[]) {
          const meta = {
            spends: spendsOf(tx),
            notCreatedAfter: notCreatedAfterOf(mempool.get(tx.txid), block.time),
          };
          for (const out of outputsOf(tx)) {
            const match = watched.get(out.address);
            if (match) await seen(match, tx.txid, out, ref, now, meta);
          }
          mempool.delete(tx.txid);
        }
        const time = new Date(block.time * 1000);
        await advanceCursor(
          db,
          network,
          { height: block.height, hash: block.hash, previousHash: block.previousblockhash ?? null, time },
          now,
        );
        cursor = { height: block.height, hash: block.hash };
        lastBlockTime = time;
      }
    }
    if (confirmedTip !== cursor.height) {
      await confirmUpToTip({ deps, db, network, tipHeight: cursor.height, now });
      const flagged = await flagUnminedPayments({
        deps,
        db,
        network,
        tipHeight: cursor.height,
        graceBlocks: unminedGraceBlocks,
        now,
      });
      if (flagged) {
        log?.info(
          { network, tip: cursor.height, payments: flagged },
          'money unmined long after the expiry: payments expired, flagged paid late',
        );
      }
      confirmedTip = cursor.height;
    }
  }

  // ---------------------------------------------------------------------------------------------------
  // Mempool

  async function scanMempool(added: readonly string[], now: Date): Promise<Set<string>> {
    const txids = await rpc.call<string[]>('getrawmempool', [false]);
    const current = new Set(txids);
    for (const txid of mempool.keys()) if (!current.has(txid)) mempool.delete(txid);
    const fresh = txids.filter((t) => !mempool.has(t));
    const decodedAt = now.getTime();
    for (let i = 0; i < fresh.length; i += TX_BATCH) {
      const res = await rpc.batch<RawTx>(
        fresh.slice(i, i + TX_BATCH).map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
      );
      const paying: RawTx[] = [];
      for (const [j, r] of res.entries()) {
        if (r instanceof RpcError) {
          if (r.code === -5) continue; // left the mempool between the two calls
          throw r;
        }
        const outs = outputsOf(r);
        mempool.set(fresh[i + j]!, { outs, decodedAt });
        if (outs.some((o) => watched.has(o.address))) paying.push(r);
      }
      if (paying.length === 0) continue;
      // Rare (it pays a watched address): when did the node's mempool take it in?
      await loadEntryTimes(paying.map((t) => t.txid));
      for (const tx of paying) {
        const meta = { spends: spendsOf(tx), notCreatedAfter: notCreatedAfterOf(mempool.get(tx.txid)) };
        for (const out of outputsOf(tx)) {
          const match = watched.get(out.address);
          if (match) await seen(match, tx.txid, out, null, now, meta);
        }
      }
    }
    if (added.length) {
      // Payments created since the last pass: their transaction may already sit in the mempool (if it entered it
      // no earlier than the payment was created: notCreatedAfter). One pass over the mempool, set lookups only.
      const addedSet = new Set(added);
      const freshSet = new Set(fresh);
      const again: string[] = [];
      for (const [txid, tx] of mempool) {
        if (!freshSet.has(txid) && tx.outs.some((o) => addedSet.has(o.address))) again.push(txid);
      }
      await loadEntryTimes(again);
      for (let i = 0; i < again.length; i += TX_BATCH) {
        // Decoded again for the outpoints it spends (not kept for the whole mempool).
        const res = await rpc.batch<RawTx>(
          again.slice(i, i + TX_BATCH).map((t) => ({ method: 'getrawtransaction', params: [t, true] })),
        );
        for (const r of res) {
          if (r instanceof RpcError) {
            if (r.code === -5) continue;
            throw r;
          }
          const meta = { spends: spendsOf(r), notCreatedAfter: notCreatedAfterOf(mempool.get(r.txid)) };
          for (const out of outputsOf(r)) {
            if (addedSet.has(out.address))
              await seen(watched.get(out.address)!, r.txid, out, null, now, meta);
          }
        }
      }
    }
    return current;
  }

  /** Unconfirmed transfers whose transaction is neither in a block we scanned nor in the mempool: dropped. */
  async function dropVanished(inMempool: Set<string>, now: Date) {
    const moving = await listMovingTransfers({ db, network });
    for (const t of moving) {
      if (t.block_hash !== null || inMempool.has(t.txid)) continue;
      // With -txindex, a transaction mined in a block not yet scanned is found: keep it for the block scan. The
      // index also keeps transactions of orphaned blocks (with their old blockhash): only a block of the active
      // chain (confirmations > 0) counts, or a transaction double-spent by a reorganisation would stay forever.
      const onChain = await rpc
        .call<{ blockhash?: string; confirmations?: number }>('getrawtransaction', [t.txid, true])
        .then((r) => !!r.blockhash && (r.confirmations ?? 0) > 0)
        .catch(() => false);
      if (onChain) continue;
      await removePaymentTransfer({ deps, db, paymentId: t.payment_id, transferId: t.id, now });
      log?.info({ network, txid: t.txid }, 'unconfirmed transfer left the mempool (dropped or replaced)');
    }
  }

  // ---------------------------------------------------------------------------------------------------

  async function tick() {
    const now = new Date();
    await health.run({
      now,
      nodeTip: () => nodeTip,
      pass: async () => {
        const added = await refreshWatched(now);
        const best = await rpc.call<string>('getbestblockhash');
        await scanBlocks(best, now);
        const inMempool = await scanMempool(added, now);
        const after = await rpc.call<string>('getbestblockhash');
        // Only when no block arrived meanwhile: a transaction missing from the mempool may be in that block.
        if (after === best && cursor?.hash === best) await dropVanished(inMempool, now);
        return null;
      },
    });
  }

  const runner = createLeaderLoop({
    lock,
    pollMs,
    tick,
    onStart: () => {
      cursorLoaded = false; // another process may have moved it while this one was stopped
      feed.reset();
    },
  });

  return {
    start: runner.start,
    stop: runner.stop,
    tick,
    status(): WatcherStatus {
      return {
        network,
        mode: chain.mode,
        running: runner.running,
        leader: lock.held,
        nodeTip,
        processedHeight: cursor?.height ?? null,
        lag: nodeTip !== null && cursor ? Math.max(0, nodeTip - cursor.height) : null,
        ...health.status(),
        lastBlockTime: lastBlockTime?.toISOString() ?? null,
        watchedAddresses: watched.size,
        mempoolTransactions: mempool.size,
      };
    },
  };
}
