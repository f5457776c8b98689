import { AppError } from '@coinlane/core/errors';
import { type TRefundEvent, transitionRefund } from '@coinlane/core/refund-status';
import { T } from '@coinlane/core/texts';
import type { Updateable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { RefundsTable } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import { setPaymentRefunded } from '#app/modules/payments/payment-refunds.ts';
import { presentRefund } from './present-refund.ts';
import { type RefundRow, selectRefund, sumRefunds } from './queries.ts';

/** Who changed a refund, for its audit row: an admin, the merchant's session or API key, the customer, the watcher. */
export type RefundActor = {
  type: 'admin' | 'user' | 'api_key' | 'system';
  id: string | null;
  ip: string | null;
};
export const WATCHER_ACTOR: RefundActor = { type: 'system', id: null, ip: null };

/**
 * The one place a refund's status changes (decision 022): the pure machine of core/refund-status.ts decides, then,
 * in the caller's transaction (the refund row locked by it), the row with `patch`, an audit row refund.<event>
 * (before and after), the outbox events the machine emits (payload: the refund as the API shows it), and, when the
 * refund becomes paid or stops being paid, the payment's sum of paid refunds. INVALID_STATE when the event does not
 * apply.
 */
export async function applyRefundEvent({
  db,
  refund,
  event,
  patch = {},
  actor,
  now,
}: {
  db: Db;
  refund: RefundRow;
  event: TRefundEvent;
  patch?: Updateable<RefundsTable>;
  actor: RefundActor;
  now: Date;
}): Promise<RefundRow> {
  const t = transitionRefund(refund.status, event);
  if (!t.ok) throw new AppError('INVALID_STATE', { message: T.refundNotOpen });
  await db
    .updateTable('refunds')
    .set({ ...patch, status: t.status, updated_at: now })
    .where('id', '=', refund.id)
    .execute();
  const after = (await selectRefund(db, refund.id))!;
  if ((refund.status === 'paid') !== (after.status === 'paid')) {
    const refunded = await sumRefunds(db, refund.payment_id, ['paid']);
    await setPaymentRefunded({ db, paymentId: refund.payment_id, refunded, now });
  }
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: `refund.${event.type}`,
    entityType: 'refund',
    entityId: refund.id,
    mode: refund.mode,
    before: auditView(refund),
    after: auditView(after),
    ip: actor.ip,
  });
  for (const type of t.emit) {
    await writeOutboxEvent({
      db,
      userId: refund.user_id,
      mode: refund.mode,
      type,
      entityType: 'refund',
      entityId: refund.id,
      payload: presentRefund(after),
    });
  }
  return after;
}

/** What an audit row keeps of a refund (no token hash). */
export const auditView = (r: RefundRow) => ({
  status: r.status,
  paymentId: r.payment_id,
  amount: r.amount,
  currency: r.currency,
  network: r.network,
  address: r.address,
  txid: r.paid_txid,
  outputIndex: r.paid_output_index,
  blockHeight: r.paid_block_height,
});
