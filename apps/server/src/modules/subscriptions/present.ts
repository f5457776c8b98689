import type { TInvoice, TPlan, TSubscriber } from '@coinlane/core/api/subscriptions';
import { PLAN_PRICE_RULES } from '@coinlane/core/api/subscriptions';
import { formatUnits, parseUnits } from '@coinlane/core/money';
import type { TPlanCurrency } from '@coinlane/core/subscription-status';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { InvoiceRow, PlanRow, SubscriptionRow } from './queries.ts';

/** The public subscribe page of a plan. */
export const subscribeUrl = (appUrl: string, planId: string) => `${appUrl}/subscribe/${planId}`;
/** The hosted payment page of an invoice's link. */
export const invoicePayUrl = (appUrl: string, linkId: string) => `${appUrl}/payment/${linkId}`;
/** The subscriber's portal (the token in the query string; decision 023). */
export const portalUrl = (appUrl: string, token: string) =>
  `${appUrl}/subscription-portal?token=${encodeURIComponent(token)}`;

/** A plan-currency amount (numeric text from the database) in its currency's decimals, trailing zeros dropped. */
export function planAmount(value: string, currency: string): string {
  const decimals = PLAN_PRICE_RULES[currency as TPlanCurrency]?.decimals ?? 18;
  return formatUnits(toUnits(value, decimals), decimals);
}

/** numeric text ('12.50', '0', '1.000000000000000000') to base units of `decimals` places (never rounds up). */
export function toUnits(value: string, decimals: number): bigint {
  const [int = '0', frac = ''] = String(value).split('.');
  return parseUnits(`${int}${frac ? `.${frac.slice(0, decimals)}` : ''}`, decimals);
}

/** A USD amount with two decimals. */
export const usd = (value: string) => formatUnits(toUnits(value, 2), 2, { minDecimals: 2 });

export function presentPlan(row: PlanRow, activeSubscribers: number, appUrl: string): TPlan {
  return {
    id: row.id,
    mode: row.mode,
    name: row.name,
    description: row.description,
    price: planAmount(row.price, row.currency),
    currency: row.currency,
    interval: row.interval,
    features: row.features,
    active: row.active,
    renewalLeadDays: row.renewal_lead_days,
    graceDays: row.grace_days,
    activeSubscribers,
    subscribeUrl: subscribeUrl(appUrl, row.id),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export function presentInvoice(row: InvoiceRow, appUrl: string): TInvoice {
  return {
    id: row.id,
    period: row.period,
    periodStart: row.period_start?.toISOString() ?? null,
    periodEnd: row.period_end?.toISOString() ?? null,
    amount: planAmount(row.amount, row.currency),
    creditApplied: planAmount(row.credit_applied, row.currency),
    amountDue: planAmount(row.amount_due, row.currency),
    currency: row.currency as TPlanCurrency,
    status: row.status,
    dueAt: row.due_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    payUrl: row.status === 'open' && row.payment_link_id ? invoicePayUrl(appUrl, row.payment_link_id) : null,
    paymentId: row.payment_id,
    createdAt: row.created_at.toISOString(),
  };
}

/** When the next invoice falls due: the paid period's end while the subscription renews (none otherwise). */
export function nextPaymentAt(row: SubscriptionRow): Date | null {
  if (row.status === 'past_due') return row.current_period_end;
  if (row.status !== 'active' || row.cancel_at_period_end) return null;
  return row.current_period_end;
}

/** The subscriber's own clock: real time plus the test clock's lead (0 in live mode). */
export const clockOf = (row: Pick<SubscriptionRow, 'clock_offset_ms'>, now: Date) =>
  new Date(now.getTime() + Number(row.clock_offset_ms));

export function presentSubscriber(
  row: SubscriptionRow,
  o: { planName: string; planCurrency: string; openInvoice: InvoiceRow | null; appUrl: string; now: Date },
): TSubscriber {
  return {
    id: row.id,
    mode: row.mode,
    email: row.email,
    planId: row.plan_id,
    planName: o.planName,
    status: row.status,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    currency: row.currency,
    network: row.network,
    networkName: networkInfo(row.network).name,
    currentPeriodStart: row.current_period_start?.toISOString() ?? null,
    currentPeriodEnd: row.current_period_end?.toISOString() ?? null,
    nextPaymentAt: nextPaymentAt(row)?.toISOString() ?? null,
    totalPaid: usd(row.total_paid_usd),
    credit: planAmount(row.credit, o.planCurrency),
    cancelledAt: row.cancelled_at?.toISOString() ?? null,
    testClock: row.mode === 'test' ? clockOf(row, o.now).toISOString() : null,
    openInvoice: o.openInvoice ? presentInvoice(o.openInvoice, o.appUrl) : null,
    createdAt: row.created_at.toISOString(),
  };
}
