import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import { fetchTransactions, type TransactionFilters } from '../api/transactions-api.ts';

export const PAGE_SIZE = 25;

/**
 * The filtered transactions, one page (after `cursor`, the previous page's nextCursor, when known); kept under the
 * live-update key so rows move as payments change.
 */
export function useTransactions(filters: TransactionFilters, page: number, cursor: string | null) {
  return useQuery({
    queryKey: [...LIVE_KEYS.transactions, 'list', filters, page, cursor, PAGE_SIZE],
    queryFn: ({ signal }) => fetchTransactions(filters, page, PAGE_SIZE, cursor, signal),
    placeholderData: keepPreviousData,
  });
}

/** A value that follows `value` after it has been still for `ms`. */
export function useDebounced<V>(value: V, ms: number): V {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}
