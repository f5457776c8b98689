import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { restoreTransfer } from '#app/modules/transfers/list-chain-transfers.ts';
import { SYSTEM_ACTOR } from './actor.ts';
import { type AppliedPaymentEvent, applyPaymentEvent } from './apply-payment-event.ts';

/**
 * A transfer removed earlier (it left the mempool, or its block was orphaned) is seen on the chain again: it
 * counts again (unconfirmed; the caller then sets its confirmations) and the payment's totals are re-applied.
 * The same row is reused, so it is still credited once.
 */
export async function restorePaymentTransfer({
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
  return db.transaction().execute(async (trx) => {
    const payment = await trx
      .selectFrom('payments')
      .select('id')
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!payment) throw new AppError('NOT_FOUND', { message: T.paymentNotFound });
    await restoreTransfer({ db: trx, paymentId, transferId, now });
    return applyPaymentEvent({
      db: trx,
      paymentId,
      change: { type: 'transfers_changed' },
      actor: SYSTEM_ACTOR,
      now,
    });
  });
}
