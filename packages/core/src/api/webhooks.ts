import { z } from 'zod';
import { MODES } from '../options.ts';
import { T } from '../texts.ts';

/**
 * Events a merchant can subscribe a webhook endpoint to (merchant spec 7, plus partial and expired, reversed:
 * a confirmed payment that a chain reorganisation took back, and paid_late: money that arrived after the attempt
 * expired or was cancelled has its confirmations, and waits for the merchant to accept it).
 */
export const WEBHOOK_EVENT_TYPES = [
  'payment.created',
  'payment.partial',
  'payment.confirmed',
  'payment.failed',
  'payment.expired',
  'payment.reversed',
  'payment.paid_late',
  // Refunds (decision 022): a refund issued, paid on chain, and paid no more (its block rolled back).
  'refund.created',
  'refund.paid',
  'refund.reversed',
  // Subscriptions (decision 023): each transition of a subscription, and each invoice issued.
  'subscription.created',
  'subscription.activated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.cancelled',
  'subscription.expired',
  'invoice.created',
  // Payouts (decision 024): a movement toward the merchant's wallet started (flush, swap, shift), done, failed.
  'payout.created',
  'payout.completed',
  'payout.failed',
] as const;
export type TWebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** The event sent by POST /webhooks/config/test. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'retrying', 'failed'] as const;
export type TWebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** An http(s) URL without credentials, at most 2048 characters (https-only and private targets: the server). */
export const ZWebhookUrl = z
  .string({ error: T.webhookUrlInvalid })
  .trim()
  .min(1, T.webhookUrlInvalid)
  .max(WEBHOOK_URL_MAX, T.webhookUrlTooLong(WEBHOOK_URL_MAX))
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, T.webhookUrlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password;
    } catch {
      return true;
    }
  }, T.webhookUrlCredentials)
  .meta({
    description: 'Where events are POSTed: https, no credentials.',
    example: 'https://shop.example.com/coinlane',
  });

/** PUT /webhooks/config. */
export const ZUpdateWebhookConfigRequest = z.object({
  url: ZWebhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: T.webhookEventsInvalid }), { error: T.webhookEventsInvalid })
    .max(WEBHOOK_EVENT_TYPES.length * 2, T.webhookEventsInvalid)
    .transform((list) => WEBHOOK_EVENT_TYPES.filter((e) => list.includes(e)))
    .meta({ description: 'The events to send; an empty list sends none.', example: ['payment.confirmed'] }),
});
export type TUpdateWebhookConfigRequest = z.infer<typeof ZUpdateWebhookConfigRequest>;

/** GET/PUT /webhooks/config: the endpoint of the current mode; nulls before one is saved. */
export const ZWebhookConfig = z.object({
  url: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** The signing secret (`whsec_...`), shown to its owner. */
  secret: z.string().nullable(),
  /**
   * Until when the secret before the last rotation still signs deliveries beside `secret` (the rotation + 24
   * hours); null when there is none or its time is over. The old secret itself is never returned.
   */
  previousSecretExpiresAt: z.string().nullable().meta({
    description:
      'Until when the secret replaced by the last rotation still signs each delivery beside the current one (a second v1 value); null when none does. The old secret itself is never returned.',
    example: '2026-11-21T10:00:00.000Z',
  }),
  updatedAt: z.string().nullable(),
  /**
   * Set while the Coinlane team has turned the endpoint off (Webhook Monitoring's Disable): nothing is sent, the
   * events wait in order; POST /webhooks/config/enable turns it back on.
   */
  disabled: z.object({ at: z.string(), reason: z.string().nullable() }).nullable(),
});
export type TWebhookConfig = z.infer<typeof ZWebhookConfig>;

export const ZWebhookSecret = z.object({ secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

/** POST /webhooks/config/test: the result of the one attempt. */
export const ZWebhookTestResult = z.object({
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  error: z.string().optional(),
});
export type TWebhookTestResult = z.infer<typeof ZWebhookTestResult>;

export const ZWebhookAttempt = z.object({
  id: z.string(),
  attemptNumber: z.number().int(),
  isResend: z.boolean(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  /** The first 1 KB of the response body. */
  responseExcerpt: z.string().nullable(),
  createdAt: z.string(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

export const ZWebhookEventListQuery = z.object({
  type: z.string().trim().max(50).optional(),
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TWebhookEventListQuery = z.infer<typeof ZWebhookEventListQuery>;

export const ZWebhookEvent = z.object({
  /** The event id (`evt_...`), also sent as Coinlane-Event-Id. */
  id: z.string(),
  type: z.string(),
  createdAt: z.string(),
  mode: z.enum(MODES),
  deliveryState: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
});
export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;

export const ZWebhookEventList = z.object({
  items: z.array(ZWebhookEvent),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
});
export type TWebhookEventList = z.infer<typeof ZWebhookEventList>;

export const ZWebhookEventDetail = ZWebhookEvent.extend({
  /** The body as sent: { id, type, createdAt, mode, data }. */
  payload: z.record(z.string(), z.unknown()),
  attempts: z.array(ZWebhookAttempt),
});
export type TWebhookEventDetail = z.infer<typeof ZWebhookEventDetail>;

export const ZWebhookEventParams = z.object({ id: z.string().trim().min(1).max(100) });
