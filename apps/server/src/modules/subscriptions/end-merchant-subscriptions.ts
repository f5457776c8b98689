import { transitionSubscription } from '@coinlane/core/subscription-status';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { clockOf } from './present.ts';
import { selectPlan } from './queries.ts';
import { queueSubscriberMail } from './queue-subscriber-mail.ts';
import { save } from './save-subscription.ts';
import { logSubscriptionChange } from './subscription-log.ts';
import { voidOpenInvoice } from './void-invoice.ts';

/**
 * A merchant's account is deleted (in that transaction): every subscription still running (incomplete, active,
 * past due) is cancelled now, its open invoice void, its subscriber told; every plan is deactivated. So no deleted
 * merchant keeps "active" subscribers who would be invoiced and mailed, and its subscribe pages take no one new.
 * Invoices already paid, and their payments, are kept like every money record.
 */
export async function endMerchantSubscriptions({
  db,
  userId,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  actor: PaymentActor;
  now?: Date;
}): Promise<number> {
  await db
    .updateTable('subscription_plans')
    .set({ active: false, updated_at: now })
    .where('user_id', '=', userId)
    .where('active', '=', true)
    .execute();
  const open = await db
    .selectFrom('subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', 'in', ['incomplete', 'active', 'past_due'])
    .forUpdate()
    .execute();
  for (const sub of open) {
    const r = transitionSubscription(
      { status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end },
      {
        type: 'cancel_now',
      },
    );
    if (!r.ok) continue;
    const plan = (await selectPlan(db, sub.plan_id))!;
    await voidOpenInvoice({ db, sub, now });
    const clock = clockOf(sub, now);
    const after = await save(db, sub, plan, {
      status: r.state.status,
      cancel_at_period_end: false,
      cancelled_at: clock,
      ended_at: clock,
      open_invoice_id: null,
    });
    await logSubscriptionChange({
      db,
      before: sub,
      after,
      planCurrency: plan.currency,
      emit: r.emit,
      action: 'subscription.cancel_now',
      actor,
      detail: { by: 'account_deleted' },
    });
    await queueSubscriberMail({ db, subscriptionId: sub.id, kind: 'cancelled', key: 'account_deleted' });
  }
  return open.length;
}
