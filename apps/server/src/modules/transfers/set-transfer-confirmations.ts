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

/**
 * New confirmation counts for some of a payment's transfers (a transfer becomes `confirmed` on reaching the
 * requirement; a removed one, or one already at its count, is left alone), and the
 * totals of the payment's counted transfers as they then stand (getTransferTotals), in one statement: a block that
 * confirms a payment costs one round trip fewer. Call inside the payment's transaction, with the payment locked
 * (every write of its transfers takes that lock first): the transfers this statement does not update are read as
 * they were before it, which is as they are.
 */
export async function setConfirmationsAndSumTransfers({
  db,
  paymentId,
  updates,
  requiredConfirmations,
  now,
}: {
  db: Db;
  paymentId: string;
  updates: readonly ConfirmationUpdate[];
  requiredConfirmations: number;
  now: Date;
}): Promise<TransferTotals> {
  if (updates.length === 0) throw new Error('setConfirmationsAndSumTransfers: no update');
  const changes = sql.join(
    updates.map(
      (u) =>
        sql`(${u.transferId}::text, ${u.confirmations}::integer, ${u.blockHeight !== undefined}::boolean, ${
          u.blockHeight ?? null
        }::bigint, ${u.blockHash !== undefined}::boolean, ${u.blockHash ?? null}::text)`,
    ),
  );
  // Rows the UPDATE changed come from its RETURNING; the others from the statement's snapshot (a CTE's writes are
  // not visible to the rest of its statement).
  const { rows } = await sql<{ txid: string; amount: string; confirmations: number; is_late: boolean }>`
    WITH c (id, confirmations, set_height, block_height, set_hash, block_hash) AS (VALUES ${changes}),
    u AS (
      UPDATE transfers t SET
        confirmations = c.confirmations,
        status = CASE WHEN c.confirmations >= ${requiredConfirmations}::integer THEN 'confirmed' ELSE 'pending' END,
        confirmed_at = CASE WHEN c.confirmations >= ${requiredConfirmations}::integer
          THEN coalesce(t.confirmed_at, ${now}::timestamptz) END,
        block_height = CASE WHEN c.set_height THEN c.block_height ELSE t.block_height END,
        block_hash = CASE WHEN c.set_hash THEN c.block_hash ELSE t.block_hash END,
        updated_at = ${now}::timestamptz
      FROM c
      WHERE t.id = c.id AND t.payment_id = ${paymentId} AND t.status <> 'removed'
        AND t.confirmations <> c.confirmations
      RETURNING t.id, t.txid, t.amount, t.confirmations, t.is_late, t.seen_at
    )
    SELECT txid, amount::text AS amount, confirmations, is_late FROM (
      SELECT id, txid, amount, confirmations, is_late, seen_at FROM u
      UNION ALL
      SELECT id, txid, amount, confirmations, is_late, seen_at FROM transfers
      WHERE payment_id = ${paymentId} AND status <> 'removed' AND id NOT IN (SELECT id FROM u)
    ) AS counted
    ORDER BY seen_at, id`.execute(db);
  return sumTransfers(rows, requiredConfirmations);
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
