import {
  adminTransactionStatusWithRefunds,
  type TAdminTransaction,
} from '@coinlane/core/api/admin-transactions';
import { formatUnits } from '@coinlane/core/money';
import { paymentRefundState } from '@coinlane/core/refund-status';
import type { MerchantPaymentRow } from '#app/modules/payments/find-merchant-payments.ts';

/** Risk of a payment: the score and flags the rule set stored on it (modules/risk; 5 and none until scored). */
export const riskOf = (payment: MerchantPaymentRow): { riskScore: number; fraudFlags: string[] } => ({
  riskScore: payment.risk_score,
  fraudFlags: [...(payment.fraud_flags ?? [])],
});

/** A payment as a row of Transaction Management (admin spec 3), the payment's own status and exception beside. */
export function presentAdminTransaction(
  row: MerchantPaymentRow,
  merchant: { id: string; label: string },
): TAdminTransaction {
  const coins = (units: string) => formatUnits(BigInt(units), row.decimals);
  const refundState = refundStateOf(row);
  return {
    id: row.id,
    mode: row.mode,
    customerEmail: row.customer,
    merchant: { id: merchant.id, label: merchant.label },
    amountUsd: row.usd_amount,
    cryptoAmount: coins(row.amount),
    amountReceived: coins(row.amount_received),
    amountLate: coins(row.amount_late),
    amountRefunded: coins(row.amount_refunded),
    refundState,
    currency: row.currency,
    network: row.network,
    status: adminTransactionStatusWithRefunds(row.status, refundState),
    paymentStatus: row.status,
    exception: row.exception,
    ...riskOf(row),
    createdAt: row.created_at.toISOString(),
    completedAt: row.confirmed_at?.toISOString() ?? null,
  };
}

/** None, partial or full: the payment's paid refunds against its confirmed money (decision 022). */
export const refundStateOf = (row: { amount_confirmed: string; amount_refunded: string }) =>
  paymentRefundState({ confirmed: BigInt(row.amount_confirmed), refunded: BigInt(row.amount_refunded) });
