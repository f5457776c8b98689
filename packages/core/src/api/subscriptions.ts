import { z } from 'zod';
import { decimalProblem, formatUnits, parseUnits } from '../money.ts';
import { LANGUAGES, MODES } from '../options.ts';
import {
  DEFAULT_GRACE_DAYS,
  DEFAULT_RENEWAL_LEAD_DAYS,
  INVOICE_STATUSES,
  MAX_GRACE_DAYS,
  MAX_RENEWAL_LEAD_DAYS,
  PLAN_CURRENCIES,
  PLAN_INTERVALS,
  SUBSCRIPTION_STATUSES,
  TEST_CLOCK_STEPS,
  type TPlanCurrency,
} from '../subscription-status.ts';
import { T } from '../texts.ts';
import { ZEmail } from './auth.ts';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX, ZCoinInput, ZNetworkInput } from './payments.ts';

// ---------------------------------------------------------------------------------------------------------
// Plans (merchant spec 2, 3, 5; issue 17)

export const PLAN_NAME_MAX = 100;
export const PLAN_DESCRIPTION_MAX = 500;
export const PLAN_FEATURES_MAX = 20;
export const PLAN_FEATURE_MAX = 200;
/** Plans one merchant may have in one mode. */
export const PLANS_PER_MERCHANT_MAX = 100;

/** Decimal places and the largest price of each plan currency. */
export const PLAN_PRICE_RULES: Record<TPlanCurrency, { decimals: number; max: string }> = {
  USD: { decimals: 2, max: '1000000' },
  BTC: { decimals: 8, max: '100' },
  ETH: { decimals: 18, max: '10000' },
  USDT: { decimals: 6, max: '1000000' },
};

/**
 * Checks a plan price in its currency: a positive decimal with at most the currency's decimals, at most its
 * maximum. Returns the normalised text (no leading zeros, no trailing dot) or the message to show.
 */
export function checkPlanPrice(
  value: string | number,
  currency: TPlanCurrency,
): { ok: true; price: string } | { ok: false; message: string } {
  const rules = PLAN_PRICE_RULES[currency];
  const text = (typeof value === 'number' ? String(value) : value).trim();
  if (text === '') return { ok: false, message: T.planPriceRequired };
  if (typeof value === 'number' && !Number.isFinite(value)) return { ok: false, message: T.planPriceInvalid };
  if (/e/i.test(text)) return { ok: false, message: T.planPriceInvalid };
  const problem = decimalProblem(text, rules.decimals);
  if (problem === 'too_many_decimals') {
    return { ok: false, message: T.planPriceTooManyDecimals(currency, rules.decimals) };
  }
  if (problem !== null || !/[1-9]/.test(text)) return { ok: false, message: T.planPriceInvalid };
  const units = parseUnits(text, rules.decimals);
  if (units > parseUnits(rules.max, rules.decimals)) {
    return { ok: false, message: T.planPriceTooLarge(rules.max, currency) };
  }
  const price = formatUnits(units, rules.decimals);
  return { ok: true, price };
}

const ZPlanName = z
  .string({ error: T.planNameRequired })
  .trim()
  .min(1, T.planNameRequired)
  .max(PLAN_NAME_MAX, T.planNameTooLong(PLAN_NAME_MAX));
const ZPlanDescription = z
  .string()
  .trim()
  .max(PLAN_DESCRIPTION_MAX, T.planDescriptionTooLong(PLAN_DESCRIPTION_MAX));
const ZPlanPrice = z.union([z.string().max(60), z.number()], { error: T.planPriceRequired }).meta({
  description: 'Price in the plan currency: a decimal string (or a number), at most the currency decimals',
  example: '9.99',
});
const ZPlanCurrency = z
  .string({ error: T.planCurrencyInvalid })
  .trim()
  .toUpperCase()
  .pipe(z.enum(PLAN_CURRENCIES, { error: T.planCurrencyInvalid }));
const ZPlanInterval = z.enum(PLAN_INTERVALS, { error: T.planIntervalInvalid });
/** Feature lines: empty lines are dropped (merchant spec 5), each at most PLAN_FEATURE_MAX characters. */
const ZPlanFeatures = z
  .array(z.string().max(PLAN_FEATURE_MAX, T.planFeatureTooLong(PLAN_FEATURE_MAX)), {
    error: T.planTooManyFeatures(PLAN_FEATURES_MAX),
  })
  .max(PLAN_FEATURES_MAX * 2, T.planTooManyFeatures(PLAN_FEATURES_MAX))
  .transform((lines) => lines.map((l) => l.trim()).filter((l) => l !== ''))
  .refine((lines) => lines.length <= PLAN_FEATURES_MAX, T.planTooManyFeatures(PLAN_FEATURES_MAX));
const ZLeadDays = z
  .number({ error: T.planLeadDaysInvalid(MAX_RENEWAL_LEAD_DAYS) })
  .int(T.planLeadDaysInvalid(MAX_RENEWAL_LEAD_DAYS))
  .min(0, T.planLeadDaysInvalid(MAX_RENEWAL_LEAD_DAYS))
  .max(MAX_RENEWAL_LEAD_DAYS, T.planLeadDaysInvalid(MAX_RENEWAL_LEAD_DAYS));
const ZGraceDays = z
  .number({ error: T.planGraceDaysInvalid(MAX_GRACE_DAYS) })
  .int(T.planGraceDaysInvalid(MAX_GRACE_DAYS))
  .min(0, T.planGraceDaysInvalid(MAX_GRACE_DAYS))
  .max(MAX_GRACE_DAYS, T.planGraceDaysInvalid(MAX_GRACE_DAYS));

const priceIssue = (v: { price?: string | number; currency?: TPlanCurrency }, ctx: z.RefinementCtx) => {
  if (v.price === undefined) return;
  const r = checkPlanPrice(v.price, v.currency ?? 'USD');
  if (!r.ok) ctx.addIssue({ code: 'custom', path: ['price'], message: r.message });
};

/**
 * POST /subscriptions/plans (the spec's body: merchantId, name, description, price, currency, interval, features),
 * plus the renewal settings: renewalLeadDays (default 3) and graceDays (default 7).
 */
export const ZCreatePlanRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    name: ZPlanName,
    description: ZPlanDescription.nullish(),
    price: ZPlanPrice,
    currency: ZPlanCurrency.default('USD'),
    interval: ZPlanInterval.default('monthly'),
    features: ZPlanFeatures.default([]),
    active: z.boolean().default(true),
    renewalLeadDays: ZLeadDays.default(DEFAULT_RENEWAL_LEAD_DAYS),
    graceDays: ZGraceDays.default(DEFAULT_GRACE_DAYS),
  })
  .strict()
  .superRefine(priceIssue);
export type TCreatePlanRequest = z.infer<typeof ZCreatePlanRequest>;

/**
 * PUT /subscriptions/plans/{id}: the same fields, each optional, plus active. A change of price, currency or
 * interval applies to invoices issued after it (never to an open one).
 */
export const ZUpdatePlanRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    name: ZPlanName.optional(),
    description: ZPlanDescription.nullish(),
    price: ZPlanPrice.optional(),
    currency: ZPlanCurrency.optional(),
    interval: ZPlanInterval.optional(),
    features: ZPlanFeatures.optional(),
    active: z.boolean().optional(),
    renewalLeadDays: ZLeadDays.optional(),
    graceDays: ZGraceDays.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const { merchantId: _ignored, ...changes } = v;
    if (Object.values(changes).every((x) => x === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: T.nothingToUpdate });
    }
    if (v.price === undefined && v.currency !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: T.planPriceRequired });
    }
    priceIssue(v, ctx);
  });
export type TUpdatePlanRequest = z.infer<typeof ZUpdatePlanRequest>;

export const ZPlanIdParams = z.object({ id: z.string().trim().min(1).max(100) });

export const ZListPlansQuery = z.object({
  limit: z.coerce.number().int().min(1).max(PLANS_PER_MERCHANT_MAX).default(PLANS_PER_MERCHANT_MAX),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  active: z.enum(['true', 'false']).optional(),
});

export const ZPlan = z.object({
  id: z.string(),
  mode: z.enum(MODES),
  name: z.string(),
  description: z.string().nullable(),
  /** Decimal string in the plan currency. */
  price: z.string(),
  currency: z.enum(PLAN_CURRENCIES),
  interval: z.enum(PLAN_INTERVALS),
  features: z.array(z.string()),
  active: z.boolean(),
  renewalLeadDays: z.number().int(),
  graceDays: z.number().int(),
  /** Subscribers whose status is active. */
  activeSubscribers: z.number().int(),
  /** The public subscribe page of the plan. */
  subscribeUrl: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPlan = z.infer<typeof ZPlan>;

/** GET /subscriptions/summary: the Subscriptions page's three cards. */
export const ZSubscriptionsSummary = z.object({
  /**
   * Active subscribers' plan prices per month in USD at current rates (a yearly plan counts a twelfth), two
   * decimals; null when a plan currency has no rate.
   */
  monthlyRevenueUsd: z.string().nullable(),
  activeSubscribers: z.number().int(),
  activePlans: z.number().int(),
  totalPlans: z.number().int(),
});
export type TSubscriptionsSummary = z.infer<typeof ZSubscriptionsSummary>;

// ---------------------------------------------------------------------------------------------------------
// Subscribers and invoices

export const ZInvoice = z.object({
  id: z.string(),
  /** 0 for the first invoice, then one per period. */
  period: z.number().int(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  /** The plan price of the period, in the plan currency. */
  amount: z.string(),
  /** Credit from earlier overpayments used on this invoice. */
  creditApplied: z.string(),
  /** What the subscriber pays: amount less credit. */
  amountDue: z.string(),
  currency: z.enum(PLAN_CURRENCIES),
  status: z.enum(INVOICE_STATUSES),
  dueAt: z.string(),
  paidAt: z.string().nullable(),
  /** The hosted payment page of an open invoice (the address is taken only when it is opened). */
  payUrl: z.string().nullable(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZSubscriber = z.object({
  id: z.string(),
  mode: z.enum(MODES),
  email: z.string(),
  planId: z.string(),
  planName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  /** The coin the subscriber pays with, and its network (its id, and its name as shown). */
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  currentPeriodStart: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  /** When the next invoice is due (the current period's end), or null (incomplete, cancelled, expired, cancelling). */
  nextPaymentAt: z.string().nullable(),
  /** Paid invoices in USD at the rate of each payment, two decimals. */
  totalPaid: z.string(),
  /** Overpayment credit kept for the next invoice, in the plan currency. */
  credit: z.string(),
  cancelledAt: z.string().nullable(),
  /** Test mode: the subscriber's own clock (moved by the test clock); null in live mode. */
  testClock: z.string().nullable(),
  openInvoice: ZInvoice.nullable(),
  createdAt: z.string(),
});
export type TSubscriber = z.infer<typeof ZSubscriber>;

export const ZSubscriberDetail = ZSubscriber.extend({ invoices: z.array(ZInvoice) });
export type TSubscriberDetail = z.infer<typeof ZSubscriberDetail>;

export const ZListSubscribersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  planId: z.string().trim().min(1).max(100).optional(),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  /** Part of the subscriber's e-mail. */
  email: z.string().trim().min(1).max(254).optional(),
});
export type TListSubscribersQuery = z.infer<typeof ZListSubscribersQuery>;

/**
 * POST /subscriptions/subscribers: the merchant enrols an e-mail address in a plan. The subscriber is e-mailed an
 * invitation with the first invoice (in test mode, the copy goes to the merchant's own address only).
 */
export const ZEnrolSubscriberRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    planId: z.string().trim().min(1).max(100),
    email: ZEmail,
    /** The coin the subscriber pays with; defaults to the plan currency for a plan priced in a coin. */
    currency: ZCoinInput.optional(),
    network: ZNetworkInput.optional(),
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type TEnrolSubscriberRequest = z.infer<typeof ZEnrolSubscriberRequest>;

export const SUBSCRIPTION_ACTIONS_API = ['cancel_now', 'cancel_at_period_end', 'resume'] as const;
/** PUT /subscriptions/subscribers/{id}: cancel now, cancel at the period end, or resume (undo the latter). */
export const ZUpdateSubscriberRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    action: z.enum(SUBSCRIPTION_ACTIONS_API, { error: T.subscriptionActionInvalid }),
  })
  .strict();
export type TUpdateSubscriberRequest = z.infer<typeof ZUpdateSubscriberRequest>;

/** POST /subscriptions/subscribers/{id}/test-clock: moves a test-mode subscriber's clock and runs what fell due. */
export const ZTestClockRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    advance: z.enum(TEST_CLOCK_STEPS, { error: T.subscriptionTestClockStepInvalid }),
  })
  .strict();

export const ZSubscriberIdParams = z.object({ id: z.string().trim().min(1).max(100) });

// ---------------------------------------------------------------------------------------------------------
// Public: the subscribe page and the subscriber's portal

export const ZPublicPlan = z.object({
  id: z.string(),
  mode: z.enum(MODES),
  name: z.string(),
  description: z.string().nullable(),
  price: z.string(),
  currency: z.enum(PLAN_CURRENCIES),
  interval: z.enum(PLAN_INTERVALS),
  features: z.array(z.string()),
  active: z.boolean(),
  merchantName: z.string(),
  /** The coins (and networks) the subscriber may pay with. */
  coins: z.array(z.object({ currency: z.string(), network: z.string(), networkName: z.string() })),
});
export type TPublicPlan = z.infer<typeof ZPublicPlan>;

export const ZSubscribeRequest = z
  .object({
    email: ZEmail,
    currency: ZCoinInput,
    network: ZNetworkInput,
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type TSubscribeRequest = z.infer<typeof ZSubscribeRequest>;

/** The subscribe page's answer: the first invoice's payment page (the portal link is e-mailed, never returned). */
export const ZSubscribeReply = z.object({ subscriptionId: z.string(), payUrl: z.string() });

export const ZPortalQuery = z.object({ token: z.string().trim().min(1).max(200) });

export const ZPortal = z.object({
  merchantName: z.string(),
  mode: z.enum(MODES),
  email: z.string(),
  plan: z.object({
    name: z.string(),
    price: z.string(),
    currency: z.enum(PLAN_CURRENCIES),
    interval: z.enum(PLAN_INTERVALS),
  }),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.string().nullable(),
  nextPaymentAt: z.string().nullable(),
  credit: z.string(),
  openInvoice: ZInvoice.nullable(),
  paidInvoices: z.array(ZInvoice),
});
export type TPortal = z.infer<typeof ZPortal>;

export const ZPortalCancelRequest = z
  .object({
    token: z.string().trim().min(1).max(200),
    when: z.enum(['now', 'period_end'], { error: 'Choose when: now or period_end' }),
  })
  .strict();
/** POST /public/subscription-portal/renew: an expired subscription's new invoice (renewable by paying it). */
export const ZPortalTokenRequest = z.object({ token: z.string().trim().min(1).max(200) }).strict();
