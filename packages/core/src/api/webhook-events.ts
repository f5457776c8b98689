import { z } from 'zod';
import { MODES } from '../options.ts';
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from '../subscription-status.ts';
import { ZPaymentDetail } from './payments.ts';
import { ZPayoutEntry } from './payouts.ts';
import { ZRefund } from './refunds.ts';
import { WEBHOOK_TEST_EVENT } from './webhooks.ts';

/**
 * The body of a webhook delivery, as the merchant's endpoint receives it (and as `payload` of
 * GET /webhooks/events/{id}): `{ id, type, createdAt, mode, data }`, where `data` depends on the type's entity.
 * The server's payload builders are typed with these schemas, so the two cannot drift apart.
 */

/** `data` of subscription.* events: what an integrator needs to grant or revoke access. */
export const ZSubscriptionEventData = z.object({
  id: z.string(),
  planId: z.string(),
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currency: z.string(),
  network: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  nextPaymentAt: z.string().nullable(),
  /** Overpayment credit kept for the next invoice, in the plan currency. */
  credit: z.string(),
  mode: z.enum(MODES),
});
export type TSubscriptionEventData = z.infer<typeof ZSubscriptionEventData>;

/** `data` of invoice.created. */
export const ZInvoiceEventData = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  period: z.number().int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  amount: z.string(),
  creditApplied: z.string(),
  amountDue: z.string(),
  /** The plan currency (USD, BTC, ETH, USDT). */
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  dueAt: z.string(),
  paymentLinkId: z.string().nullable(),
  mode: z.enum(MODES),
});
export type TInvoiceEventData = z.infer<typeof ZInvoiceEventData>;

const envelopeOf = <const Types extends readonly [string, ...string[]], D extends z.ZodType>(
  types: Types,
  data: D,
) =>
  z.object({
    /** The event id (`evt_...`), also sent as the Coinlane-Event-Id header: deduplicate on it. */
    id: z.string(),
    type: z.enum(types),
    createdAt: z.string(),
    mode: z.enum(MODES),
    data,
  });

/** Every delivered event, told apart by `type`. */
export const ZWebhookEventBody = z.discriminatedUnion('type', [
  envelopeOf(
    [
      'payment.created',
      'payment.partial',
      'payment.confirmed',
      'payment.failed',
      'payment.expired',
      'payment.reversed',
      'payment.paid_late',
    ],
    ZPaymentDetail,
  ),
  envelopeOf(['refund.created', 'refund.paid', 'refund.reversed'], ZRefund),
  envelopeOf(
    [
      'subscription.created',
      'subscription.activated',
      'subscription.renewed',
      'subscription.past_due',
      'subscription.cancelled',
      'subscription.expired',
    ],
    ZSubscriptionEventData,
  ),
  envelopeOf(['invoice.created'], ZInvoiceEventData),
  envelopeOf(['payout.created', 'payout.completed', 'payout.failed'], ZPayoutEntry),
  envelopeOf([WEBHOOK_TEST_EVENT], z.object({ message: z.string() })),
]);
export type TWebhookEventBody = z.infer<typeof ZWebhookEventBody>;
