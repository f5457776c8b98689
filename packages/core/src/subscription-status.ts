/**
 * The subscription status machine (issue 17, docs/decisions/023-subscriptions.md). A crypto subscription cannot
 * pull money from the subscriber's wallet: each period is an invoice the subscriber pays. One pure function decides
 * the next status; another decides the next thing to do and when (the server stores it as an indexed time and a
 * job acts on it, so nothing depends on a poller noticing a phase change).
 *
 *   incomplete --first_invoice_paid--> active --period_ended (renewal unpaid)--> past_due --grace_ended--> expired
 *       |                               ^  |                                        |                        |
 *       | incomplete_lapsed (a day)     |  +--renewal_paid (renewed)                |                        |
 *       v                               +-------------- renewal_paid -------------- +                        |
 *    expired <-----------------------------------------------------------------------------------------------+
 *                                                   expired --renewal_paid--> active (a new start)
 *   cancel_now: incomplete, active, past_due -> cancelled. cancel_at_period_end: a flag on active or past_due;
 *   period_ended with the flag -> cancelled. resume clears the flag.
 */

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled', 'expired'] as const;
export type TSubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PLAN_INTERVALS = ['monthly', 'yearly'] as const;
export type TPlanInterval = (typeof PLAN_INTERVALS)[number];

/** The currencies a plan is priced in (merchant spec 3). */
export const PLAN_CURRENCIES = ['USD', 'BTC', 'ETH', 'USDT'] as const;
export type TPlanCurrency = (typeof PLAN_CURRENCIES)[number];

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Webhook events of subscriptions (outbox; the spec's spelling 'cancelled' everywhere). */
export const SUBSCRIPTION_EVENT_TYPES = [
  'subscription.created',
  'subscription.activated',
  'subscription.renewed',
  'subscription.past_due',
  'subscription.cancelled',
  'subscription.expired',
  'invoice.created',
] as const;
export type TSubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

/** Defaults of a plan's renewal settings. */
export const DEFAULT_RENEWAL_LEAD_DAYS = 3;
export const DEFAULT_GRACE_DAYS = 7;
export const MAX_RENEWAL_LEAD_DAYS = 28;
export const MAX_GRACE_DAYS = 30;
/** How long a new subscription waits for its first invoice before it expires. */
export const INCOMPLETE_TTL_MS = 24 * 3_600_000;
const DAY_MS = 24 * 3_600_000;

export type TSubscriptionEvent =
  | { type: 'first_invoice_paid' }
  | { type: 'incomplete_lapsed' }
  | { type: 'renewal_paid' }
  | { type: 'period_ended' }
  | { type: 'grace_ended' }
  | { type: 'cancel_now' }
  | { type: 'cancel_at_period_end' }
  | { type: 'resume' };

export type TSubscriptionState = { status: TSubscriptionStatus; cancelAtPeriodEnd: boolean };

export type TSubscriptionTransition =
  | { ok: true; state: TSubscriptionState; emit: TSubscriptionEventType[] }
  | { ok: false; reason: 'invalid_state' };

const refuse: TSubscriptionTransition = { ok: false, reason: 'invalid_state' };
const to = (
  status: TSubscriptionStatus,
  cancelAtPeriodEnd: boolean,
  emit: TSubscriptionEventType[],
): TSubscriptionTransition => ({ ok: true, state: { status, cancelAtPeriodEnd }, emit });

/** The next state of a subscription and the events to emit; invalid_state when the event does not apply. */
export function transitionSubscription(
  state: TSubscriptionState,
  event: TSubscriptionEvent,
): TSubscriptionTransition {
  const { status, cancelAtPeriodEnd: flag } = state;
  switch (event.type) {
    case 'first_invoice_paid':
      return status === 'incomplete' ? to('active', false, ['subscription.activated']) : refuse;
    case 'incomplete_lapsed':
      return status === 'incomplete' ? to('expired', false, ['subscription.expired']) : refuse;
    case 'renewal_paid':
      // Paid during the period (ahead of its end) or during grace: the next period follows the current one.
      if (status === 'active' || status === 'past_due') return to('active', flag, ['subscription.renewed']);
      // Renewable from expired by paying a new invoice: a new start.
      if (status === 'expired') return to('active', false, ['subscription.activated']);
      return refuse;
    case 'period_ended':
      if (status !== 'active') return refuse;
      return flag
        ? to('cancelled', false, ['subscription.cancelled'])
        : to('past_due', false, ['subscription.past_due']);
    case 'grace_ended':
      return status === 'past_due' ? to('expired', false, ['subscription.expired']) : refuse;
    case 'cancel_now':
      return status === 'incomplete' || status === 'active' || status === 'past_due'
        ? to('cancelled', false, ['subscription.cancelled'])
        : refuse;
    case 'cancel_at_period_end':
      // Past due: the period already ended; cancelling at its end is cancelling now.
      if (status === 'past_due') return to('cancelled', false, ['subscription.cancelled']);
      return status === 'active' && !flag ? to('active', true, []) : refuse;
    case 'resume':
      return status === 'active' && flag ? to('active', false, []) : refuse;
  }
}

/** Statuses counted as subscribed (the merchant's Total Subscribers counts `active` only, per the spec). */
export const isSubscriptionLive = (s: TSubscriptionStatus) => s === 'active' || s === 'past_due';
/** Statuses that still run actions (an open invoice, a renewal to issue, a grace to end). */
export const isSubscriptionOpen = (s: TSubscriptionStatus) => s === 'incomplete' || isSubscriptionLive(s);

/**
 * The end of period `index` (0 is the first) of a subscription started at `anchor`: `index + 1` calendar months
 * (or years) after the anchor, the day clamped to the month's length and counted from the anchor every time, so
 * a subscription started on 31 January renews on 28 (29) February, then 31 March, never drifting to the 28th.
 */
export function periodEnd(anchor: Date, interval: TPlanInterval, index: number): Date {
  const months = (index + 1) * (interval === 'yearly' ? 12 : 1);
  const y = anchor.getUTCFullYear();
  const m = anchor.getUTCMonth() + months;
  const targetYear = y + Math.floor(m / 12);
  const targetMonth = ((m % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(anchor.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(
      targetYear,
      targetMonth,
      day,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
      anchor.getUTCMilliseconds(),
    ),
  );
}

/** What the renewal job does next to a subscription. */
export const SUBSCRIPTION_ACTIONS = [
  'expire_incomplete',
  'issue_renewal',
  'end_period',
  'remind_grace',
  'end_grace',
] as const;
export type TSubscriptionAction = (typeof SUBSCRIPTION_ACTIONS)[number];

export type TScheduleInput = {
  status: TSubscriptionStatus;
  cancelAtPeriodEnd: boolean;
  createdAt: Date;
  /** The current period's end (null while incomplete). */
  periodEnd: Date | null;
  /** Whether the invoice of the next period exists (issued, paid or not). */
  renewalIssued: boolean;
  /** Whether the reminder before grace ends was sent. */
  graceReminded: boolean;
  renewalLeadDays: number;
  graceDays: number;
};

/**
 * The next action and the (subscription clock) time it is due, or null when nothing is left to do (cancelled,
 * expired). The server stores it on the row, indexed; the job takes rows whose time has come.
 * - incomplete: expire a day after creation (the first invoice's link lapses with it);
 * - active: issue the renewal invoice `renewalLeadDays` before the period end (none when cancelling at period end),
 *   then end the period at its end (renewed when the invoice was paid meanwhile, else past due or cancelled);
 * - past_due: remind a day before grace ends, then end grace (expired).
 */
export function nextSubscriptionAction(s: TScheduleInput): { action: TSubscriptionAction; at: Date } | null {
  if (s.status === 'incomplete') {
    return { action: 'expire_incomplete', at: new Date(s.createdAt.getTime() + INCOMPLETE_TTL_MS) };
  }
  if (s.periodEnd === null) return null;
  const end = s.periodEnd.getTime();
  if (s.status === 'active') {
    if (!s.cancelAtPeriodEnd && !s.renewalIssued) {
      return { action: 'issue_renewal', at: new Date(end - s.renewalLeadDays * DAY_MS) };
    }
    return { action: 'end_period', at: s.periodEnd };
  }
  if (s.status === 'past_due') {
    const graceEnd = end + s.graceDays * DAY_MS;
    if (!s.graceReminded && s.graceDays > 1)
      return { action: 'remind_grace', at: new Date(graceEnd - DAY_MS) };
    return { action: 'end_grace', at: new Date(graceEnd) };
  }
  return null;
}

/** The end of the grace period after a period end. */
export const graceEnd = (periodEndAt: Date, graceDays: number) =>
  new Date(periodEndAt.getTime() + graceDays * DAY_MS);

/** How the test clock of a test-mode subscriber can move. */
export const TEST_CLOCK_STEPS = ['day', 'period', 'past_grace'] as const;
export type TTestClockStep = (typeof TEST_CLOCK_STEPS)[number];

/**
 * How far a test clock step moves a subscriber's clock from its current time: a day; to the current period's end
 * (or a day if none); past the end of grace (the period's end plus grace plus a minute, from the later of now and
 * the period's end).
 */
export function testClockTarget(
  step: TTestClockStep,
  now: Date,
  s: { periodEnd: Date | null; graceDays: number },
): Date {
  const day = new Date(now.getTime() + DAY_MS);
  if (step === 'day' || s.periodEnd === null) return day;
  if (step === 'period') return s.periodEnd.getTime() > now.getTime() ? s.periodEnd : day;
  const past = graceEnd(s.periodEnd, s.graceDays).getTime() + 60_000;
  return past > now.getTime() ? new Date(past) : day;
}
