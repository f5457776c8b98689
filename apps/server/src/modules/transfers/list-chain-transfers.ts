import type { Db } from '#app/db/connection.ts';

export type ChainTransfer = {
  id: string;
  payment_id: string;
  txid: string;
  output_index: number;
  confirmations: number;
  block_height: number | null;
  block_hash: string | null;
  status: 'pending' | 'confirmed' | 'removed';
};

const COLUMNS = [
  'id',
  'payment_id',
  'txid',
  'output_index',
  'confirmations',
  'block_height',
  'block_hash',
  'status',
] as const;

/** A network's live transfers, to narrow down. */
const liveTransfers = (db: Db, network: string) =>
  db.selectFrom('transfers').select(COLUMNS).where('network', '=', network).where('mode', '=', 'live');

/** A network's live transfers still below their payment's required confirmations (in a block or not). */
export async function listMovingTransfers({
  db,
  network,
}: {
  db: Db;
  network: string;
}): Promise<ChainTransfer[]> {
  return liveTransfers(db, network).where('status', '=', 'pending').execute();
}

/** A network's live transfers (not removed) recorded in any of the given blocks. */
export async function listTransfersInBlocks({
  db,
  network,
  blockHashes,
}: {
  db: Db;
  network: string;
  blockHashes: readonly string[];
}): Promise<ChainTransfer[]> {
  if (blockHashes.length === 0) return [];
  return liveTransfers(db, network)
    .where('status', '<>', 'removed')
    .where('block_hash', 'in', blockHashes)
    .execute();
}

/**
 * A network's live transfers (not removed) recorded in blocks above `height`: after a restart, those of a block
 * whose processing a crash interrupted before the cursor moved past it.
 */
export async function listTransfersAboveHeight({
  db,
  network,
  height,
}: {
  db: Db;
  network: string;
  height: number;
}): Promise<ChainTransfer[]> {
  return liveTransfers(db, network)
    .where('status', '<>', 'removed')
    .where('block_height', '>', height)
    .execute();
}

/** One transfer by its chain identity (network, txid, output index), removed or not. */
export async function findChainTransfer({
  db,
  network,
  txid,
  outputIndex,
}: {
  db: Db;
  network: string;
  txid: string;
  outputIndex: number;
}): Promise<ChainTransfer | undefined> {
  return db
    .selectFrom('transfers')
    .select(COLUMNS)
    .where('network', '=', network)
    .where('txid', '=', txid)
    .where('output_index', '=', outputIndex)
    .executeTakeFirst();
}

/**
 * A removed transfer is back on the chain (a dropped transaction re-broadcast, or mined after all): it counts
 * again, unconfirmed until its block is known. Returns whether it was removed. Call in the payment's transaction.
 */
export async function restoreTransfer({
  db,
  paymentId,
  transferId,
  now,
}: {
  db: Db;
  paymentId: string;
  transferId: string;
  now: Date;
}): Promise<boolean> {
  const res = await db
    .updateTable('transfers')
    .set({
      status: 'pending',
      removed_at: null,
      confirmations: 0,
      block_height: null,
      block_hash: null,
      updated_at: now,
    })
    .where('id', '=', transferId)
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'removed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
