import { PLAN_PRICE_RULES } from '@coinlane/core/api/subscriptions';
import { formatUnits } from '@coinlane/core/money';
import { periodEnd, type TPlanCurrency, transitionSubscription } from '@coinlane/core/subscription-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentStatusChange } from '#app/modules/payments/payment-lifecycle.ts';
import { clockOf, toUnits } from './present.ts';
import { save } from './save-subscription.ts';

type PaymentRow = PaymentStatusChange['payment'];

import {
  type InvoiceRow,
  type PlanRow,
  type SubscriptionRow,
  selectInvoiceByLink,
  selectPlan,
  selectSubscription,
} from './queries.ts';
import { queueSubscriberMail } from './queue-subscriber-mail.ts';
import { logSubscriptionChange } from './subscription-log.ts';

/**
 * What the payment of an invoice's link is worth to the subscription: the overpaid part as credit in the plan
 * currency (a USD plan: the attempt's USD price times the overpaid fraction; a coin plan: the extra coins), both
 * rounded down to the plan currency's decimals; and the USD value of what was confirmed, for Total Paid.
 */
function paymentValue(payment: PaymentRow, planCurrency: TPlanCurrency) {
  const decimals = PLAN_PRICE_RULES[planCurrency].decimals;
  const amount = BigInt(payment.amount);
  const confirmed = BigInt(payment.amount_confirmed);
  const over = confirmed > amount ? confirmed - amount : 0n;
  let credit = 0n;
  if (over > 0n) {
    if (planCurrency === 'USD' && payment.fiat_amount && payment.fiat_currency === 'USD') {
      credit = (toUnits(payment.fiat_amount, 2) * over) / amount;
    } else if (planCurrency !== 'USD') {
      credit = toUnits(formatUnits(over, payment.decimals), decimals);
    }
  }
  const usdPaid = payment.usd_amount ? (toUnits(payment.usd_amount, 2) * confirmed) / amount : 0n;
  return { credit, usdPaid };
}

/** Everything the payment brought, as credit in the plan currency (money sent to a void invoice of a cancelled one). */
function wholeAsCredit(payment: PaymentRow, planCurrency: TPlanCurrency): bigint {
  const decimals = PLAN_PRICE_RULES[planCurrency].decimals;
  const confirmed = BigInt(payment.amount_confirmed);
  if (planCurrency === 'USD') {
    return payment.fiat_amount && payment.fiat_currency === 'USD'
      ? (toUnits(payment.fiat_amount, 2) * confirmed) / BigInt(payment.amount)
      : 0n;
  }
  return toUnits(formatUnits(confirmed, payment.decimals), decimals);
}

/**
 * The lifecycle handler of payment.confirmed (registered at the composition root, run in the payment's
 * transaction, before the link is completed): when the payment is of an invoice's link, the invoice is paid, once.
 * - an open invoice: paid; the subscription is activated (first invoice, or a new start after it expired) or
 *   renewed (the next period follows the paid one, even when paid during grace); an overpayment becomes credit;
 * - a void invoice of an expired subscription (paid as it lapsed): renews it, since the money came;
 * - a void invoice of a cancelled subscription: the money is kept as credit and audited (the merchant sees the
 *   payment in Transactions and may refund it);
 * - a paid invoice (a second attempt paid too): the whole payment is credit.
 */
export async function onInvoicePaymentConfirmed({
  db,
  payment,
  actor,
  now,
}: {
  db: Db;
  payment: PaymentRow;
  actor: PaymentActor;
  now: Date;
}): Promise<void> {
  if (!payment.payment_link_id) return;
  const invoice = await selectInvoiceByLink(db, payment.payment_link_id, { forUpdate: true });
  if (!invoice) return;
  const sub = (await selectSubscription(db, invoice.subscription_id, { forUpdate: true }))!;
  const plan = (await selectPlan(db, sub.plan_id))!;
  const currency = plan.currency as TPlanCurrency;
  const decimals = PLAN_PRICE_RULES[currency].decimals;
  const { credit, usdPaid } = paymentValue(payment, currency);
  const payable = invoice.status === 'open' || (invoice.status === 'void' && sub.status === 'expired');
  if (!payable) {
    const extra = wholeAsCredit(payment, currency);
    const updated = await save(db, sub, plan, {
      credit: formatUnits(toUnits(sub.credit, decimals) + extra, decimals),
      total_paid_usd: formatUnits(toUnits(sub.total_paid_usd, 2) + usdPaid, 2),
    });
    await recordAudit({
      db,
      actorId: actor.id,
      actorType: actor.type,
      action: 'subscription.credited',
      entityType: 'subscription',
      entityId: sub.id,
      mode: sub.mode,
      after: {
        payment_id: payment.id,
        invoice_id: invoice.id,
        credit: updated.credit,
        reason: invoice.status,
      },
      ip: actor.ip,
    });
    return;
  }
  const credited = await save(db, sub, plan, {
    credit: formatUnits(toUnits(sub.credit, decimals) + credit, decimals),
    total_paid_usd: formatUnits(toUnits(sub.total_paid_usd, 2) + usdPaid, 2),
  });
  await applyInvoicePaid({ db, sub: credited, plan, invoice, payment, actor, now });
}

/**
 * An invoice is paid (by a payment, or by credit when issued): the invoice row, then the subscription's period
 * and status through the status machine, its events, and the receipt mail.
 */
export async function applyInvoicePaid({
  db,
  sub,
  plan,
  invoice,
  payment,
  actor,
  now,
}: {
  db: Db;
  sub: SubscriptionRow;
  plan: PlanRow;
  invoice: InvoiceRow;
  payment: PaymentRow | null;
  actor: PaymentActor;
  now: Date;
}): Promise<SubscriptionRow> {
  const clock = clockOf(sub, now);
  const fresh = sub.status === 'incomplete' || sub.status === 'expired';
  const r = transitionSubscription(
    { status: sub.status, cancelAtPeriodEnd: sub.cancel_at_period_end },
    { type: sub.status === 'incomplete' ? 'first_invoice_paid' : 'renewal_paid' },
  );
  // A start (first invoice, or after expiry) begins now, for one interval; a renewal follows the paid period.
  const start = fresh ? clock : (invoice.period_start ?? sub.current_period_end ?? clock);
  const end = fresh
    ? periodEnd(clock, plan.interval, 0)
    : (invoice.period_end ?? periodEnd(start, plan.interval, 0));
  await db
    .updateTable('subscription_invoices')
    .set({
      status: 'paid',
      paid_at: invoice.paid_at ?? clock,
      payment_id: payment?.id ?? invoice.payment_id,
      period_start: start,
      period_end: end,
      updated_at: now,
    })
    .where('id', '=', invoice.id)
    .execute();
  if (!r.ok) {
    // A cancelled subscription cannot be renewed: its invoice was void and is handled as credit by the caller.
    return sub;
  }
  const after = await save(db, sub, plan, {
    status: r.state.status,
    cancel_at_period_end: r.state.cancelAtPeriodEnd,
    period_index: invoice.period,
    current_period_start: start,
    current_period_end: end,
    open_invoice_id: sub.open_invoice_id === invoice.id ? null : sub.open_invoice_id,
    grace_reminded: false,
    ...(fresh ? { anchor_at: clock, anchor_period: invoice.period, ended_at: null } : {}),
  });
  await logSubscriptionChange({
    db,
    before: sub,
    after,
    planCurrency: plan.currency,
    emit: r.emit,
    action: fresh ? 'subscription.activated' : 'subscription.renewed',
    actor,
    detail: { invoice_id: invoice.id, payment_id: payment?.id ?? null },
  });
  await queueSubscriberMail({
    db,
    subscriptionId: sub.id,
    kind: fresh ? 'activated' : 'renewed',
    invoiceId: invoice.id,
    key: invoice.id,
  });
  return after;
}
