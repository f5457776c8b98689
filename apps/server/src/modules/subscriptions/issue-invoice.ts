import { PLAN_PRICE_RULES } from '@coinlane/core/api/subscriptions';
import { randomId } from '@coinlane/core/ids';
import { formatUnits } from '@coinlane/core/money';
import type { TPlanCurrency } from '@coinlane/core/subscription-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { fiatInput, preparePayment } from '#app/modules/payments/prepare-payment.ts';
import type { PricingReads } from '#app/modules/payments/pricing-reads.ts';
import { toUnits } from './present.ts';
import type { InvoiceRow, PlanRow, SubscriptionRow } from './queries.ts';
import { invoicePayload } from './subscription-log.ts';

/**
 * Issues the invoice of one period of a subscription, in the caller's transaction (the subscription row locked):
 * - at most once per (subscription, period): the unique key makes a second issue (another worker, a restart, a
 *   retried job) a no-op that returns null;
 * - at the plan's price now (a price changed since applies from here), less the subscription's credit (kept in the
 *   plan currency, taken as far as it goes);
 * - with something left to pay, a payment link of kind 'invoice' in the subscriber's coin: priced now for the
 *   record, priced again and given an address only when the subscriber opens it (POST /checkout, as any link), so
 *   unopened invoices take none of the merchant's addresses; no expiry of its own: the subscription voids it;
 * - an audit row, the outbox event invoice.created.
 * `prepared` is the pricing of the amount (read before the transaction by priceInvoice).
 */
export async function issueInvoice({
  db,
  sub,
  plan,
  period,
  periodStart,
  periodEnd,
  dueAt,
  prepared,
  actor,
  now,
}: {
  db: Db;
  sub: SubscriptionRow;
  plan: PlanRow;
  period: number;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** On the subscriber's clock. */
  dueAt: Date;
  prepared: Awaited<ReturnType<typeof preparePayment>> | null;
  actor: PaymentActor;
  now: Date;
}): Promise<{ invoice: InvoiceRow; creditLeft: string } | null> {
  const decimals = PLAN_PRICE_RULES[plan.currency as TPlanCurrency].decimals;
  const amount = toUnits(plan.price, decimals);
  const credit = toUnits(sub.credit, decimals);
  let applied = amount;
  if (credit < amount) applied = credit;
  const due = amount - applied;
  const id = randomId('inv');
  let linkId: string | null = null;
  if (due > 0n) {
    if (!prepared) throw new Error('issueInvoice: an amount to pay needs its pricing');
    linkId = randomId('lnk');
    const { row: currency, network } = prepared.currency;
    const p = prepared.pricing;
    await db
      .insertInto('payment_links')
      .values({
        id: linkId,
        user_id: sub.user_id,
        mode: sub.mode,
        kind: 'invoice',
        currency: currency.symbol,
        network: currency.network,
        decimals: currency.decimals,
        amount: prepared.units.toString(),
        fiat_amount: prepared.fiat?.amount ?? null,
        fiat_currency: prepared.fiat?.currency ?? null,
        description: `${plan.name}`,
        metadata: JSON.stringify({
          createdVia: 'subscription',
          currency: currency.symbol,
          network: currency.network,
          networkName: network.name,
          fiatAmount: prepared.fiat?.amount ?? null,
          fiatCurrency: prepared.fiat?.currency ?? null,
          lockedExchangeRate: p?.cryptoRateText ?? null,
          lockedFiatRate: p?.fiatRateText ?? null,
          lockedCryptoAmount: formatUnits(prepared.units, currency.decimals),
          usdEquivalent: prepared.usdAmount,
          rateLockedAt: p ? now.toISOString() : null,
          rateSource: p?.source ?? null,
          expiresInHours: null,
          paymentLinkId: linkId,
          source: 'subscription_invoice',
          subscriptionId: sub.id,
          invoiceId: id,
        }),
        expires_in_hours: null,
        expires_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  const invoice = await db
    .insertInto('subscription_invoices')
    .values({
      id,
      subscription_id: sub.id,
      user_id: sub.user_id,
      mode: sub.mode,
      period,
      period_start: periodStart,
      period_end: periodEnd,
      amount: formatUnits(amount, decimals),
      credit_applied: formatUnits(applied, decimals),
      amount_due: formatUnits(due, decimals),
      currency: plan.currency,
      status: due > 0n ? 'open' : 'paid',
      due_at: dueAt,
      payment_link_id: linkId,
      paid_at: due > 0n ? null : now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['subscription_id', 'period']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!invoice) {
    // Issued before: undo the link inserted for it (the caller's transaction is still good).
    if (linkId) await db.deleteFrom('payment_links').where('id', '=', linkId).execute();
    return null;
  }
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: 'subscription_invoice.created',
    entityType: 'subscription_invoice',
    entityId: id,
    mode: sub.mode,
    after: { subscription_id: sub.id, period, amount: invoice.amount, amount_due: invoice.amount_due },
    ip: actor.ip,
  });
  await writeOutboxEvent({
    db,
    userId: sub.user_id,
    mode: sub.mode,
    type: 'invoice.created',
    entityType: 'subscription_invoice',
    entityId: id,
    payload: invoicePayload(invoice),
  });
  return { invoice, creditLeft: formatUnits(credit - applied, decimals) };
}

/**
 * The pricing of a subscription's next invoice in its coin: a USD plan is priced from the fiat amount at the
 * current rate; a plan priced in a coin is that amount of it. Null when credit covers it. `reads`: the renewal
 * batch's short-lived catalogue and rate reads (pricing-reads.ts), else fresh ones.
 */
export async function priceInvoice({
  deps,
  db,
  sub,
  plan,
  maxAgeSeconds,
  now,
  reads,
}: {
  deps: PaymentDeps;
  db: Db;
  sub: SubscriptionRow;
  plan: PlanRow;
  maxAgeSeconds: number;
  now: Date;
  reads?: PricingReads;
}) {
  const decimals = PLAN_PRICE_RULES[plan.currency as TPlanCurrency].decimals;
  const due = toUnits(plan.price, decimals) - toUnits(sub.credit, decimals);
  if (due <= 0n) return null;
  const amount = formatUnits(due, decimals);
  return preparePayment({
    addressSources: deps.addressSources,
    db,
    userId: sub.user_id,
    mode: sub.mode,
    currency: sub.currency,
    network: sub.network,
    amount: plan.currency === 'USD' ? fiatInput(amount, 'USD') : { kind: 'crypto', amount },
    maxAgeSeconds,
    now,
    ...(reads ? { reads } : {}),
  });
}
