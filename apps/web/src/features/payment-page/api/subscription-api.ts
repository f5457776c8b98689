import type { TPortal, TPublicPlan, TSubscribeRequest } from '@coinlane/core/api/subscriptions';
import { request } from './checkout-api.ts';

/**
 * The subscribe page's and the subscriber's portal's calls (public, no sign-in). The portal's token travels in
 * the query of its one GET and in the body of its actions; the server's request log redacts it.
 */
const plan = (planId: string) => `/public/subscribe/${encodeURIComponent(planId)}`;

/** The plan as a visitor sees it (404 for an unknown plan; `active: false` when closed to new subscribers). */
export const getPublicPlan = (planId: string, signal?: AbortSignal) =>
  request<TPublicPlan>('GET', plan(planId), undefined, signal);

/** Starts a subscription; the reply's payUrl is the hosted payment page of its first invoice. */
export const subscribeToPlan = (planId: string, body: TSubscribeRequest) =>
  request<{ subscriptionId: string; payUrl: string }>('POST', plan(planId), body);

export const getPortal = (token: string, signal?: AbortSignal) =>
  request<TPortal>(
    'GET',
    `/public/subscription-portal?token=${encodeURIComponent(token)}`,
    undefined,
    signal,
  );

export const cancelSubscription = (token: string, when: 'now' | 'period_end') =>
  request<TPortal>('POST', '/public/subscription-portal/cancel', { token, when });

/** An expired subscription's new open invoice (paying it renews the subscription). */
export const renewSubscription = (token: string) =>
  request<TPortal>('POST', '/public/subscription-portal/renew', { token });
