import type {
  TCreatePayoutRuleRequest,
  TPayoutStatus,
  TUpdatePayoutRuleRequest,
  TUpdatePayoutSettingsRequest,
} from '@coinlane/core/api/payouts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createPayoutRule,
  deletePayoutRule,
  fetchPayoutHistory,
  fetchPayoutRules,
  fetchPayoutSettings,
  fetchPayoutSummary,
  payoutKeys,
  savePayoutSettings,
  updatePayoutRule,
} from '../api/payouts-api.ts';

/**
 * While a payout is pending, its history entry and the cards are read again this often: the live channel
 * carries payments, not payouts (docs/decisions/024-auto-conversion.md, "History").
 */
export const PENDING_REFRESH_MS = 15_000;
/**
 * With nothing pending they are still read again this often: a payout the flush job opens while the page is open
 * (a payment confirmed meanwhile) appears without a reload.
 */
export const IDLE_REFRESH_MS = 30_000;

export function usePayoutSettings() {
  return useQuery({ queryKey: payoutKeys.settings, queryFn: fetchPayoutSettings });
}

export function usePayoutSummary() {
  return useQuery({
    queryKey: payoutKeys.summary,
    queryFn: fetchPayoutSummary,
    refetchInterval: (q) => ((q.state.data?.pendingPayouts ?? 0) > 0 ? PENDING_REFRESH_MS : IDLE_REFRESH_MS),
  });
}

export function usePayoutRules() {
  return useQuery({ queryKey: payoutKeys.rules, queryFn: fetchPayoutRules });
}

/** The history, newest first, one page after another ("Load more"), with the status filter. */
export function usePayoutHistory(status: TPayoutStatus | '') {
  return useInfiniteQuery({
    queryKey: payoutKeys.history(status),
    queryFn: ({ pageParam }) => fetchPayoutHistory({ status, before: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (q) =>
      q.state.data?.pages.some((p) => p.items.some((e) => e.status === 'pending'))
        ? PENDING_REFRESH_MS
        : IDLE_REFRESH_MS,
  });
}

/** The settings and the rules' changes; what they affect (settings, rules, the cards) is read again after each. */
export function usePayoutMutations() {
  const qc = useQueryClient();
  const refetch = () => qc.invalidateQueries({ queryKey: payoutKeys.all });
  return {
    saveSettings: useMutation({
      mutationFn: (body: TUpdatePayoutSettingsRequest) => savePayoutSettings(body),
      onSuccess: (data) => {
        qc.setQueryData(payoutKeys.settings, data);
        void refetch();
      },
    }),
    addRule: useMutation({
      mutationFn: (body: TCreatePayoutRuleRequest) => createPayoutRule(body),
      onSuccess: refetch,
    }),
    updateRule: useMutation({
      mutationFn: ({ id, body }: { id: string; body: TUpdatePayoutRuleRequest }) =>
        updatePayoutRule(id, body),
      onSuccess: refetch,
    }),
    deleteRule: useMutation({ mutationFn: (id: string) => deletePayoutRule(id), onSuccess: refetch }),
  };
}
