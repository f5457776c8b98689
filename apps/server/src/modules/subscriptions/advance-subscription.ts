import {
  periodEnd,
  type TSubscriptionEvent,
  transitionSubscription,
} from '@coinlane/core/subscription-status';
import type { Db } from '#app/db/connection.ts';
import { type PaymentActor, SYSTEM_ACTOR } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import type { PricingReads } from '#app/modules/payments/pricing-reads.ts';
import { applyInvoicePaid } from './apply-invoice-payment.ts';
import { issueInvoice, priceInvoice } from './issue-invoice.ts';
import { clockOf } from './present.ts';
import { type InvoiceRow, type PlanRow, type SubscriptionRow, selectPlan } from './queries.ts';
import { queueSubscriberMail } from './queue-subscriber-mail.ts';
import { type Fields, save } from './save-subscription.ts';
import { logSubscriptionChange } from './subscription-log.ts';
import { voidOpenInvoice } from './void-invoice.ts';

/** Steps one call may run (a test clock moved a year runs a dozen; a loop is a bug). */
const MAX_STEPS = 200;

/**
 * Runs every action of one subscription whose time has come on the subscriber's clock, in order, in the caller's
 * transaction with the row locked (the renewal job, the test clock): expire an unpaid first invoice, issue the
 * renewal invoice, end the period (renewed already, or past due, or cancelled at its end), remind before grace
 * ends, end grace (expired). Each step writes the row, its next action and due time, the audit row and the events,
 * so a crash between steps loses nothing and repeats nothing (the invoice's unique key and the mails'
 * deterministic ids make a repeat a no-op). Returns the subscription as it is after. `reads`: how a renewal is
 * priced (the renewal batch keeps the coin rows and quotes a few seconds: pricing-reads.ts); fresh by default.
 */
export async function advanceSubscription({
  deps,
  db,
  sub: initial,
  now,
  maxAgeSeconds,
  actor = SYSTEM_ACTOR,
  reads,
}: {
  deps: PaymentDeps;
  /** A transaction in which `sub` is locked. */
  db: Db;
  sub: SubscriptionRow;
  now: Date;
  maxAgeSeconds: number;
  actor?: PaymentActor;
  reads?: PricingReads;
}): Promise<SubscriptionRow> {
  let sub = initial;
  const plan = (await selectPlan(db, sub.plan_id))!;
  for (let step = 0; step < MAX_STEPS; step++) {
    const clock = clockOf(sub, now);
    if (!sub.next_action || !sub.next_action_at || sub.next_action_at.getTime() > clock.getTime()) break;
    sub = await runAction({ deps, db, sub, plan, clock, now, maxAgeSeconds, actor, reads });
  }
  return sub;
}

async function runAction(o: {
  deps: PaymentDeps;
  db: Db;
  sub: SubscriptionRow;
  plan: PlanRow;
  /** The subscriber's clock. */
  clock: Date;
  now: Date;
  maxAgeSeconds: number;
  actor: PaymentActor;
  reads: PricingReads | undefined;
}): Promise<SubscriptionRow> {
  const { db, sub, plan, actor } = o;
  // Times recorded for the subscriber are on its clock (the same as real time in live mode).
  const at = sub.next_action_at ?? o.clock;
  switch (sub.next_action) {
    case 'expire_incomplete':
      return transition(o, { type: 'incomplete_lapsed' }, { ended_at: at }, async (after) => {
        await voidOpenInvoice({ db, sub, now: o.now });
        return { ...after, open_invoice_id: null };
      });
    case 'issue_renewal': {
      const period = sub.period_index + 1;
      const start = sub.current_period_end!;
      const end = periodEnd(sub.anchor_at!, plan.interval, period - sub.anchor_period);
      const prepared = await priceInvoice({
        deps: o.deps,
        db,
        sub,
        plan,
        maxAgeSeconds: o.maxAgeSeconds,
        now: o.now,
        ...(o.reads ? { reads: o.reads } : {}),
      });
      const issued = await issueInvoice({
        db,
        sub,
        plan,
        period,
        periodStart: start,
        periodEnd: end,
        dueAt: start,
        prepared,
        actor,
        now: o.now,
      });
      if (!issued) {
        // Issued before (a repeat after a crash): point the subscription at it.
        const existing = await db
          .selectFrom('subscription_invoices')
          .selectAll()
          .where('subscription_id', '=', sub.id)
          .where('period', '=', period)
          .executeTakeFirstOrThrow();
        if (existing.status === 'paid') {
          return applyInvoicePaid({ db, sub, plan, invoice: existing, payment: null, actor, now: o.now });
        }
        if (existing.status === 'void') await reopenInvoice(db, existing, o.now);
        return save(db, sub, plan, { open_invoice_id: existing.id });
      }
      if (issued.invoice.status === 'paid') {
        // The credit covered it: paid now, the period moves on.
        const withCredit = await save(db, sub, plan, {
          credit: issued.creditLeft,
          open_invoice_id: issued.invoice.id,
        });
        return applyInvoicePaid({
          db,
          sub: withCredit,
          plan,
          invoice: issued.invoice,
          payment: null,
          actor,
          now: o.now,
        });
      }
      await queueSubscriberMail({
        db,
        subscriptionId: sub.id,
        kind: 'renewal',
        invoiceId: issued.invoice.id,
        key: issued.invoice.id,
      });
      return save(db, sub, plan, { credit: issued.creditLeft, open_invoice_id: issued.invoice.id });
    }
    case 'end_period': {
      return transition(o, { type: 'period_ended' }, {}, async (after) => {
        if (after.status === 'cancelled') {
          await voidOpenInvoice({ db, sub, now: o.now });
          await queueSubscriberMail({
            db,
            subscriptionId: sub.id,
            kind: 'cancelled',
            key: `end:${sub.period_index}`,
          });
          return { ...after, open_invoice_id: null, cancelled_at: at, ended_at: at };
        }
        await queueSubscriberMail({
          db,
          subscriptionId: sub.id,
          kind: 'due',
          invoiceId: sub.open_invoice_id,
          key: `period:${sub.period_index + 1}`,
        });
        return after;
      });
    }
    case 'remind_grace':
      await queueSubscriberMail({
        db,
        subscriptionId: sub.id,
        kind: 'grace',
        invoiceId: sub.open_invoice_id,
        key: `period:${sub.period_index + 1}`,
      });
      return save(db, sub, plan, { grace_reminded: true });
    case 'end_grace':
      return transition(o, { type: 'grace_ended' }, { ended_at: at }, async (after) => {
        await voidOpenInvoice({ db, sub, now: o.now });
        await queueSubscriberMail({
          db,
          subscriptionId: sub.id,
          kind: 'expired',
          key: `grace:${sub.period_index + 1}`,
        });
        return { ...after, open_invoice_id: null };
      });
    default:
      return sub;
  }
}

/** A status machine transition: the new state, the caller's extra fields, saved, logged with its events. */
async function transition(
  o: { db: Db; sub: SubscriptionRow; plan: PlanRow; actor: PaymentActor; now: Date },
  event: TSubscriptionEvent,
  extra: Fields,
  then: (after: Fields & Pick<SubscriptionRow, 'status' | 'cancel_at_period_end'>) => Promise<Fields>,
): Promise<SubscriptionRow> {
  const r = transitionSubscription(
    { status: o.sub.status, cancelAtPeriodEnd: o.sub.cancel_at_period_end },
    event,
  );
  if (!r.ok) {
    // The schedule and the status disagree (cannot happen: both come from the same row); recompute it.
    return save(o.db, o.sub, o.plan, {}, o.now);
  }
  const fields = await then({
    ...extra,
    status: r.state.status,
    cancel_at_period_end: r.state.cancelAtPeriodEnd,
  });
  const after = await save(o.db, o.sub, o.plan, fields, o.now);
  await logSubscriptionChange({
    db: o.db,
    before: o.sub,
    after,
    planCurrency: o.plan.currency,
    emit: r.emit,
    action: `subscription.${event.type}`,
    actor: o.actor,
  });
  return after;
}

/** A renewal invoice voided by a cancellation at period end that was then resumed: open again, its link too. */
async function reopenInvoice(db: Db, invoice: InvoiceRow, now: Date) {
  await db
    .updateTable('subscription_invoices')
    .set({ status: 'open', voided_at: null, updated_at: now })
    .where('id', '=', invoice.id)
    .execute();
  if (invoice.payment_link_id) {
    await db
      .updateTable('payment_links')
      .set({ status: 'active', updated_at: now })
      .where('id', '=', invoice.payment_link_id)
      .where('status', '=', 'expired')
      .execute();
  }
}
