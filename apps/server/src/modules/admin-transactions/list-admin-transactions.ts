import {
  ADMIN_TRANSACTIONS_LIMIT,
  adminTransactionStatusOf,
  paymentStatusesOfAdmin,
  type TAdminTransactionList,
  type TAdminTransactionsQuery,
} from '@coinlane/core/api/admin-transactions';
import { normalizeCoinSymbol } from '@coinlane/core/coin-input';
import type { TPaymentStatus } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import {
  findPlatformPayments,
  listPlatformPaymentFacets,
} from '#app/modules/payments/find-platform-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { presentAdminTransaction } from './present-admin-transaction.ts';
import { merchantOf, selectMerchants } from './queries.ts';

/**
 * GET /admin/transactions (admin spec 2, 5, 7): every merchant's payments in one mode (live by default) matching
 * the filters: the newest 100, newest first, and the six tiles over every matching payment (not only the rows
 * listed). Total Volume is the USD of the completed ones only: what they received and confirmed at their locked
 * rates, the merchant dashboard's rule. A risk band matches scored payments only; none is scored yet.
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
  const found = query.risk
    ? // No payment carries a risk score yet (the rule set comes in a later step): no band matches any.
      { rows: [], byStatus: null, confirmedUsd: '0.00' }
    : await findPlatformPayments({
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
        },
        limit: ADMIN_TRANSACTIONS_LIMIT,
      });

  const tiles = {
    totalVolume: found.confirmedUsd,
    completed: 0,
    pending: 0,
    failed: 0,
    highRisk: 0,
    total: 0,
  };
  for (const [status, n] of Object.entries(found.byStatus ?? {}) as [TPaymentStatus, number][]) {
    const s = adminTransactionStatusOf(status);
    if (s !== 'refunded') tiles[s] += n;
    tiles.total += n;
  }
  // High Risk counts payments with a risk above 6; none is scored yet, so it stays 0.

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
