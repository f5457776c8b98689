import {
  checkPlanPrice,
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  PLAN_PRICE_RULES,
  type TPlan,
} from '@coinlane/core/api/subscriptions';
import {
  DEFAULT_GRACE_DAYS,
  DEFAULT_RENEWAL_LEAD_DAYS,
  MAX_GRACE_DAYS,
  MAX_RENEWAL_LEAD_DAYS,
  type TPlanCurrency,
  type TPlanInterval,
} from '@coinlane/core/subscription-status';
import { T } from '@coinlane/core/texts';
import type { CreatePlanBody } from '../api/subscriptions-api.ts';

/** The plan form as typed (merchant spec 5), every input a string. */
export type PlanFormValues = {
  name: string;
  description: string;
  price: string;
  currency: TPlanCurrency;
  interval: TPlanInterval;
  /** One input per line; at least one always remains. */
  features: string[];
  renewalLeadDays: string;
  graceDays: string;
};

export type PlanField =
  | 'name'
  | 'description'
  | 'price'
  | 'currency'
  | 'interval'
  | 'features'
  | 'renewalLeadDays'
  | 'graceDays';

/** A field's problem, in the server's words (core T), so the form and the server say the same. */
export type PlanFormErrors = Partial<Record<PlanField, string>>;

export const EMPTY_PLAN: PlanFormValues = {
  name: '',
  description: '',
  price: '',
  currency: 'USD',
  interval: 'monthly',
  features: [''],
  renewalLeadDays: String(DEFAULT_RENEWAL_LEAD_DAYS),
  graceDays: String(DEFAULT_GRACE_DAYS),
};

/** The form filled with a plan to edit. */
export const planToForm = (plan: TPlan): PlanFormValues => ({
  name: plan.name,
  description: plan.description ?? '',
  price: plan.price,
  currency: plan.currency,
  interval: plan.interval,
  features: plan.features.length > 0 ? [...plan.features] : [''],
  renewalLeadDays: String(plan.renewalLeadDays),
  graceDays: String(plan.graceDays),
});

/**
 * The price input's step: 0.01 for USD, the smallest unit of a coin otherwise (0.00000001 BTC, 0.000001 USDT,
 * 18 places for ETH), from the price rules the server checks with.
 */
export function priceStep(currency: TPlanCurrency): string {
  const { decimals } = PLAN_PRICE_RULES[currency];
  return decimals === 0 ? '1' : `0.${'0'.repeat(decimals - 1)}1`;
}

/** Another empty feature input, up to the most a plan may list. */
export const addFeature = (features: readonly string[]) =>
  features.length >= PLAN_FEATURES_MAX ? [...features] : [...features, ''];

/** Removes one feature input; the last one always remains (merchant spec 5). */
export const removeFeature = (features: readonly string[], index: number) =>
  features.length <= 1 ? [...features] : features.filter((_, i) => i !== index);

/** Whether a feature input offers removal: only while more than one is shown. */
export const canRemoveFeature = (features: readonly string[]) => features.length > 1;

/** The feature lines to save: trimmed, empty lines dropped (merchant spec 5). */
export const featuresToSave = (features: readonly string[]) =>
  features.map((f) => f.trim()).filter((f) => f !== '');

const DAYS_RE = /^\d{1,3}$/;

/** Checks the form with the rules and texts the server uses; an empty object when it may be sent. */
export function validatePlanForm(v: PlanFormValues): PlanFormErrors {
  const errors: PlanFormErrors = {};
  const name = v.name.trim();
  if (name === '') errors.name = T.planNameRequired;
  else if (name.length > PLAN_NAME_MAX) errors.name = T.planNameTooLong(PLAN_NAME_MAX);
  if (v.description.trim().length > PLAN_DESCRIPTION_MAX)
    errors.description = T.planDescriptionTooLong(PLAN_DESCRIPTION_MAX);
  const price = checkPlanPrice(v.price, v.currency);
  if (!price.ok) errors.price = price.message;
  const features = featuresToSave(v.features);
  if (v.features.some((f) => f.length > PLAN_FEATURE_MAX))
    errors.features = T.planFeatureTooLong(PLAN_FEATURE_MAX);
  else if (features.length > PLAN_FEATURES_MAX) errors.features = T.planTooManyFeatures(PLAN_FEATURES_MAX);
  const lead = v.renewalLeadDays.trim();
  if (!DAYS_RE.test(lead) || Number(lead) > MAX_RENEWAL_LEAD_DAYS)
    errors.renewalLeadDays = T.planLeadDaysInvalid(MAX_RENEWAL_LEAD_DAYS);
  const grace = v.graceDays.trim();
  if (!DAYS_RE.test(grace) || Number(grace) > MAX_GRACE_DAYS)
    errors.graceDays = T.planGraceDaysInvalid(MAX_GRACE_DAYS);
  return errors;
}

/**
 * The body of POST /subscriptions/plans (and of PUT for an edit: the same fields). Call only on a form that
 * validates. The price goes as its normalised decimal text; an empty description as null on an edit (cleared),
 * left out on a create.
 */
export function planRequest(v: PlanFormValues, editing: boolean): CreatePlanBody {
  const price = checkPlanPrice(v.price, v.currency);
  const description = v.description.trim();
  return {
    name: v.name.trim(),
    ...(description ? { description } : editing ? { description: null } : {}),
    price: price.ok ? price.price : v.price.trim(),
    currency: v.currency,
    interval: v.interval,
    features: featuresToSave(v.features),
    renewalLeadDays: Number(v.renewalLeadDays.trim()),
    graceDays: Number(v.graceDays.trim()),
  };
}

const FIELDS: readonly PlanField[] = [
  'name',
  'description',
  'price',
  'currency',
  'interval',
  'features',
  'renewalLeadDays',
  'graceDays',
];

/**
 * The server's field errors (`error.fields`, keyed by the field's path: `price`, `features.2`) placed on the
 * form's fields; the rest come back as `other` to show above the form.
 */
export function serverFieldErrors(fields: Record<string, string>): {
  errors: PlanFormErrors;
  other: string[];
} {
  const errors: PlanFormErrors = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fields)) {
    const head = path.split('.')[0] as PlanField;
    if (FIELDS.includes(head)) errors[head] ??= message;
    else other.push(message);
  }
  return { errors, other };
}
