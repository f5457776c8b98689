import type { Db } from '#app/db/connection.ts';
import { restoreTransfer } from '#app/modules/transfers/list-chain-transfers.ts';
import type { AppliedPaymentEvent } from './apply-payment-event.ts';
import type { PaymentDeps } from './payment-deps.ts';
import { changeTransferAndReapply, restoreWithoutConflicts } from './record-payment-transfer.ts';

/**
 * A transfer removed earlier (it left the mempool, or its block was orphaned) is seen on the chain again: it
 * counts again (unconfirmed; the caller then sets its confirmations) and the payment's totals are re-applied.
 * The same row is reused, so it is still credited once. A transaction that had replaced it (same spent outpoints)
 * stops counting in the same database transaction.
 */
export async function restorePaymentTransfer({
  deps,
  db,
  paymentId,
  transferId,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  paymentId: string;
  transferId: string;
  now?: Date;
}): Promise<AppliedPaymentEvent> {
  return changeTransferAndReapply({
    deps,
    db,
    paymentId,
    now,
    change: (trx) =>
      restoreWithoutConflicts({
        deps,
        db: trx,
        paymentId,
        transferId,
        now,
        restore: () => restoreTransfer({ db: trx, paymentId, transferId, now }),
      }),
  });
}
