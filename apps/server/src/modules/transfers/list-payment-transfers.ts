import type { TTransfer } from '@coinlane/core/api/payments';
import { formatUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import type { TransferRow } from './queries.ts';

export const presentTransfer = (t: TransferRow): TTransfer => ({
  id: t.id,
  txid: t.txid,
  outputIndex: t.output_index,
  amount: formatUnits(BigInt(t.amount), t.decimals),
  confirmations: t.confirmations,
  status: t.status,
  late: t.is_late,
  blockHeight: t.block_height,
  seenAt: t.seen_at.toISOString(),
  confirmedAt: t.confirmed_at?.toISOString() ?? null,
});

/** A payment's transfers, oldest first (the caller has checked the payment's owner). */
export async function listPaymentTransfers({ db, paymentId }: { db: Db; paymentId: string }) {
  return (await listTransfersOfPayments({ db, paymentIds: [paymentId] })).get(paymentId) ?? [];
}

/** The transfers of several payments in one read, by payment id, each payment's oldest first (absent: none). */
export async function listTransfersOfPayments({
  db,
  paymentIds,
}: {
  db: Db;
  paymentIds: readonly string[];
}): Promise<Map<string, TransferRow[]>> {
  const out = new Map<string, TransferRow[]>();
  if (paymentIds.length === 0) return out;
  const rows = await db
    .selectFrom('transfers')
    .selectAll()
    .where('payment_id', 'in', [...paymentIds])
    .orderBy('seen_at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.payment_id);
    if (list) list.push(r);
    else out.set(r.payment_id, [r]);
  }
  return out;
}
