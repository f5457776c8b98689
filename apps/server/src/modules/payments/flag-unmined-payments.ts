import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { SYSTEM_ACTOR } from './actor.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import type { PaymentDeps } from './payment-deps.ts';

/**
 * A UTXO watcher's step at each new tip (docs/decisions/009-utxo-watcher.md, "Review 2026-11-25"): a payment
 * whose full amount was seen in time waits for its confirmations past its expiry, but not for ever.
 * 1. A live payment of the network past its expiry whose money seen in time covers its amount gets
 *    `expiry_height` = this tip, the first the watcher processes after the expiry (once).
 * 2. When `graceBlocks` blocks have passed from that one on (it counts) and some of its money is still in no
 *    block, that money counts as late (its transfers flagged `is_late`), in one transaction per payment: the
 *    payment is expired with `paid_late` and keeps showing the money (payment.expired). Mined later, the money
 *    stays late: the payer cannot wait and see where the price goes.
 * Returns how many payments were flagged.
 */
export async function flagUnminedPayments({
  deps,
  db,
  network,
  tipHeight,
  graceBlocks,
  now,
}: {
  deps: PaymentDeps;
  db: Db;
  network: string;
  tipHeight: number;
  graceBlocks: number;
  now: Date;
}): Promise<number> {
  await db
    .updateTable('payments')
    .set({ expiry_height: tipHeight })
    .where('status', 'in', ['pending', 'partial'])
    .where('expires_at', '<=', now)
    .where('mode', '=', 'live')
    .where('network', '=', network)
    .where('expiry_height', 'is', null)
    .where(sql<boolean>`amount_received - amount_late >= amount`)
    .execute();
  const due = await db
    .selectFrom('payments')
    .select('id')
    .where('status', 'in', ['pending', 'partial'])
    .where('expires_at', '<=', now)
    .where('mode', '=', 'live')
    .where('network', '=', network)
    .where('expiry_height', '<=', tipHeight - graceBlocks + 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('transfers')
          .select('transfers.id')
          .whereRef('transfers.payment_id', '=', 'payments.id')
          .where('transfers.status', '=', 'pending')
          .where('transfers.block_hash', 'is', null)
          .where('transfers.is_late', '=', false),
      ),
    )
    .orderBy('expiry_height')
    .limit(500)
    .execute();
  let flagged = 0;
  for (const { id } of due) {
    const changed = await db.transaction().execute(async (trx) => {
      await trx.selectFrom('payments').select('id').where('id', '=', id).forUpdate().execute();
      const res = await trx
        .updateTable('transfers')
        .set({ is_late: true, updated_at: now })
        .where('payment_id', '=', id)
        .where('status', '=', 'pending')
        .where('block_hash', 'is', null)
        .where('is_late', '=', false)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await applyPaymentEvent({
        deps,
        db: trx,
        paymentId: id,
        change: { type: 'transfers_changed' },
        actor: SYSTEM_ACTOR,
        now,
      });
      return true;
    });
    if (changed) flagged++;
  }
  return flagged;
}
