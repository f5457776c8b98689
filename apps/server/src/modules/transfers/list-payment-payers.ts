import { type RawBuilder, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/**
 * The payer addresses of a payment's transfers that still count (not removed), as an expression to put in another
 * statement (the risk rules' read): a JSON array of each transfer's payers, in the order first seen; read it with
 * `payersOf`. Transfers whose payers are unknown add none.
 */
export const paymentPayersJson = (paymentId: string | RawBuilder<unknown>) =>
  sql<string[][] | null>`(SELECT json_agg(t.payer_addresses ORDER BY t.seen_at, t.id) FROM transfers t
    WHERE t.payment_id = ${paymentId} AND t.status <> 'removed' AND t.payer_addresses IS NOT NULL)`;

/** Each payer address once, in the order first seen, from `paymentPayersJson`'s value. */
export const payersOf = (perTransfer: readonly (readonly string[] | null)[] | null): string[] => [
  ...new Set((perTransfer ?? []).flatMap((p) => p ?? [])),
];

/**
 * The payer addresses of a payment's transfers that still count (not removed), each once, in the order first seen;
 * transfers whose payers are unknown add none. Read by the back-office (the risk rules read `paymentPayersJson`).
 */
export async function listPaymentPayers({ db, paymentId }: { db: Db; paymentId: string }): Promise<string[]> {
  const row = await db.selectNoFrom(paymentPayersJson(paymentId).as('payers')).executeTakeFirstOrThrow();
  return payersOf(row.payers);
}

/** The payer addresses and transaction ids of many payments' counted transfers, by payment id (absent: none). */
export async function listTransferTracesOfPayments({
  db,
  paymentIds,
}: {
  db: Db;
  paymentIds: readonly string[];
}): Promise<Map<string, { payers: string[]; txids: string[] }>> {
  if (paymentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('transfers')
    .select(['payment_id', 'txid', 'payer_addresses'])
    .where('payment_id', 'in', [...paymentIds])
    .where('status', '<>', 'removed')
    .orderBy('seen_at')
    .orderBy('id')
    .execute();
  const out = new Map<string, { payers: string[]; txids: string[] }>();
  for (const r of rows) {
    const t = out.get(r.payment_id) ?? { payers: [], txids: [] };
    if (!t.txids.includes(r.txid)) t.txids.push(r.txid);
    for (const p of r.payer_addresses ?? []) if (!t.payers.includes(p)) t.payers.push(p);
    out.set(r.payment_id, t);
  }
  return out;
}

/** The payments (ids, oldest first) with a counted transfer paid from one of `keys` (sanctionsKey form). */
export async function findPaymentsPaidBy({
  db,
  keys,
}: {
  db: Db;
  keys: readonly string[];
}): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('transfers')
    .select('payment_id')
    .distinct()
    .where('status', '<>', 'removed')
    .where(sql<boolean>`payer_addresses && ${sql.val([...keys])}::text[]`)
    .orderBy('payment_id')
    .execute();
  return rows.map((r) => r.payment_id);
}
