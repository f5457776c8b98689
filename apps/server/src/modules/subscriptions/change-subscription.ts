import { AppError } from '@coinlane/core/errors';
import { transitionSubscription } from '@coinlane/core/subscription-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { clockOf } from './present.ts';
import { type SubscriptionRow, selectPlan, selectSubscription } from './queries.ts';
import { queueSubscriberMail } from './queue-subscriber-mail.ts';
import { save } from './save-subscription.ts';
import { logSubscriptionChange } from './subscription-log.ts';
import { voidOpenInvoice } from './void-invoice.ts';

export type SubscriptionChange = 'cancel_now' | 'cancel_at_period_end' | 'resume';

const ACTION_WORDS: Record<SubscriptionChange, string> = {
  cancel_now: 'be cancelled',
  cancel_at_period_end: 'be cancelled at the end of its period',
  resume: 'resume',
};

/**
 * Cancel now, cancel at the period end, or resume (undo the latter): by the merchant (PUT
 * /subscriptions/subscribers/{id}) or the subscriber (the portal). Through the status machine; a refused change
 * is 409 INVALID_STATE with the reason. Cancelling now voids the open invoice; cancelling at the period end keeps
 * the paid period and voids an already issued renewal invoice. The subscriber is mailed the cancellation.
 */
export async function changeSubscription({
  db,
  id,
  owner,
  change,
  actor,
  now = new Date(),
}: {
  db: Db;
  id: string;
  /** The merchant and mode the subscription must belong to (null: the portal, already matched by its token). */
  owner: { userId: string; mode: 'test' | 'live' } | null;
  change: SubscriptionChange;
  actor: PaymentActor;
  now?: Date;
}): Promise<SubscriptionRow> {
  return db.transaction().execute(async (trx) => {
    const sub = await selectSubscription(trx, id, { forUpdate: true });
    if (!sub || (owner && (sub.user_id !== owner.userId || sub.mode !== owner.mode))) {
      throw new AppError('NOT_FOUND', { message: T.subscriberNotFound });
    }
    const plan = (await selectPlan(trx, sub.plan_id))!;
    const r = transitionSubscription(
      { status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end },
      {
        type: change,
      },
    );
    if (!r.ok)
      throw new AppError('INVALID_STATE', {
        message: T.subscriptionCannot(ACTION_WORDS[change], sub.status),
      });
    const clock = clockOf(sub, now);
    const cancelled = r.state.status === 'cancelled';
    const dropsRenewal = change === 'cancel_at_period_end' && sub.status === 'active';
    if (cancelled || dropsRenewal) await voidOpenInvoice({ db: trx, sub, now });
    const after = await save(trx, sub, plan, {
      status: r.state.status,
      cancel_at_period_end: r.state.cancelAtPeriodEnd,
      ...(cancelled ? { cancelled_at: clock, ended_at: clock } : {}),
      ...(cancelled || dropsRenewal ? { open_invoice_id: null } : {}),
      ...(change === 'cancel_at_period_end' && !cancelled ? { cancelled_at: clock } : {}),
      ...(change === 'resume' ? { cancelled_at: null } : {}),
    });
    await logSubscriptionChange({
      db: trx,
      before: sub,
      after,
      planCurrency: plan.currency,
      emit: r.emit,
      action: `subscription.${change}`,
      actor,
      detail: { by: owner ? 'merchant' : 'subscriber' },
    });
    if (change !== 'resume') {
      await queueSubscriberMail({
        db: trx,
        subscriptionId: sub.id,
        kind: 'cancelled',
        key: `${change}:${now.getTime()}`,
      });
    }
    return after;
  });
}
