import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TLanguage } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { fiatInput, preparePayment } from '#app/modules/payments/prepare-payment.ts';
import { issueInvoice } from './issue-invoice.ts';
import { type InvoiceRow, type PlanRow, type SubscriptionRow, selectPlan } from './queries.ts';
import { queueSubscriberMail } from './queue-subscriber-mail.ts';
import { scheduleOf } from './schedule.ts';
import { logSubscriptionChange } from './subscription-log.ts';

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/**
 * A new subscriber of a plan (the public subscribe page, or the merchant enrolling an e-mail): the subscription,
 * incomplete, and its first invoice (period 0) in the coin the subscriber pays with, in one transaction; events
 * subscription.created and invoice.created; the invitation mail with the pay link and the portal link queued.
 * Refused: a plan closed to new subscribers, a coin other than the plan's own for a plan priced in a coin, an
 * e-mail that already has an open subscription to the plan (409).
 */
export async function startSubscription({
  deps,
  db,
  plan,
  email,
  currency,
  network,
  language,
  createdVia,
  actor,
  maxAgeSeconds,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  plan: PlanRow;
  email: string;
  currency: string;
  network: string | null;
  language: TLanguage;
  createdVia: 'subscribe_page' | 'merchant';
  actor: PaymentActor;
  maxAgeSeconds: number;
  now?: Date;
}): Promise<{ subscription: SubscriptionRow; invoice: InvoiceRow }> {
  if (!plan.active || plan.deleted_at) throw new AppError('INVALID_STATE', { message: T.planInactive });
  const prepared = await preparePayment({
    addressSources: deps.addressSources,
    db,
    userId: plan.user_id,
    mode: plan.mode,
    currency,
    network,
    amount: plan.currency === 'USD' ? fiatInput(plan.price, 'USD') : { kind: 'crypto', amount: plan.price },
    maxAgeSeconds,
    now,
  });
  const coin = prepared.currency.row;
  if (plan.currency !== 'USD' && coin.symbol !== plan.currency) {
    const message = T.planCoinNotAccepted(coin.symbol, plan.currency);
    throw new AppError('VALIDATION_ERROR', { message, details: { fields: { currency: message } } });
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await selectPlan(trx, plan.id);
      if (!locked?.active || locked.deleted_at)
        throw new AppError('INVALID_STATE', { message: T.planInactive });
      const open = await trx
        .selectFrom('subscriptions')
        .select('id')
        .where('plan_id', '=', plan.id)
        .where('email', '=', email)
        .where('status', 'in', ['incomplete', 'active', 'past_due'])
        .executeTakeFirst();
      if (open) throw new AppError('CONFLICT', { message: T.subscriptionExists });
      const id = randomId('sub');
      const base = {
        id,
        user_id: plan.user_id,
        mode: plan.mode,
        plan_id: plan.id,
        email,
        language,
        currency: coin.symbol,
        network: coin.network,
        created_via: createdVia,
        created_at: now,
        updated_at: now,
      };
      const inserted = await trx
        .insertInto('subscriptions')
        .values({ ...base, next_action: null, next_action_at: null, due_at: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      const issued = await issueInvoice({
        db: trx,
        sub: inserted,
        plan: locked,
        period: 0,
        periodStart: null,
        periodEnd: null,
        dueAt: now,
        prepared,
        actor,
        now,
      });
      if (!issued) throw new Error('first invoice already issued for a new subscription');
      const withInvoice = { ...inserted, open_invoice_id: issued.invoice.id };
      const subscription = await trx
        .updateTable('subscriptions')
        .set({ open_invoice_id: issued.invoice.id, ...scheduleOf(withInvoice, locked) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await logSubscriptionChange({
        db: trx,
        before: null,
        after: subscription,
        planCurrency: locked.currency,
        emit: ['subscription.created'],
        action: 'subscription.created',
        actor,
        detail: { plan_id: plan.id, created_via: createdVia },
      });
      await queueSubscriberMail({
        db: trx,
        subscriptionId: id,
        kind: 'invitation',
        invoiceId: issued.invoice.id,
        key: issued.invoice.id,
      });
      return { subscription, invoice: issued.invoice };
    });
  } catch (err) {
    // Two requests for the same address at once: the partial unique index decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', { message: T.subscriptionExists });
    throw err;
  }
}
