import type { TBalances, TPaymentAnalytics } from '@coinlane/core/api/analytics';
import type { TRatesStatus } from '@coinlane/core/api/rates';
import type { TListTransactionsReply } from '@coinlane/core/api/transactions';
import { api, apiEnvelope } from '../../../lib/api-client.ts';

/** Rows of the Recent Transactions table (merchant spec 9). */
export const RECENT_TRANSACTIONS = 10;

export const fetchPaymentAnalytics = (timeZone: string) =>
  api<TPaymentAnalytics>(`/analytics/payments?timeZone=${encodeURIComponent(timeZone)}`);

export const fetchBalances = () => api<TBalances>('/analytics/balances');

/** Whether live amounts can be priced (GET /exchange-rates/status). */
export const fetchRatesStatus = () => api<TRatesStatus>('/exchange-rates/status');

export const fetchRecentTransactions = () =>
  apiEnvelope<TListTransactionsReply>(`/transactions?limit=${RECENT_TRANSACTIONS}`);
