import { AppError } from '@coinlane/core/errors';
import {
  type TPaymentEvent,
  type TPaymentEventType,
  type TPaymentState,
  transitionPayment,
} from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { recordPlatformFee, voidPlatformFee } from '#app/modules/fees/record-platform-fee.ts';
import { notifyPaymentChanged } from '#app/modules/live/notify-payment-changed.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import { completePaymentLink, reopenPaymentLink } from '#app/modules/payment-links/complete-payment-link.ts';
import { getTransferTotals } from '#app/modules/transfers/get-transfer-totals.ts';
import type { PaymentActor } from './actor.ts';
import { enqueuePaymentReversedMail } from './payment-reversed-mail.ts';
import { paymentState, presentPayment } from './present-payment.ts';
import type { PaymentRow } from './queries.ts';

/**
 * What happened to a payment. `transfers_changed` carries no totals: they are summed here, from the
 * transfers table, inside the same transaction.
 */
export type PaymentChange =
  | { type: 'created' }
  | { type: 'transfers_changed' }
  | { type: 'expiry_reached' }
  | { type: 'cancel' };

export type AppliedPaymentEvent = { payment: PaymentRow; changed: boolean; emitted: TPaymentEventType[] };

const snapshot = (s: TPaymentState) => ({
  status: s.status,
  exception: s.exception,
  amount_received: s.received.toString(),
  amount_confirmed: s.confirmed.toString(),
  amount_late: s.late.toString(),
});

/**
 * THE one function that changes a payment's state. Every change (creation, a transfer seen, confirmed or
 * removed, expiry, cancellation) comes through here and, in one transaction with the payment row locked:
 * 1. asks the core state machine (transitionPayment) for the new state;
 * 2. writes it to the payment row;
 * 3. writes an audit row when the status, exception or amounts change (not for a mere confirmation count);
 * 4. writes the outbox events the machine emitted, in order, with the payment as it now is;
 * 5. on confirmation: completes the payment's link and records the platform fee (again, after a reversal);
 * 6. on reversal (a reorganisation took back its confirmation): voids the platform fee, reopens the link the
 *    payment had completed, and queues the mail to the merchant (a job: no mail is sent inside a transaction).
 * Runs in the caller's transaction when given one (db.isTransaction), else in its own.
 */
export async function applyPaymentEvent({
  db,
  paymentId,
  change,
  actor,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  change: PaymentChange;
  actor: PaymentActor;
  now?: Date;
}): Promise<AppliedPaymentEvent> {
  const run = async (trx: Db): Promise<AppliedPaymentEvent> => {
    const row = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    const before = paymentState(row);

    let event: TPaymentEvent;
    let latestTxid = row.tx_hash;
    if (change.type === 'transfers_changed') {
      const totals = await getTransferTotals({
        db: trx,
        paymentId,
        requiredConfirmations: row.required_confirmations,
      });
      latestTxid = totals.latestTxid;
      event = { type: 'transfers_changed', totals, pastExpiry: row.expires_at.getTime() <= now.getTime() };
    } else if (change.type === 'expiry_reached') {
      if (row.expires_at.getTime() > now.getTime()) return { payment: row, changed: false, emitted: [] };
      event = change;
    } else {
      event = change;
    }

    const t = transitionPayment(before, event);
    if (t.refused === 'not_cancellable') {
      throw new AppError('INVALID_STATE', { message: T.paymentNotCancellable(row.status) });
    }

    let payment = row;
    if (t.changed || latestTxid !== row.tx_hash) {
      const s = t.state;
      payment = await trx
        .updateTable('payments')
        .set({
          status: s.status,
          exception: s.exception,
          amount_received: s.received.toString(),
          amount_confirmed: s.confirmed.toString(),
          amount_late: s.late.toString(),
          confirmations: s.confirmations,
          tx_hash: latestTxid,
          failure_reason: change.type === 'cancel' ? 'cancelled' : row.failure_reason,
          // Un-confirmed by a reorganisation: no confirmation time until the chain confirms it again, and a new
          // count of the blocks its money may stay unmined past the expiry (flag-unmined-payments.ts).
          confirmed_at: s.status === 'confirmed' ? (row.confirmed_at ?? now) : null,
          ...(row.status === 'confirmed' && s.status !== 'confirmed' ? { expiry_height: null } : {}),
          updated_at: now,
        })
        .where('id', '=', paymentId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }

    const material = JSON.stringify(snapshot(before)) !== JSON.stringify(snapshot(t.state));
    if (material || change.type === 'created') {
      await recordAudit({
        db: trx,
        actorId: actor.id,
        actorType: actor.type,
        action: `payment.${change.type}`,
        entityType: 'payment',
        entityId: paymentId,
        mode: row.mode,
        before: change.type === 'created' ? null : snapshot(before),
        after: snapshot(t.state),
        ip: actor.ip,
      });
    }

    if (t.emit.length) {
      const payload = presentPayment(payment);
      for (const type of t.emit) {
        await writeOutboxEvent({
          db: trx,
          userId: row.user_id,
          mode: row.mode,
          type,
          entityType: 'payment',
          entityId: paymentId,
          payload,
        });
      }
    }

    // Live updates: every committed change of the row (confirmations too) reaches the WebSocket sockets of
    // every server process through LISTEN/NOTIFY; delivered at commit, dropped on rollback.
    if (payment !== row || t.emit.length) {
      await notifyPaymentChanged({ db: trx, paymentId, userId: row.user_id, mode: row.mode });
    }

    if (t.emit.includes('payment.confirmed')) {
      if (payment.payment_link_id) {
        await completePaymentLink({ db: trx, linkId: payment.payment_link_id, paymentId, now, actor });
      }
      await recordPlatformFee({ db: trx, payment, actor });
    }
    if (t.emit.includes('payment.reversed')) {
      await voidPlatformFee({ db: trx, paymentId, actor, now });
      if (payment.payment_link_id) {
        await reopenPaymentLink({ db: trx, linkId: payment.payment_link_id, paymentId, now, actor });
      }
      await enqueuePaymentReversedMail({ db: trx, payment, now });
    }
    return { payment, changed: t.changed, emitted: t.emit };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}
