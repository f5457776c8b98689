import { transitionPaymentLink } from '@coinlane/core/payment-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { selectLinkById } from './queries.ts';

type LinkChange = {
  db: Db;
  linkId: string;
  paymentId: string;
  now: Date;
  actor: PaymentActor;
};

/**
 * A payment of this link was confirmed: the link is completed (even if it expired meanwhile, since that
 * payment was seen in time). Called inside the transaction that confirms the payment.
 */
export async function completePaymentLink({ db, linkId, paymentId, now, actor }: LinkChange): Promise<void> {
  await changeLink({
    db,
    linkId,
    now,
    actor,
    applies: () => true,
    event: { type: 'payment_confirmed' },
    fields: { completed_at: now, completed_payment_id: paymentId },
    action: 'payment_link.completed',
    before: (status) => ({ status }),
    after: (status) => ({ status, completed_payment_id: paymentId }),
  });
}

/**
 * The payment that completed this link was reversed by a chain reorganisation: the link is open again (active,
 * or expired when its own expiry has passed), so the customer can pay again; the audit row names the payment.
 * Nothing when another payment completed it, or it is not completed. Inside the transaction that reverses it.
 */
export async function reopenPaymentLink({ db, linkId, paymentId, now, actor }: LinkChange): Promise<void> {
  await changeLink({
    db,
    linkId,
    now,
    actor,
    applies: (link) => link.completed_payment_id === paymentId,
    event: { type: 'payment_reversed', now },
    fields: { completed_at: null, completed_payment_id: null },
    action: 'payment_link.reopened',
    before: (status) => ({ status, completed_payment_id: paymentId }),
    after: (status) => ({ status, reason: 'payment_reversed' }),
  });
}

/** Locks the link, runs its status machine, and writes the change and its audit row when there is one. */
async function changeLink({
  db,
  linkId,
  now,
  actor,
  applies,
  event,
  fields,
  action,
  before,
  after,
}: {
  db: Db;
  linkId: string;
  now: Date;
  actor: PaymentActor;
  applies: (link: { completed_payment_id: string | null }) => boolean;
  event: Parameters<typeof transitionPaymentLink>[1];
  fields: { completed_at: Date | null; completed_payment_id: string | null };
  action: string;
  before: (status: string) => Record<string, unknown>;
  after: (status: string) => Record<string, unknown>;
}): Promise<void> {
  const link = await selectLinkById(db, linkId, { forUpdate: true });
  if (!link || !applies(link)) return;
  const t = transitionPaymentLink({ status: link.status, expiresAt: link.expires_at }, event);
  if (!t.changed) return;
  await db
    .updateTable('payment_links')
    .set({ status: t.state.status, ...fields, updated_at: now })
    .where('id', '=', linkId)
    .execute();
  await recordAudit({
    db,
    actorId: actor.id,
    actorType: actor.type,
    action,
    entityType: 'payment_link',
    entityId: linkId,
    mode: link.mode,
    before: before(link.status),
    after: after(t.state.status),
    ip: actor.ip,
  });
}
