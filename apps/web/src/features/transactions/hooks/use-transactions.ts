import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import { fetchTransactions, type TransactionFilters } from '../api/transactions-api.ts';

export const PAGE_SIZE = 25;

/** The filtered transactions, one page; kept under the live-update key so rows move as payments change. */
export function useTransactions(filters: TransactionFilters, page: number) {
  return useQuery({
    queryKey: [...LIVE_KEYS.transactions, 'list', filters, page, PAGE_SIZE],
    queryFn: ({ signal }) => fetchTransactions(filters, page, PAGE_SIZE, signal),
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
