import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { sumTransfers, type TransferTotals } from './get-transfer-totals.ts';

/** A new confirmation count for one transfer (and its block, when known: undefined leaves it as it is). */
export type ConfirmationUpdate = {
  transferId: string;
  confirmations: number;
  blockHeight?: number | null;
  blockHash?: string | null;
};

/** One payment's part of a block's confirmations (setConfirmationsAndSumTransfers). */
export type PaymentConfirmationUpdates = {
  paymentId: string;
  updates: readonly ConfirmationUpdate[];
  requiredConfirmations: number;
};

/**
 * New confirmation counts for some of the transfers of one or more payments (a block; a transfer becomes `confirmed`
 * on reaching its payment's requirement; a removed one, or one already at its count, is left alone), and the totals
 * of each payment's counted transfers as they then stand (as getTransferTotals reads them), by payment id, in one
 * statement. Call inside one transaction holding every one of these payments locked (every write of a payment's
 * transfers takes its lock first): the transfers this statement does not update are read as they were before it,
 * which is as they are.
 */
export async function setConfirmationsAndSumTransfers({
  db,
  payments,
  now,
}: {
  db: Db;
  payments: readonly PaymentConfirmationUpdates[];
  now: Date;
}): Promise<Map<string, TransferTotals>> {
  const changes = payments.flatMap((p) => {
    if (p.updates.length === 0) throw new Error('setConfirmationsAndSumTransfers: no update');
    return p.updates.map(
      (u) =>
        sql`(${p.paymentId}::text, ${u.transferId}::text, ${u.confirmations}::integer, ${p.requiredConfirmations}::integer, ${
          u.blockHeight !== undefined
        }::boolean, ${u.blockHeight ?? null}::bigint, ${u.blockHash !== undefined}::boolean, ${u.blockHash ?? null}::text)`,
    );
  });
  const ids = payments.map((p) => p.paymentId);
  // Rows the UPDATE changed come from its RETURNING; the others from the statement's snapshot (a CTE's writes are
  // not visible to the rest of its statement).
  const { rows } = await sql<{
    payment_id: string;
    txid: string;
    amount: string;
    confirmations: number;
    is_late: boolean;
  }>`
    WITH c (payment_id, id, confirmations, required, set_height, block_height, set_hash, block_hash) AS (
      VALUES ${sql.join(changes)}
    ),
    u AS (
      UPDATE transfers t SET
        confirmations = c.confirmations,
        status = CASE WHEN c.confirmations >= c.required THEN 'confirmed' ELSE 'pending' END,
        confirmed_at = CASE WHEN c.confirmations >= c.required THEN coalesce(t.confirmed_at, ${now}::timestamptz) END,
        block_height = CASE WHEN c.set_height THEN c.block_height ELSE t.block_height END,
        block_hash = CASE WHEN c.set_hash THEN c.block_hash ELSE t.block_hash END,
        updated_at = ${now}::timestamptz
      FROM c
      WHERE t.id = c.id AND t.payment_id = c.payment_id AND t.status <> 'removed'
        AND t.confirmations <> c.confirmations
      RETURNING t.id, t.payment_id, t.txid, t.amount, t.confirmations, t.is_late, t.seen_at
    )
    SELECT payment_id, txid, amount::text AS amount, confirmations, is_late FROM (
      SELECT id, payment_id, txid, amount, confirmations, is_late, seen_at FROM u
      UNION ALL
      SELECT id, payment_id, txid, amount, confirmations, is_late, seen_at FROM transfers
      WHERE payment_id = ANY(${ids}::text[]) AND status <> 'removed' AND id NOT IN (SELECT id FROM u)
    ) AS counted
    ORDER BY payment_id, seen_at, id`.execute(db);
  const byPayment = new Map<string, (typeof rows)[number][]>();
  for (const r of rows) {
    const list = byPayment.get(r.payment_id);
    if (list) list.push(r);
    else byPayment.set(r.payment_id, [r]);
  }
  return new Map(
    payments.map((p) => [
      p.paymentId,
      sumTransfers(byPayment.get(p.paymentId) ?? [], p.requiredConfirmations),
    ]),
  );
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
