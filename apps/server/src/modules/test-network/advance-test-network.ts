import type { Db } from '#app/db/connection.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { updateManyPaymentConfirmations } from '#app/modules/payments/record-payment-transfer.ts';

/** Batches of payments confirmed side by side within one tick (each its own transaction and pooled connection). */
const LANES = 4;

/**
 * One tick of the test network's clock (scheduler): every unconfirmed test transfer has as many
 * confirmations as whole blocks of `blockSeconds` have passed since it was seen, up to its payment's
 * requirement. The payments changed are re-applied in batches (updateManyPaymentConfirmations: a few statements and
 * one transaction per batch), up to four batches at a time. Returns the payments updated.
 */
export async function advanceTestNetwork({
  deps,
  db,
  now = new Date(),
  blockSeconds,
  limit = 1000,
}: {
  deps: PaymentDeps;
  db: Db;
  now?: Date;
  blockSeconds: number;
  limit?: number;
}): Promise<number> {
  const rows = await db
    .selectFrom('transfers')
    .innerJoin('payments', 'payments.id', 'transfers.payment_id')
    .select([
      'transfers.id as transferId',
      'transfers.payment_id as paymentId',
      'transfers.confirmations',
      'transfers.seen_at as seenAt',
      'payments.required_confirmations as required',
    ])
    .where('transfers.mode', '=', 'test')
    .where('transfers.status', '=', 'pending')
    .orderBy('transfers.seen_at')
    .limit(limit)
    .execute();
  const blockMs = blockSeconds * 1000;
  const byPayment = new Map<string, { transferId: string; confirmations: number }[]>();
  for (const r of rows) {
    const blocks = Math.floor((now.getTime() - r.seenAt.getTime()) / blockMs);
    const confirmations = Math.min(r.required, Math.max(0, blocks));
    if (confirmations <= r.confirmations) continue;
    const list = byPayment.get(r.paymentId) ?? [];
    list.push({ transferId: r.transferId, confirmations });
    byPayment.set(r.paymentId, list);
  }
  // On PostgreSQL the batches share out the pool's connections; on PGlite they queue for its one connection.
  await updateManyPaymentConfirmations({
    deps,
    db,
    payments: [...byPayment].map(([paymentId, updates]) => ({ paymentId, updates })),
    now,
    lanes: LANES,
  });
  return byPayment.size;
}
