import { transitionPaymentLink } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { selectLinkById } from './queries.ts';

/**
 * A payment of this link was confirmed: the link is completed (even if it expired meanwhile, since that
 * payment was seen in time). Called inside the transaction that confirms the payment.
 */
export async function completePaymentLink({
  db,
  linkId,
  paymentId,
  now,
  actor,
}: {
  db: Db;
  linkId: string;
  paymentId: string;
  now: Date;
  actor: PaymentActor;
}): Promise<void> {
  const link = await selectLinkById(db, linkId, { forUpdate: true });
  if (!link) return;
  const t = transitionPaymentLink(
    { status: link.status, expiresAt: link.expires_at },
    { type: 'payment_confirmed' },
  );
  if (!t.changed) return;
  await db
    .updateTable('payment_links')
    .set({ status: t.state.status, completed_at: now, completed_payment_id: paymentId, updated_at: now })
    .where('id', '=', linkId)
    .execute();
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: 'payment_link.completed',
    entityType: 'payment_link',
    entityId: linkId,
    mode: link.mode,
    before: { status: link.status },
    after: { status: t.state.status, completed_payment_id: paymentId },
    ip: actor.ip,
  });
}

/**
 * The payment that completed this link was reversed by a chain reorganisation: the link is open again (active,
 * or expired when its own expiry has passed), so the customer can pay again; the audit row names the payment.
 * Nothing when another payment completed it, or it is not completed. Inside the transaction that reverses it.
 */
export async function reopenPaymentLink({
  db,
  linkId,
  paymentId,
  now,
  actor,
}: {
  db: Db;
  linkId: string;
  paymentId: string;
  now: Date;
  actor: PaymentActor;
}): Promise<void> {
  const link = await selectLinkById(db, linkId, { forUpdate: true });
  if (!link || link.completed_payment_id !== paymentId) return;
  const t = transitionPaymentLink(
    { status: link.status, expiresAt: link.expires_at },
    { type: 'payment_reversed', now },
  );
  if (!t.changed) return;
  await db
    .updateTable('payment_links')
    .set({ status: t.state.status, completed_at: null, completed_payment_id: null, updated_at: now })
    .where('id', '=', linkId)
    .execute();
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action: 'payment_link.reopened',
    entityType: 'payment_link',
    entityId: linkId,
    mode: link.mode,
    before: { status: link.status, completed_payment_id: paymentId },
    after: { status: t.state.status, reason: 'payment_reversed' },
    ip: actor.ip,
  });
}
