import type { TPosSale } from '@coinlane/core/api/pos';
import type { PaymentRow } from '#app/modules/payments/find-own-payments.ts';
import { presentPayment } from '#app/modules/payments/present-payment.ts';

/** A payment as the counter shows it: amounts, where to pay, progress; nothing of the merchant's books. */
export function presentPosSale(row: PaymentRow): TPosSale {
  const p = presentPayment(row);
  return {
    id: p.id,
    status: p.status,
    exception: p.exception,
    fiatAmount: p.fiatAmount ?? '0',
    fiatCurrency: p.fiatCurrency ?? '',
    amount: p.amount,
    amountReceived: p.amountReceived,
    amountRemaining: p.amountRemaining,
    currency: p.currency,
    network: p.network,
    networkName: p.networkName,
    decimals: p.decimals,
    address: p.address,
    paymentUri: p.paymentUri,
    confirmations: p.confirmations,
    requiredConfirmations: p.requiredConfirmations,
    expiresAt: p.expiresAt,
    confirmedAt: p.confirmedAt,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}
