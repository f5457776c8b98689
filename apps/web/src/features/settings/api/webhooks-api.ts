import {
  type TUpdateWebhookConfigRequest,
  type TWebhookAttempt,
  type TWebhookConfig,
  type TWebhookDeliveryState,
  type TWebhookEventDetail,
  type TWebhookEventList,
  type TWebhookEventType,
  type TWebhookSecret,
  type TWebhookTestResult,
  WEBHOOK_DELIVERY_STATES,
} from '@coinlane/core/api/webhooks';
import { api } from '../../../lib/api-client.ts';

/**
 * The events in the order offered: the spec's three, then partial, expired, reversed and paid-late payments, then
 * refunds (decision 022), then subscriptions and their invoices (decision 023), then payouts (decision 024).
 */
export const WEBHOOK_EVENT_CHOICES: readonly TWebhookEventType[] = [
  'payment.created',
  'payment.confirmed',
  'payment.failed',
  'payment.partial',
  'payment.expired',
  'payment.reversed',
  'payment.paid_late',
  'refund.created',
  'refund.paid',
  'refund.reversed',
  'subscription.created',
  'subscription.activated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.cancelled',
  'subscription.expired',
  'invoice.created',
  'payout.created',
  'payout.completed',
  'payout.failed',
];
/** Preselected before an endpoint is first saved: the events the spec offers. */
export const WEBHOOK_DEFAULT_EVENTS: readonly TWebhookEventType[] = [
  'payment.created',
  'payment.confirmed',
  'payment.failed',
];
export const DELIVERY_STATES = WEBHOOK_DELIVERY_STATES;
export type TDeliveryState = TWebhookDeliveryState;

/** Recent deliveries shown: the latest 20. */
export const RECENT_DELIVERIES = 20;

export const webhookConfigKey = ['webhooks', 'config'] as const;
export const webhookEventsKey = (state: TDeliveryState | '') => ['webhooks', 'events', state] as const;
export const webhookEventKey = (id: string) => ['webhooks', 'event', id] as const;

export const fetchWebhookConfig = () => api<TWebhookConfig>('/webhooks/config');
export const saveWebhookConfig = (body: TUpdateWebhookConfigRequest) =>
  api<TWebhookConfig>('/webhooks/config', { method: 'PUT', body });
export const rotateWebhookSecret = () =>
  api<TWebhookSecret>('/webhooks/config/rotate-secret', { method: 'POST' });
/** After the Coinlane team turned the endpoint off: turn it back on (POST /webhooks/config/enable). */
export const enableWebhookEndpoint = () => api<TWebhookConfig>('/webhooks/config/enable', { method: 'POST' });
export const sendTestWebhook = () => api<TWebhookTestResult>('/webhooks/config/test', { method: 'POST' });

export function fetchWebhookEvents(state: TDeliveryState | '') {
  const q = new URLSearchParams({ page: '1', limit: String(RECENT_DELIVERIES) });
  if (state) q.set('state', state);
  return api<TWebhookEventList>(`/webhooks/events?${q}`);
}
export const fetchWebhookEvent = (id: string) =>
  api<TWebhookEventDetail>(`/webhooks/events/${encodeURIComponent(id)}`);
export const resendWebhookEvent = (id: string) =>
  api<TWebhookAttempt>(`/webhooks/events/${encodeURIComponent(id)}/resend`, { method: 'POST' });
