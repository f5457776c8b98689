import { transferPaysRefund } from '@coinlane/core/refund-status';
import type { Db } from '#app/db/connection.ts';
import { applyRefundEvent, WATCHER_ACTOR } from './apply-refund-event.ts';
import { type RefundRow, selectRefund } from './queries.ts';

/**
 * What the chain watcher does with refunds (decision 022; modules/chains/generic-watcher.ts calls these): the live
 * refunds awaiting payment on its network are watched like payment addresses; a transfer to one of their addresses
 * in a block is matched here, never credited to a payment; a reorganisation that takes the paying block away puts
 * the refund back to awaiting_payment.
 */

/** A watched refund: its address and coin (the watcher adds its address to the watched set). */
export type WatchedRefund = {
  id: string;
  address: string;
  currency: string;
  contract: string | null;
  decimals: number;
  /** Null until the watcher first watched the address (startWatchingRefunds). */
  watchFromHeight: number | null;
};

/** The network's live refunds awaiting payment (each pass: a handful at most). */
export async function listWatchedRefunds({
  db,
  network,
}: {
  db: Db;
  network: string;
}): Promise<WatchedRefund[]> {
  const rows = await db
    .selectFrom('refunds')
    .select(['id', 'address', 'currency', 'contract_address', 'decimals', 'watch_from_height'])
    .where('network', '=', network)
    .where('mode', '=', 'live')
    .where('status', '=', 'awaiting_payment')
    .orderBy('created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    address: r.address!,
    currency: r.currency,
    contract: r.contract_address?.toLowerCase() ?? null,
    decimals: r.decimals,
    watchFromHeight: r.watch_from_height,
  }));
}

/**
 * The watcher's cursor when it first watches a refund's address: only transfers in later blocks pay it ("after the
 * request": a block the watcher had already scanned, or rescans after a rollback below it, never does).
 */
export async function startWatchingRefunds({
  db,
  network,
  height,
}: {
  db: Db;
  network: string;
  height: number;
}) {
  await db
    .updateTable('refunds')
    .set({ watch_from_height: height })
    .where('network', '=', network)
    .where('mode', '=', 'live')
    .where('status', '=', 'awaiting_payment')
    .where('watch_from_height', 'is', null)
    .execute();
}

/**
 * A transfer in a block to the address of watched refunds (`refundIds`, oldest first): the first of them still
 * awaiting payment that it pays (its coin, at least its amount, in a block after the watch began) becomes paid with
 * the transfer's hash. Exactly once: a transfer that already paid a refund (the same block or, after a
 * reorganisation, another) pays nothing more; it only moves that refund's block. Returns the refund paid, if any.
 */
export async function payRefundFromTransfer({
  db,
  network,
  refundIds,
  transfer,
  now,
}: {
  db: Db;
  network: string;
  refundIds: readonly string[];
  transfer: {
    txid: string;
    index: number;
    amount: bigint;
    currency: string;
    contract: string | null;
    blockHeight: number;
    blockHash: string;
  };
  now: Date;
}): Promise<RefundRow | null> {
  return db.transaction().execute(async (trx) => {
    const already = await trx
      .selectFrom('refunds')
      .select('id')
      .where('network', '=', network)
      .where('paid_txid', '=', transfer.txid)
      .where('paid_output_index', '=', transfer.index)
      .executeTakeFirst();
    if (already) {
      await trx
        .updateTable('refunds')
        .set({
          paid_block_height: transfer.blockHeight,
          paid_block_hash: transfer.blockHash,
          updated_at: now,
        })
        .where('id', '=', already.id)
        .where('paid_block_hash', '!=', transfer.blockHash)
        .execute();
      return null;
    }
    for (const id of refundIds) {
      const r = await selectRefund(trx, id, { forUpdate: true });
      if (r?.status !== 'awaiting_payment' || r.network !== network || r.mode !== 'live') continue;
      const pays = transferPaysRefund(
        {
          amount: BigInt(r.amount),
          currency: r.currency,
          contract: r.contract_address?.toLowerCase() ?? null,
          watchFromHeight: r.watch_from_height,
        },
        { ...transfer, contract: transfer.contract?.toLowerCase() ?? null },
      );
      if (!pays) continue;
      return applyRefundEvent({
        db: trx,
        refund: r,
        event: { type: 'paid_on_chain' },
        patch: {
          paid_txid: transfer.txid,
          paid_output_index: transfer.index,
          paid_block_height: transfer.blockHeight,
          paid_block_hash: transfer.blockHash,
          paid_amount: transfer.amount.toString(),
          paid_at: now,
        },
        actor: WATCHER_ACTOR,
        now,
      });
    }
    return null;
  });
}

/** The network's live refunds paid in a block above `height`, with that block (the watcher checks them). */
export const listRefundsPaidAbove = ({ db, network, height }: { db: Db; network: string; height: number }) =>
  db
    .selectFrom('refunds')
    .select(['id', 'paid_block_height', 'paid_block_hash'])
    .where('network', '=', network)
    .where('mode', '=', 'live')
    .where('status', '=', 'paid')
    .where('paid_block_height', '>', height)
    .execute();

/**
 * Refunds paid in a block that left the chain go back to awaiting_payment (refund.reversed): `height`, every refund
 * paid above the fork; `ids`, those refunds. The rescan of the new chain pays them again if the transfer is in it.
 */
export async function reopenRefunds({
  db,
  network,
  above,
  ids,
  now,
}: {
  db: Db;
  network: string;
  above?: number;
  ids?: readonly string[];
  now: Date;
}): Promise<number> {
  const targets =
    ids ??
    (above === undefined
      ? []
      : (await listRefundsPaidAbove({ db, network, height: above })).map((r) => r.id));
  let n = 0;
  for (const id of targets) {
    await db.transaction().execute(async (trx) => {
      const r = await selectRefund(trx, id, { forUpdate: true });
      if (r?.status !== 'paid' || r.network !== network) return;
      await applyRefundEvent({
        db: trx,
        refund: r,
        event: { type: 'reversed' },
        patch: {
          paid_txid: null,
          paid_output_index: null,
          paid_block_height: null,
          paid_block_hash: null,
          paid_amount: null,
          paid_at: null,
        },
        actor: WATCHER_ACTOR,
        now,
      });
      n++;
    });
  }
  return n;
}
