import type { Db, DbHandle } from '#app/db/connection.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { removePaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import {
  listRefundsPaidAbove,
  payRefundFromTransfer,
  reopenRefunds,
  startWatchingRefunds,
} from '#app/modules/refunds/refund-transfers.ts';
import { listMovingTransfers } from '#app/modules/transfers/list-chain-transfers.ts';
import {
  type BlockRef,
  confirmUpToTip,
  creditTransfer,
  loadWatcherCursor,
  rollBackToFork,
  type WatcherLog,
} from './chain-bookkeeping.ts';
import type { ChainReader, ChainTip, IncomingTransfer, PassContext, ScannedBlock } from './chain-reader.ts';
import { createLeaderLock, type LeaderLock } from './leader-lock.ts';
import { advanceCursor, selectBlocksFrom } from './queries.ts';
import { createWatchedAddresses, type WatchedAddresses } from './watched-addresses.ts';
import { createLeaderLoop, createPassHealth } from './watcher-loop.ts';

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

/** The options every family's watcher takes (besides its reader's). */
export type WatcherOptions = {
  /** The payments module as this server is built (its lifecycle hooks run when a credit changes a payment). */
  deps: PaymentDeps;
  dbHandle: DbHandle;
  chain: ChainConfig;
  log?: WatcherLog;
  pollMs?: number;
  /** Live payments created this many days back are watched (and open ones of any age). */
  watchDays?: number;
  /** With no cursor yet, the first block scanned is this many blocks below the node's tip. */
  startLookback?: number;
  lock?: LeaderLock;
};

/** Live payments created this many days back are watched by default (and open ones of any age). */
export const DEFAULT_WATCH_DAYS = 7;

type Cursor = { height: number; hash: string };

/** What the watcher keeps between passes (the rest is in the database, or the reader's own). */
type ScanState = {
  cursor: Cursor | null;
  /** Read from the database at the first pass after a start (another process may have moved it meanwhile). */
  cursorLoaded: boolean;
  nodeTip: number | null;
  lastBlockTime: Date | null;
  /** The tip at which confirmations were last counted (null: count again). */
  confirmedTip: number | null;
};

/** One network's scan: its reader, database, watched set and state, shared by the steps below. */
type Scan = {
  deps: PaymentDeps;
  db: Db;
  network: string;
  reader: ChainReader;
  log: WatcherLog | undefined;
  startLookback: number;
  watched: WatchedAddresses;
  /** Reads the refunds awaiting payment into the watched set again (after a rollback reopened some). */
  refreshRefunds: () => Promise<void>;
  /** Whether a watched refund has no start height yet. */
  hasUnstartedRefunds: () => boolean;
  /** Outputs already logged as unassigned (txid:index), so a replayed block or mempool pass warns once. */
  unassigned: Set<string>;
  state: ScanState;
};

/**
 * The watcher of one network, of any family (docs/architecture.md, "Chain watchers"; decisions 009 and 011).
 * While it holds the network's leader lock, every `pollMs`: the family's node checks, the watched addresses
 * refreshed, new blocks scanned from the cursor (a reorganisation rewinds it to the fork first), confirmations
 * counted at each new tip, the mempool where the family has one, unconfirmed transfers the node no longer has
 * removed once the pass reached the tip, then the family's own work. Every change goes through the payments
 * module's services; transfers are unique by (network, txid, index), so a replayed block credits nothing twice.
 */
export function createWatcher({
  deps,
  dbHandle,
  chain,
  reader,
  log,
  pollMs = 500,
  watchDays = DEFAULT_WATCH_DAYS,
  startLookback = 10,
  lock = createLeaderLock({ dbHandle, network: chain.network }),
}: WatcherOptions & { reader: ChainReader }): ChainWatcher {
  const db = dbHandle.db;
  const network = chain.network;
  const health = createPassHealth({ db, network, log });
  const keyOf = reader.addressKey?.bind(reader);
  const watchedSet = createWatchedAddresses({ db, network, watchDays, ...(keyOf ? { keyOf } : {}) });
  const state: ScanState = {
    cursor: null,
    cursorLoaded: false,
    nodeTip: null,
    lastBlockTime: null,
    confirmedTip: null,
  };
  const scan: Scan = {
    deps,
    db,
    network,
    reader,
    log,
    startLookback,
    watched: watchedSet.view,
    refreshRefunds: watchedSet.refreshRefunds,
    hasUnstartedRefunds: watchedSet.hasUnstartedRefunds,
    unassigned: new Set(),
    state,
  };

  async function tick() {
    const now = new Date();
    await health.run({
      now,
      nodeTip: () => state.nodeTip,
      pass: () => runPass(scan, watchedSet, now),
      logFailure: (err, text) => {
        const fields = reader.failureLogFields?.(err);
        if (fields) log?.error(fields, text);
        else log?.error({ network, err }, 'watcher pass failed');
      },
    });
  }

  const runner = createLeaderLoop({
    lock,
    pollMs,
    tick,
    onStart: () => {
      state.cursorLoaded = false; // another process may have moved it while this one was stopped
      watchedSet.reset();
    },
  });

  return {
    start: runner.start,
    stop: runner.stop,
    tick,
    status(): WatcherStatus {
      const { cursor, nodeTip, lastBlockTime } = state;
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
        watchedAddresses: scan.watched.size,
        ...reader.status(),
      };
    },
  };
}

/** One pass; returns the family's standing problem (the reported error while scanning goes on), if any. */
async function runPass(
  scan: Scan,
  watchedSet: ReturnType<typeof createWatchedAddresses>,
  now: Date,
): Promise<string | null> {
  const { reader, state } = scan;
  await reader.checkNode?.(now);
  const added = await watchedSet.refresh(now, reader.scanMempool !== undefined);
  await loadCursor(scan, now);
  const tip = await reader.tip();
  state.nodeTip = tip.height;
  await scanBlocks(scan, tip, now);
  // The mempool's transfers are first seen when the mempool is read, not when the pass began: the block scan before
  // it can take seconds (a loaded machine, a long catch-up), and a transaction that entered the mempool after a
  // payment's expiry would otherwise be counted on time because the pass started before it.
  if (reader.scanMempool) {
    const seenAt = new Date();
    await reader.scanMempool({ now: seenAt, watched: scan.watched, credit: creditWith(scan, seenAt), added });
  }
  const pass: PassContext = { now, watched: scan.watched, credit: creditWith(scan, now) };
  if (state.cursor && (await reader.reachedTip(tip, state.cursor))) await dropVanished(scan, now);
  await reader.afterPass?.({ ...pass, cursor: state.cursor, tip: tip.height });
  return reader.standingProblem?.() ?? null;
}

/**
 * Crediting through chain-bookkeeping: a transfer seen again keeps its payment and is never counted twice. A transfer
 * to the address of refunds awaiting payment (decision 022) goes to them instead, once it is in a block (a pending
 * one waits for its block), and is never credited to a payment.
 */
function creditWith(scan: Scan, now: Date) {
  return async (t: IncomingTransfer, block: BlockRef | null) => {
    const refunds = scan.watched.get(t.address)?.refunds;
    if (refunds?.length) {
      if (!block) return;
      const paid = await payRefundFromTransfer({
        db: scan.db,
        network: scan.network,
        refundIds: refunds.map((r) => r.refundId),
        transfer: {
          txid: t.txid,
          index: t.index,
          amount: t.amount,
          // UTXO transfers carry no coin: the network's own (the refunds'); EVM ones name theirs.
          currency: t.currency ?? refunds[0]!.currency,
          contract: t.currency ? contractOf(scan, t.currency) : null,
          blockHeight: block.height,
          blockHash: block.hash,
        },
        now,
      });
      if (paid)
        scan.log?.info({ network: scan.network, refund: paid.id, txid: t.txid }, 'refund paid on chain');
      return;
    }
    return creditTransfer({
      deps: scan.deps,
      db: scan.db,
      network: scan.network,
      txid: t.txid,
      index: t.index,
      address: t.address,
      amount: t.amount,
      ...(t.currency ? { currency: t.currency } : {}),
      block,
      unassigned: scan.unassigned,
      log: scan.log,
      now,
      ...(t.spends ? { spends: t.spends } : {}),
      ...(t.notCreatedAfter ? { notCreatedAfter: t.notCreatedAfter } : {}),
      ...(t.payers ? { payers: t.payers } : {}),
    });
  };
}

/** The token contract (lower case) of a watched coin, null for the network's native coin. */
function contractOf(scan: Scan, currency: string): string | null {
  for (const [contract, coin] of scan.watched.contracts) if (coin === currency) return contract;
  return null;
}

async function loadCursor(scan: Scan, now: Date) {
  if (scan.state.cursorLoaded) return;
  const { cursor, lastBlockTime } = await loadWatcherCursor({
    deps: scan.deps,
    db: scan.db,
    network: scan.network,
    now,
    inBestChain: (block) => scan.reader.isInBestChain(block),
  });
  scan.state.cursor = cursor;
  scan.state.lastBlockTime = lastBlockTime;
  if (cursor) await reopenOrphanedRefunds(scan, cursor.height, now);
  scan.state.cursorLoaded = true;
}

/**
 * Refunds paid in a block above a restored cursor (recorded by a process that stopped before moving the cursor past
 * it) whose block is no longer on the node's best chain go back to awaiting payment; the rescan pays them again.
 */
async function reopenOrphanedRefunds(scan: Scan, height: number, now: Date) {
  const paid = await listRefundsPaidAbove({ db: scan.db, network: scan.network, height });
  const gone: string[] = [];
  for (const r of paid) {
    const block = { height: r.paid_block_height!, hash: r.paid_block_hash! };
    if (!(await scan.reader.isInBestChain(block))) gone.push(r.id);
  }
  if (gone.length) await reopenRefunds({ db: scan.db, network: scan.network, ids: gone, now });
}

/** With no cursor yet, the scan starts `startLookback` blocks below the node's tip. */
async function startCursor(scan: Scan, tip: ChainTip, now: Date): Promise<Cursor> {
  const height = Math.max(0, tip.height - scan.startLookback);
  const b = await scan.reader.blockAt(height);
  if (!b) throw new Error(`no block ${height} on the node`);
  await advanceCursor(
    scan.db,
    scan.network,
    { height, hash: b.hash, previousHash: b.parentHash, time: b.time },
    now,
  );
  return { height, hash: b.hash };
}

/**
 * The cursor's block left the node's best chain: back to the last stored block still in it. Transfers of the
 * orphaned blocks lose their block (the rescan confirms them again when the new chain has them; those in neither
 * the new chain nor the node's pending transactions are then removed).
 */
async function rewind(scan: Scan, cursor: Cursor, now: Date): Promise<Cursor> {
  const { db, network, reader, log } = scan;
  const stored = await selectBlocksFrom(db, network, cursor.height);
  let fork: Cursor | null = null;
  for (const b of stored) {
    if (await reader.isInBestChain(b)) {
      fork = { height: b.height, hash: b.hash };
      break;
    }
  }
  if (!fork) {
    // Deeper than the kept hashes: restart from the node's chain at the oldest kept height.
    const lowest = Math.max(0, stored.at(-1)?.height ?? cursor.height - 100);
    const b = await reader.blockAt(lowest);
    if (!b) throw new Error(`no block ${lowest} on the node while rolling back a reorganisation`);
    fork = { height: lowest, hash: b.hash };
    log?.error({ network, height: lowest }, 'reorganisation deeper than the kept block hashes');
  }
  await rollBackToFork({ deps: scan.deps, db, network, cursor, fork, log, now });
  // Refunds paid in the orphaned blocks await their payment again, and are watched again in this pass's rescan.
  if (await reopenRefunds({ db, network, above: fork.height, now })) await scan.refreshRefunds();
  scan.state.confirmedTip = null;
  return fork;
}

/** New blocks from the cursor up to `tip`, then confirmations at the tip reached. */
async function scanBlocks(scan: Scan, tip: ChainTip, now: Date) {
  const { reader, state } = scan;
  let cursor = state.cursor ?? (await startCursor(scan, tip, now));
  state.cursor = cursor;
  if (cursor.hash !== tip.hash && !(await reader.isInBestChain(cursor))) {
    cursor = await rewind(scan, cursor, now);
    state.cursor = cursor;
  }
  // Refunds watched from here on: only transfers in blocks above the cursor pay them (decision 022).
  if (scan.hasUnstartedRefunds()) {
    await startWatchingRefunds({ db: scan.db, network: scan.network, height: cursor.height });
  }
  const credit = creditWith(scan, now);
  while (state.cursor.height < tip.height) {
    const from = state.cursor.height + 1;
    const to = Math.min(tip.height, state.cursor.height + reader.blocksPerRead(scan.watched));
    const blocks = await reader.readBlocks({
      from,
      to,
      parentHash: state.cursor.hash,
      watched: scan.watched,
    });
    if (!blocks) return; // the chain moved under the read: the next pass rewinds
    for (const block of blocks) {
      if (block.parentHash !== state.cursor.hash) return; // likewise
      await recordBlock(scan, block, tip.height, credit, now);
    }
  }
  if (state.confirmedTip !== state.cursor.height) {
    await confirmUpToTip({
      deps: scan.deps,
      db: scan.db,
      network: scan.network,
      tipHeight: state.cursor.height,
      now,
    });
    await reader.afterConfirmations?.(state.cursor.height, now);
    state.confirmedTip = state.cursor.height;
  }
}

/** A block's transfers credited, then the cursor moved past it (a crash in between replays it harmlessly). */
async function recordBlock(
  scan: Scan,
  block: ScannedBlock,
  tipHeight: number,
  credit: PassContext['credit'],
  now: Date,
) {
  const ref: BlockRef = {
    height: block.height,
    hash: block.hash,
    confirmations: tipHeight - block.height + 1,
  };
  for (const t of block.transfers) await credit(t, ref);
  const { height, hash, parentHash, time } = block;
  await advanceCursor(scan.db, scan.network, { height, hash, previousHash: parentHash, time }, now);
  scan.state.cursor = { height, hash };
  scan.state.lastBlockTime = time;
  scan.reader.blockScanned?.(block);
}

/**
 * After a pass that reached the tip: a transfer still without a block (unconfirmed, or orphaned by a
 * reorganisation and not re-mined) whose transaction the node no longer has is removed (dropped, replaced).
 */
async function dropVanished(scan: Scan, now: Date) {
  const { db, network, reader, log } = scan;
  for (const t of await listMovingTransfers({ db, network })) {
    if (t.block_hash !== null) continue;
    const fate = await reader.unconfirmed(t.txid);
    if (fate === 'pending') continue;
    await removePaymentTransfer({ deps: scan.deps, db, paymentId: t.payment_id, transferId: t.id, now });
    if (fate === 'gone') log?.info({ network, txid: t.txid }, reader.goneMessage);
  }
}
