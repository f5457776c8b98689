import type { Db } from '#app/db/connection.ts';

/**
 * Updates a transfer's confirmation count (and block, when known); it becomes `confirmed` on reaching the
 * requirement. A removed transfer is left alone. Returns whether anything changed.
 */
export async function setTransferConfirmations({
  db,
  paymentId,
  transferId,
  confirmations,
  requiredConfirmations,
  blockHeight,
  blockHash,
  now,
}: {
  db: Db;
  paymentId: string;
  transferId: string;
  confirmations: number;
  requiredConfirmations: number;
  blockHeight?: number | null;
  blockHash?: string | null;
  now: Date;
}): Promise<boolean> {
  const confirmed = confirmations >= requiredConfirmations;
  const res = await db
    .updateTable('transfers')
    .set((eb) => ({
      confirmations,
      status: confirmed ? 'confirmed' : 'pending',
      confirmed_at: confirmed ? eb.fn.coalesce('confirmed_at', eb.val(now)) : null,
      ...(blockHeight !== undefined ? { block_height: blockHeight } : {}),
      ...(blockHash !== undefined ? { block_hash: blockHash } : {}),
      updated_at: now,
    }))
    .where('id', '=', transferId)
    .where('payment_id', '=', paymentId)
    .where('status', '<>', 'removed')
    .where('confirmations', '<>', confirmations)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Marks a transfer removed (its block was orphaned, or it left the mempool or was replaced). */
export async function markTransferRemoved({
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
    .set({ status: 'removed', removed_at: now, confirmations: 0, updated_at: now })
    .where('id', '=', transferId)
    .where('payment_id', '=', paymentId)
    .where('status', '<>', 'removed')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
