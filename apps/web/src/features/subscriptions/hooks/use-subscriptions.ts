import type { TPlan } from '@coinlane/core/api/subscriptions';
import type { TTestClockStep } from '@coinlane/core/subscription-status';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth.ts';
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import {
  advanceTestClock,
  type CreatePlanBody,
  createPlan,
  deletePlan,
  enrolSubscriber,
  fetchCurrencies,
  fetchPlans,
  fetchSubscribers,
  fetchSummary,
  type SubscriberAction,
  type SubscriberFilters,
  type UpdatePlanBody,
  updatePlan,
  updateSubscriber,
} from '../api/subscriptions-api.ts';

/**
 * Keys under the live-update root: a payment confirming a subscription's invoice refreshes the plans (active
 * counts), the summary and the subscribers.
 */
const root = [...LIVE_KEYS.analytics, 'subscriptions'] as const;
const plansKey = (mode?: string) => [...root, 'plans', mode] as const;
const summaryKey = (mode?: string) => [...root, 'summary', mode] as const;
const subscribersKey = (mode?: string) => [...root, 'subscribers', mode] as const;

export function usePlans() {
  const { user } = useSession();
  return useQuery({ queryKey: plansKey(user?.mode), queryFn: fetchPlans });
}

export function useSummary() {
  const { user } = useSession();
  return useQuery({ queryKey: summaryKey(user?.mode), queryFn: fetchSummary });
}

export function useSubscribers(filters: SubscriberFilters, page: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...subscribersKey(user?.mode), filters, page],
    queryFn: () => fetchSubscribers(filters, page),
    placeholderData: keepPreviousData,
  });
}

/** The coins and networks a subscriber may pay with, in the session's mode (as the payment link form's). */
export function useCurrencies(enabled = true) {
  const { user } = useSession();
  const mode = user?.mode ?? 'test';
  return useQuery({
    queryKey: ['currencies', mode],
    queryFn: () => fetchCurrencies(mode),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** Plans: create, edit, activate or deactivate, delete; the plans and the summary are read again after each. */
export function usePlanMutations() {
  const qc = useQueryClient();
  const { user } = useSession();
  const refresh = () => qc.invalidateQueries({ queryKey: root });
  const replace = (plan: TPlan) =>
    qc.setQueryData<{ data: TPlan[] }>(plansKey(user?.mode), (old) =>
      old ? { ...old, data: old.data.map((p) => (p.id === plan.id ? plan : p)) } : old,
    );
  return {
    create: useMutation({ mutationFn: (body: CreatePlanBody) => createPlan(body), onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdatePlanBody }) => updatePlan(id, body),
      // The local list is updated on success (merchant spec 4), then read again for the summary.
      onSuccess: (plan) => {
        replace(plan);
        return refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (id: string) => deletePlan(id),
      onSuccess: (_res, id) => {
        qc.setQueryData<{ data: TPlan[] }>(plansKey(user?.mode), (old) =>
          old ? { ...old, data: old.data.filter((p) => p.id !== id) } : old,
        );
        return refresh();
      },
    }),
  };
}

/** Subscribers: enrol, cancel or resume, move a test clock; then the list, the plans and the summary are read again. */
export function useSubscriberMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: root });
  return {
    enrol: useMutation({ mutationFn: enrolSubscriber, onSuccess: refresh }),
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: SubscriberAction }) => updateSubscriber(id, action),
      onSuccess: refresh,
    }),
    clock: useMutation({
      mutationFn: ({ id, advance }: { id: string; advance: TTestClockStep }) => advanceTestClock(id, advance),
      onSuccess: refresh,
    }),
  };
}
