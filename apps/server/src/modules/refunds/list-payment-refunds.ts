import type { TPaymentRefunds } from '@coinlane/core/api/refunds';
import { formatUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import {
  canRefund,
  paymentRefundState,
  REFUND_COMMITTED_STATUSES,
  refundableAmount,
} from '@coinlane/core/refund-status';
import type { Db } from '#app/db/connection.ts';
import { lockPaymentForRefund } from '#app/modules/payments/payment-refunds.ts';
import { expireLapsedRefunds } from './expire-lapsed-refunds.ts';
import { presentRefund } from './present-refund.ts';
import { selectPaymentRefunds, sumRefunds } from './queries.ts';

/**
 * A payment's refunds with what is refundable (GET /payments/{id}/refunds for its merchant, GET
 * /admin/transactions/{id}/refunds for an admin): confirmed money, paid refunds, what may still be refunded, and
 * every refund, oldest first. Lapsed links are expired first (in the payment's lock, like a new refund).
 */
export async function listPaymentRefunds({
  db,
  paymentId,
  owner,
  now = new Date(),
}: {
  db: Db;
  paymentId: string;
  owner?: { userId: string; mode: TMode };
  now?: Date;
}): Promise<TPaymentRefunds> {
  return db.transaction().execute(async (trx) => {
    const payment = await lockPaymentForRefund({ db: trx, paymentId, ...(owner ? { owner } : {}) });
    await expireLapsedRefunds({ db: trx, where: { paymentId }, now });
    const rows = await selectPaymentRefunds(trx, paymentId);
    const confirmed = BigInt(payment.amount_confirmed);
    const committed = await sumRefunds(trx, paymentId, REFUND_COMMITTED_STATUSES);
    const refunded = BigInt(payment.amount_refunded);
    return {
      paymentId,
      currency: payment.currency,
      confirmed: formatUnits(confirmed, payment.decimals),
      refunded: formatUnits(refunded, payment.decimals),
      refundable: formatUnits(refundableAmount({ confirmed, committed }), payment.decimals),
      refundState: paymentRefundState({ confirmed, refunded }),
      canRefund: canRefund({ status: payment.status, confirmed, committed }).ok,
      refunds: rows.map(presentRefund),
    };
  });
}
