import type { TInvoiceEventData, TSubscriptionEventData } from '@coinlane/core/api/webhook-events';
import type { TSubscriptionEventType } from '@coinlane/core/subscription-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { nextPaymentAt, planAmount } from './present.ts';
import type { InvoiceRow, SubscriptionRow } from './queries.ts';

/** The webhook payload of a subscription event: what an integrator needs to grant or revoke access. */
export function subscriptionPayload(s: SubscriptionRow, planCurrency: string): TSubscriptionEventData {
  return {
    id: s.id,
    planId: s.plan_id,
    email: s.email,
    status: s.status,
    cancelAtPeriodEnd: s.cancel_at_period_end,
    currency: s.currency,
    network: s.network,
    currentPeriodStart: s.current_period_start?.toISOString() ?? null,
    currentPeriodEnd: s.current_period_end?.toISOString() ?? null,
    nextPaymentAt: nextPaymentAt(s)?.toISOString() ?? null,
    credit: planAmount(s.credit, planCurrency),
    mode: s.mode,
  };
}

export function invoicePayload(i: InvoiceRow): TInvoiceEventData {
  return {
    id: i.id,
    subscriptionId: i.subscription_id,
    period: i.period,
    periodStart: i.period_start?.toISOString() ?? null,
    periodEnd: i.period_end?.toISOString() ?? null,
    amount: planAmount(i.amount, i.currency),
    creditApplied: planAmount(i.credit_applied, i.currency),
    amountDue: planAmount(i.amount_due, i.currency),
    currency: i.currency,
    status: i.status,
    dueAt: i.due_at.toISOString(),
    paymentLinkId: i.payment_link_id,
    mode: i.mode,
  };
}

/**
 * One transition of a subscription, in its transaction: an audit row (`subscription.<what>`, before and after
 * status) and the outbox events the status machine emitted, each carrying the subscription as it now is.
 */
export async function logSubscriptionChange({
  db,
  before,
  after,
  planCurrency,
  emit,
  action,
  actor,
  detail = {},
}: {
  db: Db;
  before: SubscriptionRow | null;
  after: SubscriptionRow;
  planCurrency: string;
  emit: readonly TSubscriptionEventType[];
  action: string;
  actor: PaymentActor;
  detail?: Record<string, unknown>;
}): Promise<void> {
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action,
    entityType: 'subscription',
    entityId: after.id,
    mode: after.mode,
    before: before && {
      status: before.status,
      cancel_at_period_end: before.cancel_at_period_end,
      current_period_end: before.current_period_end,
    },
    after: {
      status: after.status,
      cancel_at_period_end: after.cancel_at_period_end,
      current_period_end: after.current_period_end,
      ...detail,
    },
    ip: actor.ip,
  });
  for (const type of emit) {
    await writeOutboxEvent({
      db,
      userId: after.user_id,
      mode: after.mode,
      type,
      entityType: 'subscription',
      entityId: after.id,
      payload: subscriptionPayload(after, planCurrency),
    });
  }
}
