import type { TMovePayoutsResult } from '@coinlane/core/api/payments';
import type {
  TCreatePayoutRuleRequest,
  TPayoutHistoryPage,
  TPayoutRule,
  TPayoutRuleList,
  TPayoutSettings,
  TPayoutStatus,
  TPayoutSummary,
  TUpdatePayoutRuleRequest,
  TUpdatePayoutSettingsRequest,
} from '@coinlane/core/api/payouts';
import { api } from '../../../lib/api-client.ts';

/** Payouts are account-wide like wallets: the same settings, rules and history in test and live mode. */
export const payoutKeys = {
  all: ['payouts'] as const,
  settings: ['payouts', 'settings'] as const,
  rules: ['payouts', 'rules'] as const,
  summary: ['payouts', 'summary'] as const,
  history: (status: TPayoutStatus | '') => ['payouts', 'history', status] as const,
};

export const fetchPayoutSettings = () => api<TPayoutSettings>('/payouts/settings');
export const savePayoutSettings = (body: TUpdatePayoutSettingsRequest) =>
  api<TPayoutSettings>('/payouts/settings', { method: 'PUT', body });

export const fetchPayoutRules = () => api<TPayoutRuleList>('/payouts/rules');
export const createPayoutRule = (body: TCreatePayoutRuleRequest) =>
  api<TPayoutRule>('/payouts/rules', { method: 'POST', body });
export const updatePayoutRule = (id: string, body: TUpdatePayoutRuleRequest) =>
  api<TPayoutRule>(`/payouts/rules/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deletePayoutRule = (id: string) =>
  api<{ id: string; deleted: true }>(`/payouts/rules/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const fetchPayoutSummary = () => api<TPayoutSummary>('/payouts/summary');
export function fetchPayoutHistory({ status, before }: { status: TPayoutStatus | ''; before?: string }) {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (before) q.set('before', before);
  const query = q.toString();
  return api<TPayoutHistoryPage>(`/payouts/history${query ? `?${query}` : ''}`);
}

/** "Move now": with auto payout off, the next flush round moves every payment confirmed by now. */
export const movePayoutsNow = () => api<TMovePayoutsResult>('/payouts/move-now', { method: 'POST' });
