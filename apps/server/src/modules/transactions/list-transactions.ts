import {
  parseTransactionsCursor,
  type TListTransactionsQuery,
  type TListTransactionsReply,
} from '@coinlane/core/api/transactions';
import { formatUnits, parseUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import { findMerchantPayments } from '#app/modules/payments/find-merchant-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { paymentFilterOf } from './filter-of.ts';
import { presentTransaction } from './present-transaction.ts';

/**
 * GET /transactions: the merchant's payments in the current mode as Transaction rows, newest first, one page (after
 * `cursor`, else page number `page`), with the cursor of the next page,
 * with the count and the summary figures (Total Volume: the USD value of what the confirmed rows received and
 * confirmed, the dashboard's figure; Confirmed and Pending counts) over every row that matches the filters.
 */
export async function listTransactions({
  deps,
  db,
  userId,
  mode,
  query,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  userId: string;
  mode: TMode;
  query: TListTransactionsQuery;
  now?: Date;
}): Promise<Omit<TListTransactionsReply, 'success' | 'error'>> {
  // Expiry is checked on read, as GET /payments does: a payment past its window reads as expired (failed).
  await expireDuePayments({ deps, db, now, userId, mode });
  // A cursor says where the page starts (keyset, any depth at the cost of the first page); else the page number.
  const after = query.cursor ? parseTransactionsCursor(query.cursor) : undefined;
  const offset = after ? 0 : (query.page - 1) * query.limit;
  const found = await findMerchantPayments({
    db,
    userId,
    mode,
    filter: paymentFilterOf(query),
    limit: query.limit,
    offset,
    after,
  });
  const s = found.byStatus;
  return {
    data: found.rows.map(presentTransaction),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: found.total,
      hasMore: found.nextCursor !== null,
      nextCursor: found.nextCursor && `${found.nextCursor.micros}_${found.nextCursor.id}`,
    },
    summary: {
      count: found.total,
      confirmedCount: s.confirmed,
      pendingCount: s.pending + s.partial,
      failedCount: s.failed + s.expired,
      totalVolumeUsd: formatUnits(parseUnits(found.confirmedUsd, 2), 2, { minDecimals: 2 }),
    },
  };
}
