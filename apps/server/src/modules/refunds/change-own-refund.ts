import { randomBytes } from 'node:crypto';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { applyRefundEvent, type RefundActor } from './apply-refund-event.ts';
import { expireLapsedRefunds } from './expire-lapsed-refunds.ts';
import { type RefundRow, selectRefund } from './queries.ts';

/**
 * The merchant's own refund changed by the merchant (session or API key with write): `cancel` an open one (awaiting
 * its address or its payment; its amount is free again), or, in test mode only, `simulate` the refund transfer the
 * test network has no chain for: a refund awaiting payment becomes paid with a random transaction id, as the
 * watcher would mark it from the chain. Another merchant's refund, or one of the other mode, is NOT_FOUND.
 */
export async function changeOwnRefund({
  db,
  userId,
  mode,
  refundId,
  action,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  refundId: string;
  action: 'cancel' | 'simulate';
  actor: RefundActor;
  now?: Date;
}): Promise<RefundRow> {
  if (action === 'simulate' && mode !== 'test') {
    throw new AppError('FORBIDDEN', { message: T.refundSimulateTestOnly });
  }
  return db.transaction().execute(async (trx) => {
    const found = await selectRefund(trx, refundId);
    if (!found || found.user_id !== userId || found.mode !== mode) {
      throw new AppError('NOT_FOUND', { message: T.refundNotFound });
    }
    await expireLapsedRefunds({ db: trx, where: { id: refundId }, now });
    const refund = (await selectRefund(trx, refundId, { forUpdate: true }))!;
    if (action === 'cancel') {
      return applyRefundEvent({
        db: trx,
        refund,
        event: { type: 'cancel' },
        patch: { canceled_at: now },
        actor,
        now,
      });
    }
    if (refund.status !== 'awaiting_payment') {
      throw new AppError('INVALID_STATE', { message: T.refundSimulateNotAwaiting });
    }
    return applyRefundEvent({
      db: trx,
      refund,
      event: { type: 'paid_on_chain' },
      patch: {
        paid_txid: randomBytes(32).toString('hex'),
        paid_output_index: 0,
        paid_amount: refund.amount,
        paid_at: now,
      },
      actor,
      now,
    });
  });
}
