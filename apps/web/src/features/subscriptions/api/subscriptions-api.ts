import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import type { TPagination } from '@coinlane/core/api/payments';
import type {
  TEnrolSubscriberRequest,
  TPlan,
  TSubscriber,
  TSubscriptionsSummary,
  ZCreatePlanRequest,
  ZUpdatePlanRequest,
} from '@coinlane/core/api/subscriptions';
import type { TSubscriptionStatus, TTestClockStep } from '@coinlane/core/subscription-status';
import type { z } from 'zod';
import { api, apiEnvelope } from '../../../lib/api-client.ts';

/** Subscribers shown per page of the Subscribers tab. */
export const SUBSCRIBERS_PAGE_SIZE = 20;

/** Every plan of the merchant in the session's mode (at most PLANS_PER_MERCHANT_MAX, the list's own limit). */
export const fetchPlans = () =>
  apiEnvelope<{ data: TPlan[]; pagination: TPagination }>('/subscriptions/plans');

export const fetchSummary = () => api<TSubscriptionsSummary>('/subscriptions/summary');

export type SubscriberFilters = { planId: string; status: TSubscriptionStatus | '' };

export function fetchSubscribers(filters: SubscriberFilters, page: number) {
  const q = new URLSearchParams({
    limit: String(SUBSCRIBERS_PAGE_SIZE),
    offset: String((page - 1) * SUBSCRIBERS_PAGE_SIZE),
  });
  if (filters.planId) q.set('planId', filters.planId);
  if (filters.status) q.set('status', filters.status);
  return apiEnvelope<{ data: TSubscriber[]; pagination: TPagination }>(`/subscriptions/subscribers?${q}`);
}

/** The request bodies as sent (before the server's defaults apply). */
export type CreatePlanBody = z.input<typeof ZCreatePlanRequest>;
export type UpdatePlanBody = z.input<typeof ZUpdatePlanRequest>;

export const createPlan = (body: CreatePlanBody) =>
  api<TPlan>('/subscriptions/plans', { method: 'POST', body });

export const updatePlan = (id: string, body: UpdatePlanBody) =>
  api<TPlan>(`/subscriptions/plans/${encodeURIComponent(id)}`, { method: 'PUT', body });

export const deletePlan = (id: string) =>
  api<{ ok: true }>(`/subscriptions/plans/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const enrolSubscriber = (body: TEnrolSubscriberRequest) =>
  api<TSubscriber>('/subscriptions/subscribers', { method: 'POST', body });

export type SubscriberAction = 'cancel_now' | 'cancel_at_period_end' | 'resume';

export const updateSubscriber = (id: string, action: SubscriberAction) =>
  api<TSubscriber>(`/subscriptions/subscribers/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: { action },
  });

export const advanceTestClock = (id: string, advance: TTestClockStep) =>
  api<TSubscriber>(`/subscriptions/subscribers/${encodeURIComponent(id)}/test-clock`, {
    method: 'POST',
    body: { advance },
  });

/** The coins and networks the merchant can be paid in, in the session's mode (as payment links offer). */
export const fetchCurrencies = (mode: 'test' | 'live') => api<TCurrencyOption[]>(`/currencies?mode=${mode}`);
