import type {
  TAdminTransactionDetails,
  TAdminTransactionList,
  TAdminTransactionsQueryInput,
} from '@coinlane/core/api/admin-transactions';
import { T } from '@coinlane/core/texts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** The page's filters as the inputs hold them ('' or 'all': no filter). */
export type AdminTransactionFilters = {
  search: string;
  status: string;
  risk: string;
  mode: 'live' | 'test';
  from: string;
  to: string;
  merchant: string;
  currency: string;
  minAmount: string;
  maxAmount: string;
};

export const NO_TRANSACTION_FILTERS: AdminTransactionFilters = {
  search: '',
  status: 'all',
  risk: 'all',
  mode: 'live',
  from: '',
  to: '',
  merchant: '',
  currency: '',
  minAmount: '',
  maxAmount: '',
};

/** The browser's time zone: the date range is in the admin's calendar days. */
export const browserTimeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The query of GET /admin/transactions: only the filters in use (mode always, the time zone with a date). */
export function transactionQueryOf(f: AdminTransactionFilters): TAdminTransactionsQueryInput {
  const q: Record<string, string> = { mode: f.mode };
  const set = (key: string, value: string) => {
    const v = value.trim();
    if (v && v !== 'all') q[key] = v;
  };
  set('search', f.search);
  set('status', f.status);
  set('risk', f.risk);
  set('from', f.from);
  set('to', f.to);
  set('merchant', f.merchant);
  set('currency', f.currency);
  set('minAmount', f.minAmount);
  set('maxAmount', f.maxAmount);
  if (q.from || q.to) q.timeZone = browserTimeZone();
  return q as TAdminTransactionsQueryInput;
}

export const adminTransactionsKey = ['admin', 'transactions'] as const;

export const fetchAdminTransactions = (query: TAdminTransactionsQueryInput, signal?: AbortSignal) =>
  api<TAdminTransactionList>(`/admin/transactions?${new URLSearchParams(query as Record<string, string>)}`, {
    signal,
  });

export const fetchAdminTransaction = (id: string, signal?: AbortSignal) =>
  api<TAdminTransactionDetails>(`/admin/transactions/${encodeURIComponent(id)}`, { signal });

/**
 * Export Details: GET /admin/transactions/:id/export as a file (the server names it transaction-<id>.json and
 * audits the export). Answers the file's contents and name; a failure is an ApiError as every other call's.
 */
export async function downloadTransactionExport(id: string): Promise<{ blob: Blob; fileName: string }> {
  let res: Response;
  try {
    res = await fetch(`/api/v1/admin/transactions/${encodeURIComponent(id)}/export`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch (err) {
    throw new ApiError((err as Error).message || T.unknownError, 0, 'NETWORK_ERROR');
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as {
      error?: { message?: string; code?: string };
    } | null;
    throw new ApiError(
      json?.error?.message ?? T.httpStatus(res.status, res.statusText),
      res.status,
      json?.error?.code ?? `HTTP_${res.status}`,
    );
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await res.blob(), fileName: name ?? `transaction-${id}.json` };
}
