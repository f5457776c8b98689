import type { Db } from '#app/db/connection.ts';

/**
 * Records that a mined flush moved these payments' forwarders to their merchants (decision 010), in their
 * payment_flushes rows and the payments' updated_at: the payment shows flushedAt / flushTx, and only a confirmed
 * transfer in a block at or after `blockNumber` makes it due again. Call in the transaction that finalises the
 * flush. `txHash` null: the flush job found the forwarder already empty at block `blockNumber - 1` (the merchant
 * moved it themselves); nothing was sent.
 */
export async function markPaymentsFlushed({
  db,
  paymentIds,
  txHash,
  blockNumber,
  at,
}: {
  db: Db;
  paymentIds: readonly string[];
  txHash: string | null;
  blockNumber: number;
  at: Date;
}): Promise<number> {
  if (paymentIds.length === 0) return 0;
  // only forwarder payments have a payment_flushes row
  const flushed = await db
    .updateTable('payment_flushes')
    .set({
      flushed_at: at,
      flush_tx: txHash,
      flush_block: blockNumber,
      flush_attempts: 0,
      flush_retry_at: null,
      flush_batch_max: null,
      flush_deferred_block: null,
    })
    .where('payment_id', 'in', [...paymentIds])
    .returning('payment_id')
    .execute();
  if (flushed.length === 0) return 0;
  await db
    .updateTable('payments')
    .set({ updated_at: at })
    .where(
      'id',
      'in',
      flushed.map((r) => r.payment_id),
    )
    .execute();
  return flushed.length;
}
