import { checkPlanPrice, type TUpdatePlanRequest } from '@coinlane/core/api/subscriptions';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Updateable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { SubscriptionPlansTable } from '#app/db/schema.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { planAuditView } from './create-plan.ts';
import { type PlanRow, selectOwnPlan } from './queries.ts';

/**
 * PUT /subscriptions/plans/{id}: any of the plan's fields, and active (activate / deactivate: a deactivated plan
 * takes no new subscriber; its subscribers keep renewing). A new price, currency or interval applies to invoices
 * issued from now on, never to one already issued. Audited with the before and after.
 */
export async function updatePlan({
  db,
  userId,
  mode,
  id,
  input,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  id: string;
  input: TUpdatePlanRequest;
  actor: PaymentActor;
  now?: Date;
}): Promise<PlanRow> {
  assertOwnMerchantId(input.merchantId, userId);
  return db.transaction().execute(async (trx) => {
    const before = await selectOwnPlan(trx, { id, userId, mode }, { forUpdate: true });
    if (!before) throw new AppError('NOT_FOUND', { message: T.planNotFound });
    const set: Updateable<SubscriptionPlansTable> = { updated_at: now };
    if (input.price !== undefined) {
      const r = checkPlanPrice(input.price, input.currency ?? before.currency);
      if (!r.ok) {
        throw new AppError('VALIDATION_ERROR', {
          message: r.message,
          details: { fields: { price: r.message } },
        });
      }
      set.price = r.price;
    }
    if (input.name !== undefined) set.name = input.name;
    if (input.description !== undefined)
      set.description = input.description?.trim() ? input.description.trim() : null;
    if (input.currency !== undefined) set.currency = input.currency;
    if (input.interval !== undefined) set.interval = input.interval;
    if (input.features !== undefined) set.features = JSON.stringify(input.features);
    if (input.active !== undefined) set.active = input.active;
    if (input.renewalLeadDays !== undefined) set.renewal_lead_days = input.renewalLeadDays;
    if (input.graceDays !== undefined) set.grace_days = input.graceDays;
    const after = await trx
      .updateTable('subscription_plans')
      .set(set)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const action =
      input.active !== undefined && input.active !== before.active
        ? input.active
          ? 'subscription_plan.activated'
          : 'subscription_plan.deactivated'
        : 'subscription_plan.updated';
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action,
      entityType: 'subscription_plan',
      entityId: id,
      mode,
      before: planAuditView(before),
      after: planAuditView(after),
      ip: actor.ip,
    });
    return after;
  });
}
