import type { Db } from '#app/db/connection.ts';
import { findOutputPayment } from '#app/modules/payments/find-output-payment.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import {
  recordPaymentTransfer,
  updateManyPaymentConfirmations,
  updatePaymentConfirmations,
} from '#app/modules/payments/record-payment-transfer.ts';
import { restorePaymentTransfer } from '#app/modules/payments/restore-payment-transfer.ts';
import {
  type ChainTransfer,
  findChainTransfer,
  listMovingTransfers,
  listTransfersAboveHeight,
  listTransfersInBlocks,
} from '#app/modules/transfers/list-chain-transfers.ts';
import { rewindCursor, selectBlocksAbove, selectCursor } from './queries.ts';

/**
 * What the UTXO and the EVM watchers do alike with the transfers they find (docs/decisions/009 and 011): credit
 * a transfer once by its chain identity, move confirmations, roll back to a fork, and resume from the cursor.
 * Each watcher keeps what differs: how it reads the node, and when it asks for these.
 */

export type WatcherLog = {
  info: (o: object, m?: string) => void;
  warn: (o: object, m?: string) => void;
  error: (o: object, m?: string) => void;
};

/** The block a transfer was found in, with its confirmations at the scanned tip. */
export type BlockRef = { height: number; hash: string; confirmations: number };

/** A transfer's new confirmations, or (blockHeight/blockHash null) the loss of its block. */
type ConfirmationChange = { confirmations: number; blockHeight?: null; blockHash?: null };

/**
 * Applies `confirmationsOf` to transfers: one update per payment, none where it answers null, the payments in
 * batches (updateManyPaymentConfirmations).
 */
export async function setTransferConfirmations({
  deps,
  db,
  transfers,
  confirmationsOf,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  transfers: readonly ChainTransfer[];
  confirmationsOf: (t: ChainTransfer) => ConfirmationChange | null;
  now: Date;
}) {
  const byPayment = new Map<string, ({ transferId: string } & ConfirmationChange)[]>();
  for (const t of transfers) {
    const next = confirmationsOf(t);
    if (!next) continue;
    const list = byPayment.get(t.payment_id) ?? [];
    list.push({ transferId: t.id, ...next });
    byPayment.set(t.payment_id, list);
  }
  await updateManyPaymentConfirmations({
    deps,
    db,
    payments: [...byPayment].map(([paymentId, updates]) => ({ paymentId, updates })),
    now,
  });
}

/**
 * Confirmations = tip - block height + 1, for the network's transfers still below their payment's requirement
 * (the step both watchers take after scanning up to `tipHeight`).
 */
export async function confirmUpToTip({
  deps,
  db,
  network,
  tipHeight,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  network: string;
  tipHeight: number;
  now: Date;
}) {
  const moving = await listMovingTransfers({ db, network });
  await setTransferConfirmations({
    deps,
    db,
    transfers: moving,
    confirmationsOf: (t) => {
      if (t.block_height == null) return null;
      const c = tipHeight - t.block_height + 1;
      return c !== t.confirmations && c > 0 ? { confirmations: c } : null;
    },
    now,
  });
}

const LOSE_BLOCK = () => ({ confirmations: 0, blockHeight: null, blockHash: null });

/**
 * The network's stored cursor, for a watcher that starts. Transfers of a block above the cursor were recorded by
 * a process that stopped before moving the cursor past it (a leader killed in the middle of a block): when that
 * block has left the node's best chain since (`inBestChain` says no), they lose their block until the rescan from
 * the cursor finds them again (or the unconfirmed-transfer rule drops them), so no stale block keeps confirming
 * them. A block still in the best chain keeps its transfers as they are: the rescan finds them settled, and a
 * payment the killed leader confirmed is not reopened and confirmed a second time (a second payment.confirmed).
 */
export async function loadWatcherCursor({
  db,
  network,
  now,
  deps,
  inBestChain,
}: {
  db: Db;
  network: string;
  now: Date;
  deps: PaymentDeps;
  /** Whether a stored block is still in the node's best chain (the reader's `isInBestChain`). */
  inBestChain: (block: { height: number; hash: string }) => Promise<boolean>;
}) {
  const row = await selectCursor(db, network);
  const cursor = row?.height != null && row.hash ? { height: row.height, hash: row.hash } : null;
  if (cursor) {
    const ahead = await listTransfersAboveHeight({ db, network, height: cursor.height });
    const blocks = new Map<string, number>();
    for (const t of ahead)
      if (t.block_hash !== null && t.block_height !== null) blocks.set(t.block_hash, t.block_height);
    const orphaned = new Set<string>();
    for (const [hash, height] of blocks) if (!(await inBestChain({ height, hash }))) orphaned.add(hash);
    await setTransferConfirmations({
      deps,
      db,
      transfers: ahead.filter((t) => t.block_hash !== null && orphaned.has(t.block_hash)),
      confirmationsOf: LOSE_BLOCK,
      now,
    });
  }
  return { cursor, lastBlockTime: row?.last_block_time ?? null };
}

/**
 * Rolls the network back to `fork` (the last stored block still on the node's chain): transfers of the blocks
 * above it and of the cursor's block lose their block (their payments re-applied: a payment those blocks
 * confirmed is open again), and the cursor moves to the fork.
 */
export async function rollBackToFork({
  deps,
  db,
  network,
  cursor,
  fork,
  log,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  network: string;
  cursor: { height: number; hash: string };
  fork: { height: number; hash: string };
  log?: WatcherLog;
  now: Date;
}) {
  const orphaned = (await selectBlocksAbove(db, network, fork.height)).map((b) => b.hash);
  if (!orphaned.includes(cursor.hash)) orphaned.push(cursor.hash);
  const transfers = await listTransfersInBlocks({ db, network, blockHashes: orphaned });
  await setTransferConfirmations({ deps, db, transfers, confirmationsOf: LOSE_BLOCK, now });
  await rewindCursor(db, network, fork, now);
  log?.warn(
    { network, from: cursor.height, fork: fork.height, transfers: transfers.length },
    'chain reorganisation: rolled back to the fork point',
  );
}

/**
 * One incoming transfer (an output, a native transfer or a token Transfer log) to a watched address, in a block
 * or (UTXO) in the mempool. A transfer (network, txid, index) seen for the first time goes to the payment
 * `findOutputPayment` names (UTXO: among the payments created by `notCreatedAfter`, when the transaction was
 * first seen), or is left unassigned and logged once (`unassigned` remembers it); one seen before keeps its
 * payment: a removed one is restored, and its block and confirmations follow `block` (a transfer already
 * confirmed in this very block is left alone). UTXO `spends` (the outpoints the transaction spends) are recorded
 * with it, and the unconfirmed transfers of conflicting transactions removed in the same database transaction.
 */
export async function creditTransfer({
  deps,
  db,
  network,
  txid,
  index,
  address,
  amount,
  currency,
  block,
  unassigned,
  log,
  now,
  spends,
  notCreatedAfter,
  payers,
}: {
  deps: PaymentDeps;
  db: Db;
  network: string;
  txid: string;
  index: number;
  address: string;
  amount: bigint;
  /** EVM: the coin (an address may serve payments in several); UTXO networks have one coin. */
  currency?: string;
  block: BlockRef | null;
  unassigned: Set<string>;
  log?: WatcherLog;
  now: Date;
  /** UTXO: the outpoints ('<txid>:<vout>') the transaction spends. */
  spends?: readonly string[];
  /** UTXO: the latest creation time of a payment this output can be for (its transaction's first sighting). */
  notCreatedAfter?: Date;
  /** The payer addresses the family found (absent: unknown); stored on the transfer when it is first recorded. */
  payers?: readonly string[];
}) {
  if (amount <= 0n) return;
  const existing = await findChainTransfer({ db, network, txid, outputIndex: index });
  if (!existing) {
    const target = await findOutputPayment({
      db,
      network,
      address,
      amount,
      ...(currency ? { currency } : {}),
      ...(notCreatedAfter ? { notCreatedAfter } : {}),
      now,
    });
    if (!target.paymentId) {
      const key = `${txid}:${index}`;
      if (!unassigned.has(key)) {
        unassigned.add(key);
        log?.warn(
          { network, txid, index, address, amount: amount.toString(), target },
          target.rule === 'predates_payments'
            ? 'transfer first seen before any payment of its address was created: left unassigned'
            : 'transfer to a shared address matches no payment unambiguously: left unassigned',
        );
      }
      return;
    }
    const recorded = await recordPaymentTransfer({
      deps,
      db,
      paymentId: target.paymentId,
      transfer: {
        txid,
        outputIndex: index,
        amount,
        confirmations: block?.confirmations ?? 0,
        blockHeight: block?.height ?? null,
        blockHash: block?.hash ?? null,
        seenAt: now,
        ...(spends ? { spends } : {}),
        ...(payers ? { payers } : {}),
      },
      now,
    });
    for (const r of recorded.replaced) {
      log?.info(
        { network, txid: r.txid, by: txid },
        'unconfirmed transfer replaced by a conflicting transaction (fee bump or double spend)',
      );
    }
    return;
  }
  if (existing.status === 'removed') {
    await restorePaymentTransfer({ deps, db, paymentId: existing.payment_id, transferId: existing.id, now });
    existing.confirmations = 0;
    existing.block_hash = null;
  }
  const settled = existing.status === 'confirmed' && existing.block_hash === block?.hash;
  if (
    block &&
    !settled &&
    (existing.block_hash !== block.hash || existing.confirmations !== block.confirmations)
  ) {
    await updatePaymentConfirmations({
      deps,
      db,
      paymentId: existing.payment_id,
      updates: [
        {
          transferId: existing.id,
          confirmations: block.confirmations,
          blockHeight: block.height,
          blockHash: block.hash,
        },
      ],
      now,
    });
  }
}
