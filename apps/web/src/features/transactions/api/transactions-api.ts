import type { TBalances } from '@coinlane/core/api/analytics';
import type { TFlushTransaction, TPayment } from '@coinlane/core/api/payments';
import type { TListTransactionsReply, TTransactionStatus } from '@coinlane/core/api/transactions';
import { api, apiEnvelope } from '../../../lib/api-client.ts';

export type TransactionFilters = { search: string; status: TTransactionStatus | ''; crypto: string };

/** The browser's time zone, for dates in the CSV (the server's default is UTC). */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

function filterParams(f: TransactionFilters): URLSearchParams {
  const q = new URLSearchParams();
  if (f.search.trim()) q.set('search', f.search.trim());
  if (f.status) q.set('status', f.status);
  if (f.crypto) q.set('crypto', f.crypto);
  return q;
}

/** The coins the merchant has been paid in (the currencies of GET /analytics/balances), for the crypto filter. */
export const fetchPaidCurrencies = async () =>
  (await api<TBalances>('/analytics/balances')).balances.map((b) => b.currency);

/**
 * GET /transactions: one page with the pagination and the summary of every matching row. With the previous page's
 * nextCursor the server reads the page from its index at any depth (the page number is then only echoed).
 */
export function fetchTransactions(
  f: TransactionFilters,
  page: number,
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const q = filterParams(f);
  q.set('page', String(page));
  q.set('limit', String(limit));
  if (cursor) q.set('cursor', cursor);
  return apiEnvelope<TListTransactionsReply>(`/transactions?${q}`, { signal });
}

/** Where the CSV of the filtered rows downloads from (the session cookie authenticates it). */
export function exportCsvUrl(f: TransactionFilters): string {
  const q = filterParams(f);
  q.set('timeZone', browserTimeZone());
  return `/api/v1/transactions/export.csv?${q}`;
}

/** GET /payments/{id}/flush-transaction: the call that moves a forwarder deposit address to the merchant. */
export const fetchFlushTransaction = (paymentId: string) =>
  api<TFlushTransaction>(`/payments/${encodeURIComponent(paymentId)}/flush-transaction`);

/** POST /payments/{id}/accept: the merchant accepts a late payment (allowed when the row's canAccept). */
export const acceptLatePayment = (paymentId: string) =>
  api<TPayment>(`/payments/${encodeURIComponent(paymentId)}/accept`, { method: 'POST' });
