import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { type PaymentFacts, paymentMailKinds } from './payment-mail-kinds.ts';

export const PAYMENT_MAIL_JOB = 'notifications.payment_mail';
export const paymentMailJobId = (paymentId: string, kind: string, round: number) =>
  `${PAYMENT_MAIL_JOB}:${paymentId}:${kind}:${round}`;

/** Serialises dispatcher runs (two processes, or two overlapping slots) on both engines. */
const DISPATCH_LOCK = 727_016;

/**
 * Reads the outbox events the payment-mail dispatcher has not read yet (in seq order, marked as read in the same
 * short transaction, like the webhook dispatcher) and, for each mail an event calls for (paymentMailKinds),
 * records it in payment_mails and queues its job, once per (payment, kind, round): round is the number of
 * reversals the payment had before the event, so only a payment confirmed again after a reversal gets a second
 * "confirmed" mail. A payment confirmed with more than due gets one mail, the confirmation saying so (its
 * "overpaid" row is recorded as covered). Whether the mail goes out is decided when it is sent (the merchant's
 * toggles; payment-mail.job.ts). Returns how many mails were queued.
 */
export async function dispatchPaymentMails({ db, limit = 500 }: { db: Db; limit?: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${DISPATCH_LOCK})`.execute(trx);
    const events = await trx
      .selectFrom('outbox_events')
      .select(['id', 'seq', 'user_id', 'mode', 'type', 'entity_type', 'entity_id', 'payload'])
      .where('mails_dispatched_at', 'is', null)
      .orderBy('seq')
      .limit(limit)
      .execute();
    if (events.length === 0) return 0;
    let queued = 0;
    for (const e of events) {
      if (e.entity_type !== 'payment') continue;
      const kinds = paymentMailKinds(e.type, e.payload as PaymentFacts);
      if (kinds.length === 0) continue;
      const reversals = await trx
        .selectFrom('outbox_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('entity_id', '=', e.entity_id)
        .where('type', '=', 'payment.reversed')
        .where('seq', '<', e.seq)
        .executeTakeFirstOrThrow();
      const round = Number(reversals.n);
      for (const kind of kinds) {
        const covered = kind === 'overpaid' && kinds.includes('confirmed');
        const row = await trx
          .insertInto('payment_mails')
          .values({
            payment_id: e.entity_id,
            kind,
            round,
            user_id: e.user_id,
            mode: e.mode,
            event_id: e.id,
            ...(covered ? { state: 'skipped', skip_reason: 'in_confirmed_mail' } : {}),
          })
          .onConflict((oc) => oc.columns(['payment_id', 'kind', 'round']).doNothing())
          .returning('kind')
          .executeTakeFirst();
        if (!row || covered) continue;
        await enqueueJob({
          db: trx,
          name: PAYMENT_MAIL_JOB,
          id: paymentMailJobId(e.entity_id, kind, round),
          payload: { paymentId: e.entity_id, kind, round },
          maxAttempts: 8,
        });
        queued++;
      }
    }
    await trx
      .updateTable('outbox_events')
      .set({ mails_dispatched_at: new Date() })
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .where('mails_dispatched_at', 'is', null)
      .execute();
    return queued;
  });
}
