import {
  checkPlanPrice,
  PLANS_PER_MERCHANT_MAX,
  type TCreatePlanRequest,
} from '@coinlane/core/api/subscriptions';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { assertOwnMerchantId } from '#app/lib/merchant-id.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PlanRow } from './queries.ts';

/** The audit view of a plan (what a change is judged by). */
export const planAuditView = (p: PlanRow) => ({
  name: p.name,
  price: p.price,
  currency: p.currency,
  interval: p.interval,
  active: p.active,
  renewal_lead_days: p.renewal_lead_days,
  grace_days: p.grace_days,
});

/** POST /subscriptions/plans: a plan of the caller's mode, active unless said otherwise; audited. */
export async function createPlan({
  db,
  userId,
  mode,
  input,
  actor,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  input: TCreatePlanRequest;
  actor: PaymentActor;
  now?: Date;
}): Promise<PlanRow> {
  assertOwnMerchantId(input.merchantId, userId);
  const price = checkPlanPrice(input.price, input.currency);
  if (!price.ok) {
    throw new AppError('VALIDATION_ERROR', {
      message: price.message,
      details: { fields: { price: price.message } },
    });
  }
  return db.transaction().execute(async (trx) => {
    // Serialises a merchant's plan creations so the count below holds.
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const { n } = await trx
      .selectFrom('subscription_plans')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('mode', '=', mode)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PLANS_PER_MERCHANT_MAX) {
      throw new AppError('CONFLICT', { message: T.planTooMany(PLANS_PER_MERCHANT_MAX) });
    }
    const row = await trx
      .insertInto('subscription_plans')
      .values({
        id: randomId('plan'),
        user_id: userId,
        mode,
        name: input.name,
        description: input.description?.trim() ? input.description.trim() : null,
        price: price.price,
        currency: input.currency,
        interval: input.interval,
        features: JSON.stringify(input.features),
        active: input.active,
        renewal_lead_days: input.renewalLeadDays,
        grace_days: input.graceDays,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: actor.type,
      action: 'subscription_plan.created',
      entityType: 'subscription_plan',
      entityId: row.id,
      mode,
      after: planAuditView(row),
      ip: actor.ip,
    });
    return row;
  });
}
