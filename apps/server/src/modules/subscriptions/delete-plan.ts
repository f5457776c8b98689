import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { planAuditView } from './create-plan.ts';
import { selectOwnPlan } from './queries.ts';

/**
 * DELETE /subscriptions/plans/{id}: refused (409, with the count) while the plan has subscribers who still pay
 * or owe (active, past due, or an unpaid first invoice): deactivate it instead. Otherwise the plan disappears from
 * the merchant's lists and its subscribe page; its ended subscriptions and their invoices are kept (deleted_at).
 */
export async function deletePlan({
  db,
  userId,
  mode,
  id,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  actor: PaymentActor;
  now?: Date;
}): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const plan = await selectOwnPlan(trx, { id, userId, mode }, { forUpdate: true });
    if (!plan) throw new AppError('NOT_FOUND', { message: T.planNotFound });
    const { n } = await trx
      .selectFrom('subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('plan_id', '=', id)
      .where('status', 'in', ['incomplete', 'active', 'past_due'])
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new AppError('INVALID_STATE', { message: T.planHasSubscribers(Number(n)) });
    await trx
      .updateTable('subscription_plans')
      .set({ deleted_at: now, active: false, updated_at: now })
      .where('id', '=', id)
      .execute();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'subscription_plan.deleted',
      entityType: 'subscription_plan',
      entityId: id,
      mode,
      before: planAuditView(plan),
      ip: actor.ip,
    });
  });
}
