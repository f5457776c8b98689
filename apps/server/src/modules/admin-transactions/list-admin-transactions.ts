import {
  ADMIN_TRANSACTIONS_LIMIT,
  adminTransactionStatusOf,
  paymentStatusesOfAdmin,
  type TAdminTransactionList,
  type TAdminTransactionsQuery,
  type TRiskLevel,
} from '@coinlane/core/api/admin-transactions';
import { normalizeCoinSymbol } from '@coinlane/core/coin-input';
import { RISK_LOW_MAX, RISK_MEDIUM_MAX, RISK_SCORE_MAX } from '@coinlane/core/options';
import type { TPaymentStatus } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import {
  findPlatformPayments,
  listPlatformPaymentFacets,
} from '#app/modules/payments/find-platform-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentAdminTransaction } from './present-admin-transaction.ts';

/** The risk bands of the filter (admin spec 5): low 1-3, medium 4-6, high 7-10. */
const RISK_BANDS: Record<TRiskLevel, { min: number; max: number }> = {
  low: { min: 1, max: RISK_LOW_MAX },
  medium: { min: RISK_LOW_MAX + 1, max: RISK_MEDIUM_MAX },
  high: { min: RISK_MEDIUM_MAX + 1, max: RISK_SCORE_MAX },
};

import { merchantOf, selectMerchants } from './queries.ts';

/**
 * GET /admin/transactions (admin spec 2, 5, 7): every merchant's payments in one mode (live by default) matching
 * the filters: the newest 100, newest first, and the six tiles over every matching payment (not only the rows
 * listed). Total Volume is the USD of the completed ones only: what they received and confirmed at their locked
 * rates, the merchant dashboard's rule. A risk band filters by the payment's risk score (decision 021); High Risk
 * counts the matching payments scored above 6.
 */
export async function listAdminTransactions({
  deps,
  db,
  query,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  query: TAdminTransactionsQuery;
  now?: Date;
}): Promise<TAdminTransactionList> {
  // Expiry is checked on read, as the merchant's lists do: a payment past its window reads as expired (failed).
  await expireDuePayments({ deps, db, now, mode: query.mode });
  const band = query.risk ? RISK_BANDS[query.risk] : undefined;
  const found = await findPlatformPayments({
    db,
    filter: {
      mode: query.mode,
      search: query.search,
      statuses:
        query.status && query.status !== 'refunded' ? paymentStatusesOfAdmin(query.status) : undefined,
      // Refunded: payments with paid refunds, in full or in part (decision 022).
      refunded: query.status === 'refunded',
      userId: query.merchant,
      currency: query.currency ? normalizeCoinSymbol(query.currency) : undefined,
      fromDay: query.from,
      toDay: query.to,
      timeZone: query.timeZone,
      minUsd: query.minAmount,
      maxUsd: query.maxAmount,
      ...(band ? { minRisk: band.min, maxRisk: band.max } : {}),
    },
    limit: ADMIN_TRANSACTIONS_LIMIT,
  });

  const tiles = {
    totalVolume: found.confirmedUsd,
    completed: 0,
    pending: 0,
    failed: 0,
    highRisk: found.highRisk,
    total: 0,
  };
  for (const [status, n] of Object.entries(found.byStatus ?? {}) as [TPaymentStatus, number][]) {
    const s = adminTransactionStatusOf(status);
    if (s !== 'refunded') tiles[s] += n;
    tiles.total += n;
  }

  const facets = await listPlatformPaymentFacets({ db, mode: query.mode });
  const merchants = await selectMerchants(db, [...facets.userIds, ...found.rows.map((r) => r.user_id)]);
  return {
    tiles,
    transactions: found.rows.map((r) => presentAdminTransaction(r, merchantOf(merchants, r.user_id))),
    limit: ADMIN_TRANSACTIONS_LIMIT,
    filterOptions: {
      merchants: facets.userIds
        .map((id) => {
          const m = merchantOf(merchants, id);
          return { id: m.id, label: m.label };
        })
        .sort((a, b) => a.label.localeCompare(b.label, 'en') || a.id.localeCompare(b.id)),
      currencies: facets.currencies,
    },
  };
}
