import { AppError } from '@coinlane/core/errors';
import { type TTestClockStep, testClockTarget } from '@coinlane/core/subscription-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { advanceSubscription } from './advance-subscription.ts';
import { clockOf } from './present.ts';
import { type SubscriptionRow, selectPlan, selectSubscription } from './queries.ts';
import { scheduleOf } from './schedule.ts';

/**
 * The test clock (test mode only): moves one subscriber's clock forward by a day, to the end of its period, or past
 * the end of grace, then runs at once what fell due on it, exactly as the renewal job would (invoices issued and
 * mailed, the period ended, grace ended). Real time is untouched: payments, rate locks and confirmations go on as
 * usual, and the subscriber's later times are its clock's.
 */
export async function moveTestClock({
  deps,
  db,
  id,
  owner,
  step,
  actor,
  maxAgeSeconds,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  id: string;
  owner: { userId: string; mode: 'test' | 'live' };
  step: TTestClockStep;
  actor: PaymentActor;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<SubscriptionRow> {
  return db.transaction().execute(async (trx) => {
    const sub = await selectSubscription(trx, id, { forUpdate: true });
    if (!sub || sub.user_id !== owner.userId || sub.mode !== owner.mode) {
      throw new AppError('NOT_FOUND', { message: T.subscriberNotFound });
    }
    if (sub.mode !== 'test') throw new AppError('FORBIDDEN', { message: T.subscriptionTestClockLiveMode });
    const plan = (await selectPlan(trx, sub.plan_id))!;
    const clock = clockOf(sub, now);
    const target = testClockTarget(step, clock, {
      periodEnd: sub.current_period_end,
      graceDays: plan.grace_days,
    });
    const offset = Number(sub.clock_offset_ms) + (target.getTime() - clock.getTime());
    const moved = { ...sub, clock_offset_ms: offset };
    const saved = await trx
      .updateTable('subscriptions')
      .set({ clock_offset_ms: offset, ...scheduleOf(moved, plan), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'subscription.test_clock_moved',
      entityType: 'subscription',
      entityId: id,
      mode: sub.mode,
      before: { clock: clock.toISOString() },
      after: { clock: target.toISOString(), step },
      ip: actor.ip,
    });
    return advanceSubscription({ deps, db: trx, sub: saved, now, maxAgeSeconds, actor });
  });
}
