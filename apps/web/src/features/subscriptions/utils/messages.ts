import {
  PLAN_DESCRIPTION_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  PLAN_PRICE_RULES,
  PLANS_PER_MERCHANT_MAX,
} from '@coinlane/core/api/subscriptions';
import {
  MAX_GRACE_DAYS,
  MAX_RENEWAL_LEAD_DAYS,
  PLAN_CURRENCIES,
  SUBSCRIPTION_STATUSES,
  type TSubscriptionStatus,
} from '@coinlane/core/subscription-status';
import { T } from '@coinlane/core/texts';
import { ApiError } from '../../../lib/api-client.ts';
import type { SubscriberAction } from '../api/subscriptions-api.ts';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The server's (and the form's) fixed texts, by their key in the catalogue's `errors`. */
const FIXED: ReadonlyArray<[string, string]> = [
  [T.planNameRequired, 'nameRequired'],
  [T.planNameTooLong(PLAN_NAME_MAX), 'nameTooLong'],
  [T.planDescriptionTooLong(PLAN_DESCRIPTION_MAX), 'descriptionTooLong'],
  [T.planPriceRequired, 'priceRequired'],
  [T.planPriceInvalid, 'priceInvalid'],
  [T.planCurrencyInvalid, 'currencyInvalid'],
  [T.planIntervalInvalid, 'intervalInvalid'],
  [T.planTooManyFeatures(PLAN_FEATURES_MAX), 'tooManyFeatures'],
  [T.planFeatureTooLong(PLAN_FEATURE_MAX), 'featureTooLong'],
  [T.planLeadDaysInvalid(MAX_RENEWAL_LEAD_DAYS), 'leadDaysInvalid'],
  [T.planGraceDaysInvalid(MAX_GRACE_DAYS), 'graceDaysInvalid'],
  [T.planNotFound, 'planNotFound'],
  [T.planInactive, 'planInactive'],
  [T.planTooMany(PLANS_PER_MERCHANT_MAX), 'planTooMany'],
  [T.subscriberNotFound, 'subscriberNotFound'],
  [T.subscriptionExists, 'subscriptionExists'],
  [T.subscriptionTestClockLiveMode, 'testClockLiveMode'],
  [T.emailInvalid, 'emailInvalid'],
];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Stand-ins for a text's parameters: a core T text built with them matches any values in their place. */
const A = '@@a@@';
const B = '@@b@@';
const pattern = (text: string) =>
  new RegExp(`^${escapeRe(text).split(A).join('(.+?)').split(B).join('(.+?)')}$`);
const HAS_SUBSCRIBERS = [
  pattern(T.planHasSubscribers(1).replace('1', A)),
  pattern(T.planHasSubscribers(2).replace('2', A)),
];
const COIN_NOT_ACCEPTED = pattern(T.planCoinNotAccepted(A, B));
const CANNOT = pattern(T.subscriptionCannot(A, B));

/** The status named in a server text (`past due`), as a code, or null. */
const statusOf = (words: string): TSubscriptionStatus | null => {
  const code = words.trim().replace(/ /g, '_');
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(code) ? (code as TSubscriptionStatus) : null;
};

/**
 * A server or form text of the Subscriptions page in the interface language; null for a text the page does not
 * know (the caller shows it as it came). `action`: the subscriber action that was refused, for the server's
 * 'This subscription cannot ... while it is ...'.
 */
export function translateKnown(message: string, t: Translate, action?: SubscriberAction): string | null {
  for (const [text, key] of FIXED) if (message === text) return t(`errors.${key}`);
  for (const currency of PLAN_CURRENCIES) {
    const { decimals, max } = PLAN_PRICE_RULES[currency];
    if (message === T.planPriceTooManyDecimals(currency, decimals))
      return t('errors.priceTooManyDecimals', { currency, decimals });
    if (message === T.planPriceTooLarge(max, currency)) return t('errors.priceTooLarge', { max, currency });
  }
  for (const re of HAS_SUBSCRIBERS) {
    const m = re.exec(message);
    if (m && /^\d+$/.test(m[1]!)) return t('errors.planHasSubscribers', { count: Number(m[1]) });
  }
  const coin = COIN_NOT_ACCEPTED.exec(message);
  if (coin) return t('errors.coinNotAccepted', { coin: coin[1], currency: coin[2] });
  const cannot = CANNOT.exec(message);
  const status = cannot ? statusOf(cannot[2]!) : null;
  if (cannot && status && action) return t(`errors.cannot.${action}`, { status: t(`status.${status}`) });
  return null;
}

/** A message the server wrote (its envelope's error), not the client's 'HTTP {status}' or a network failure. */
export const isServerMessage = (err: unknown): err is ApiError =>
  err instanceof ApiError && err.status > 0 && !err.code.startsWith('HTTP_') && !!err.message;

/** A validation text of the form or the server in the interface language (unknown texts as they came). */
export const fieldText = (message: string, t: Translate) => translateKnown(message, t) ?? message;

/**
 * The text of a failed call: the server's own message (translated when known), else the page's fallback
 * (`errors.<fallback>`, the spec's 'Failed to ...').
 */
export function failureText(err: unknown, fallback: string, t: Translate, action?: SubscriberAction): string {
  if (isServerMessage(err) && err.status < 500) return translateKnown(err.message, t, action) ?? err.message;
  return t(`errors.${fallback}`);
}

/** A subscription status as shown: its name upper-cased, underscores as spaces (merchant spec 2: PAST DUE). */
export const statusLabel = (status: TSubscriptionStatus, t: Translate, lang: string) =>
  t(`status.${status}`).toLocaleUpperCase(lang);
