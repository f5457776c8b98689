import { type TTransaction, transactionStatusOf } from '@coinlane/core/api/transactions';
import { formatUnits } from '@coinlane/core/money';
import { paymentRefundState } from '@coinlane/core/refund-status';
import { forwarderOf } from '#app/modules/payments/chain-details.ts';
import type { MerchantPaymentRow } from '#app/modules/payments/find-merchant-payments.ts';
import { paymentFigures } from '#app/modules/payments/present-payment.ts';

/** A payment as the spec's Transaction row (merchant spec 3), with the payment's own status beside it. */
export function presentTransaction(row: MerchantPaymentRow): TTransaction {
  const figures = paymentFigures(row);
  return {
    id: row.id,
    txid: row.tx_hash,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    amountReceived: formatUnits(BigInt(row.amount_received), row.decimals),
    amountConfirmed: formatUnits(BigInt(row.amount_confirmed), row.decimals),
    amountExcess: figures.amountExcess,
    currency: row.currency,
    usdAmount: row.usd_amount,
    usdConfirmed: figures.usdConfirmed,
    status: transactionStatusOf(row.status),
    paymentStatus: row.status,
    exception: row.exception,
    canAccept: figures.canAccept,
    customerEmail: row.customer,
    description: row.description,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    network: row.network,
    paymentLinkId: row.payment_link_id,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    forwarder:
      forwarderOf(row) !== null
        ? { flushedAt: row.flushed_at?.toISOString() ?? null, flushTx: row.flush_tx }
        : null,
    amountRefunded: formatUnits(BigInt(row.amount_refunded), row.decimals),
    refundState: paymentRefundState({
      confirmed: BigInt(row.amount_confirmed),
      refunded: BigInt(row.amount_refunded),
    }),
  };
}
