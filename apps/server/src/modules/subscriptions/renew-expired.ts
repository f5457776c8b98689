import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { issueInvoice, priceInvoice } from './issue-invoice.ts';
import { clockOf } from './present.ts';
import { type SubscriptionRow, selectPlan, selectSubscription } from './queries.ts';
import { save } from './save-subscription.ts';

/**
 * The portal's Renew: an expired subscription gets a new invoice (the next period number), which starts a new
 * period from the moment it is paid. Its open invoice when it has one already. Only from expired: a cancelled
 * subscriber subscribes again from the plan's page.
 */
export async function renewExpiredSubscription({
  deps,
  db,
  id,
  actor,
  maxAgeSeconds,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  id: string;
  actor: PaymentActor;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<SubscriptionRow> {
  const current = await selectSubscription(db, id);
  if (!current) throw new AppError('NOT_FOUND', { message: T.subscriberNotFound });
  const plan = (await selectPlan(db, current.plan_id))!;
  if (current.status !== 'expired') {
    throw new AppError('INVALID_STATE', { message: T.subscriptionCannot('be renewed', current.status) });
  }
  if (current.open_invoice_id) return current;
  const prepared = await priceInvoice({ deps, db, sub: current, plan, maxAgeSeconds, now });
  return db.transaction().execute(async (trx) => {
    const sub = (await selectSubscription(trx, id, { forUpdate: true }))!;
    if (sub.status !== 'expired' || sub.open_invoice_id) return sub;
    // After the last invoice issued (a renewal voided when it expired holds the next number).
    const last = await trx
      .selectFrom('subscription_invoices')
      .select((eb) => eb.fn.max('period').as('period'))
      .where('subscription_id', '=', sub.id)
      .executeTakeFirst();
    const issued = await issueInvoice({
      db: trx,
      sub,
      plan,
      period: Math.max(sub.period_index, Number(last?.period ?? -1)) + 1,
      periodStart: null,
      periodEnd: null,
      dueAt: clockOf(sub, now),
      prepared,
      actor,
      now,
    });
    if (!issued) {
      throw new AppError('CONFLICT', { message: T.subscriptionCannot('be renewed', sub.status) });
    }
    return save(trx, sub, plan, { open_invoice_id: issued.invoice.id, credit: issued.creditLeft });
  });
}
