import { AppError } from '@coinlane/core/errors';
import { canExpire, isFinal } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { TransferRow } from '#app/modules/transfers/queries.ts';
import { type NewTransfer, recordTransfer } from '#app/modules/transfers/record-transfer.ts';
import {
  markTransferRemoved,
  setTransferConfirmations,
} from '#app/modules/transfers/set-transfer-confirmations.ts';
import { type PaymentActor, SYSTEM_ACTOR } from './actor.ts';
import { type AppliedPaymentEvent, applyPaymentEvent } from './apply-payment-event.ts';
import { paymentState } from './present-payment.ts';

/**
 * A chain (a watcher, or the test network) saw a transfer to a payment's address. In one transaction: the
 * payment expires first if its window passed, the transfer is stored (late when the payment had already
 * closed; a duplicate is ignored), and the payment's totals are re-applied.
 */
export async function recordPaymentTransfer({
  db,
  paymentId,
  transfer,
  actor = SYSTEM_ACTOR,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  transfer: NewTransfer;
  actor?: PaymentActor;
  now?: Date;
}): Promise<AppliedPaymentEvent & { transfer: TransferRow; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx
      .selectFrom('payments')
      .selectAll()
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!locked) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    let payment = locked;
    if (payment.expires_at.getTime() <= now.getTime() && canExpire(paymentState(payment))) {
      payment = (
        await applyPaymentEvent({ db: trx, paymentId, change: { type: 'expiry_reached' }, actor, now })
      ).payment;
    }
    const closed = isFinal(payment) && payment.status !== 'confirmed';
    const { row, created } = await recordTransfer({
      db: trx,
      payment,
      transfer,
      isLate: closed,
      requiredConfirmations: payment.required_confirmations,
    });
    const applied = await applyPaymentEvent({
      db: trx,
      paymentId,
      change: { type: 'transfers_changed' },
      actor,
      now,
    });
    return { ...applied, transfer: row, created };
  });
}

/**
 * New confirmation counts for some of a payment's transfers (a watcher's new block, the test network's
 * clock), applied in one transaction with the payment's new totals.
 */
export async function updatePaymentConfirmations({
  db,
  paymentId,
  updates,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  updates: readonly {
    transferId: string;
    confirmations: number;
    blockHeight?: number | null;
    blockHash?: string | null;
  }[];
  now?: Date;
}): Promise<AppliedPaymentEvent> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select(['id', 'required_confirmations'])
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    for (const u of updates) {
      await setTransferConfirmations({
        db: trx,
        paymentId,
        transferId: u.transferId,
        confirmations: u.confirmations,
        requiredConfirmations: payment.required_confirmations,
        blockHeight: u.blockHeight,
        blockHash: u.blockHash,
        now,
      });
    }
    return applyPaymentEvent({
      db: trx,
      paymentId,
      change: { type: 'transfers_changed' },
      actor: SYSTEM_ACTOR,
      now,
    });
  });
}

/**
 * A transfer is gone from the chain (its block was orphaned in a reorganisation, or it left the mempool or
 * was replaced): it stops counting, and the payment's totals are re-applied (partial or pending again).
 */
export async function removePaymentTransfer({
  db,
  paymentId,
  transferId,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  transferId: string;
  now?: Date;
}): Promise<AppliedPaymentEvent> {
  return changeTransferAndReapply({
    db,
    paymentId,
    now,
    change: (trx) => markTransferRemoved({ db: trx, paymentId, transferId, now }),
  });
}

/**
 * Changes one transfer of a payment and re-applies the payment's totals, in one transaction with the payment
 * row locked: the shared path of removing a transfer (reorg, mempool drop) and restoring it.
 */
export async function changeTransferAndReapply({
  db,
  paymentId,
  now,
  change,
}: {
  db: Db;
  paymentId: string;
  now: Date;
  change: (trx: Db) => Promise<unknown>;
}): Promise<AppliedPaymentEvent> {
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select('id')
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    await change(trx);
    return applyPaymentEvent({
      db: trx,
      paymentId,
      change: { type: 'transfers_changed' },
      actor: SYSTEM_ACTOR,
      now,
    });
  });
}
