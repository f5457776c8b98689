import type { TAdminTransactionsQueryInput } from '@coinlane/core/api/admin-transactions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adminTransactionsKey,
  fetchAdminTransaction,
  fetchAdminTransactions,
} from '../api/admin-transactions-api.ts';

/**
 * The newest 100 transactions matching `query`, and the tiles over every match. While the filters change, the
 * rows shown stay until the new ones arrive. `null`: filters that cannot be sent (a bad date or amount).
 */
export function useAdminTransactions(query: TAdminTransactionsQueryInput | null) {
  return useQuery({
    queryKey: [...adminTransactionsKey, 'list', query],
    queryFn: ({ signal }) => fetchAdminTransactions(query!, signal),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

/** One transaction's details, read when its dialog opens. */
export function useAdminTransaction(id: string | null) {
  return useQuery({
    queryKey: [...adminTransactionsKey, 'details', id],
    queryFn: ({ signal }) => fetchAdminTransaction(id!, signal),
    enabled: id !== null,
  });
}
