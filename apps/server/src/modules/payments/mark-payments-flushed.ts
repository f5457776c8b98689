import type { Db } from '#app/db/connection.ts';

/**
 * Records that a mined flush moved these payments' forwarders to their merchants (decision 010): the payment shows
 * flushedAt / flushTx, and only a confirmed transfer in a block at or after `blockNumber` makes it due again. Call
 * in the transaction that finalises the flush.
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
  txHash: string;
  blockNumber: number;
  at: Date;
}): Promise<number> {
  if (paymentIds.length === 0) return 0;
  const result = await db
    .updateTable('payments')
    .set({
      flushed_at: at,
      flush_tx: txHash,
      flush_block: blockNumber,
      flush_attempts: 0,
      flush_retry_at: null,
      updated_at: at,
    })
    .where('id', 'in', [...paymentIds])
    .where('deposit_salt', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
