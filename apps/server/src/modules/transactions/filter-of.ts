import { paymentStatusesOf, type TTransactionFilters } from '@coinlane/core/api/transactions';
import { normalizeCoinSymbol } from '@coinlane/core/coin-input';
import type { MerchantPaymentFilter } from '#app/modules/payments/find-merchant-payments.ts';

/** The page's filters as a payment filter: the spec's status covers one or more payment statuses. */
export const paymentFilterOf = (f: TTransactionFilters): MerchantPaymentFilter => ({
  search: f.search || undefined,
  statuses: f.status ? paymentStatusesOf(f.status) : undefined,
  currency: f.crypto ? normalizeCoinSymbol(f.crypto) : undefined,
});
