import type { TTransferTotals } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';

export type TransferTotals = TTransferTotals & {
  /** The most recent counted transfer's txid (the payment's txHash), or null. */
  latestTxid: string | null;
};

/**
 * Sums a payment's transfers, exactly (numeric in PostgreSQL, bigint here): received (not removed),
 * confirmed (with the required confirmations), late (first seen after the payment closed).
 */
export async function getTransferTotals({
  db,
  paymentId,
  requiredConfirmations,
}: {
  db: Db;
  paymentId: string;
  requiredConfirmations: number;
}): Promise<TransferTotals> {
  const rows = await db
    .selectFrom('transfers')
    .select(['txid', 'amount', 'confirmations', 'is_late'])
    .where('payment_id', '=', paymentId)
    .where('status', '<>', 'removed')
    .orderBy('seen_at')
    .orderBy('id')
    .execute();
  return sumTransfers(rows, requiredConfirmations);
}

/** The totals of a payment's counted transfers (not removed), given in the order they were seen. */
export function sumTransfers(
  rows: readonly { txid: string; amount: string; confirmations: number; is_late: boolean }[],
  requiredConfirmations: number,
): TransferTotals {
  let received = 0n;
  let confirmed = 0n;
  let late = 0n;
  let confirmations = rows.length ? Number.POSITIVE_INFINITY : 0;
  for (const r of rows) {
    const amount = BigInt(r.amount);
    received += amount;
    if (r.confirmations >= requiredConfirmations) confirmed += amount;
    if (r.is_late) late += amount;
    confirmations = Math.min(confirmations, r.confirmations);
  }
  return { received, confirmed, late, confirmations, latestTxid: rows.at(-1)?.txid ?? null };
}
