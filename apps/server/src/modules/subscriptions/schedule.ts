import { nextSubscriptionAction } from '@coinlane/core/subscription-status';
import type { PlanRow, SubscriptionRow } from './queries.ts';

/**
 * The next action of a subscription as row fields: what (next_action), when on the subscriber's clock
 * (next_action_at) and when in real time (due_at, indexed: what the renewal job looks up). Written with every
 * change of the subscription, so no phase change is ever left for a poller to notice.
 */
export function scheduleOf(
  sub: Pick<
    SubscriptionRow,
    | 'status'
    | 'cancel_at_period_end'
    | 'created_at'
    | 'current_period_end'
    | 'open_invoice_id'
    | 'grace_reminded'
    | 'clock_offset_ms'
  >,
  plan: Pick<PlanRow, 'renewal_lead_days' | 'grace_days'>,
): {
  next_action: SubscriptionRow['next_action'];
  next_action_at: Date | null;
  due_at: Date | null;
} {
  const next = nextSubscriptionAction({
    status: sub.status,
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    createdAt: sub.created_at,
    periodEnd: sub.current_period_end,
    renewalIssued: sub.open_invoice_id !== null,
    graceReminded: sub.grace_reminded,
    renewalLeadDays: plan.renewal_lead_days,
    graceDays: plan.grace_days,
  });
  if (!next) return { next_action: null, next_action_at: null, due_at: null };
  return {
    next_action: next.action,
    next_action_at: next.at,
    due_at: new Date(next.at.getTime() - Number(sub.clock_offset_ms)),
  };
}
