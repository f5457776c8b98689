import { type TTransaction, transactionStatusOf } from '@coinlane/core/api/transactions';
import { formatUnits } from '@coinlane/core/money';
import type { MerchantPaymentRow } from '#app/modules/payments/find-merchant-payments.ts';

/** A payment as the spec's Transaction row (merchant spec 3), with the payment's own status beside it. */
export function presentTransaction(row: MerchantPaymentRow): TTransaction {
  return {
    id: row.id,
    txid: row.tx_hash,
    amount: formatUnits(BigInt(row.amount), row.decimals),
    amountReceived: formatUnits(BigInt(row.amount_received), row.decimals),
    currency: row.currency,
    usdAmount: row.usd_amount,
    status: transactionStatusOf(row.status),
    paymentStatus: row.status,
    exception: row.exception,
    customerEmail: row.customer,
    description: row.description,
    confirmations: row.confirmations,
    requiredConfirmations: row.required_confirmations,
    network: row.network,
    paymentLinkId: row.payment_link_id,
    createdAt: row.created_at.toISOString(),
    confirmedAt: row.confirmed_at?.toISOString() ?? null,
    forwarder:
      row.deposit_salt !== null
        ? { flushedAt: row.flushed_at?.toISOString() ?? null, flushTx: row.flush_tx }
        : null,
  };
}
