import { sql } from 'kysely';
import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { presentPayment } from '#app/modules/payments/present-payment.ts';
import { readPayment } from '#app/modules/payments/read-payment.ts';
import { PAYMENT_MAIL_JOB } from './dispatch-payment-mails.ts';
import { getNotificationPreferences, mailRefusal } from './notification-preferences.ts';
import { paymentMail } from './payment-mail.ts';
import { PAYMENT_MAIL_KINDS, type PaymentFacts } from './payment-mail-kinds.ts';

/** A run that finds the mail being sent by another run waits this long before taking it over. */
const SENDING_TIMEOUT_MS = 10 * 60_000;

/**
 * Sends one payment mail (queued by dispatchPaymentMails), at most once: the run first claims its payment_mails
 * row (queued -> sending), then sends, then records it sent, so a run again (a retry, a lost lease) finds it sent
 * or being sent and sends nothing. A failed send gives the row back (queued) and the job is retried. The
 * merchant's toggles are read now: with email_notifications or payment_alerts off, the row is recorded as
 * skipped, with the reason, and nothing is sent. The facts are the payment as it was at the event.
 */
export const paymentMailJob = defineJob({
  name: PAYMENT_MAIL_JOB,
  payload: z.object({ paymentId: z.string(), kind: z.enum(PAYMENT_MAIL_KINDS), round: z.number().int() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ paymentId, kind, round }, { db, config, log }) => {
    const claimed = await db
      .updateTable('payment_mails')
      .set({ state: 'sending', claimed_at: new Date(), updated_at: new Date() })
      .where('payment_id', '=', paymentId)
      .where('kind', '=', kind)
      .where('round', '=', round)
      .where((eb) =>
        eb.or([
          eb('state', '=', 'queued'),
          eb.and([
            eb('state', '=', 'sending'),
            eb('claimed_at', '<', sql<Date>`now() - ${`${SENDING_TIMEOUT_MS} milliseconds`}::interval`),
          ]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      const row = await db
        .selectFrom('payment_mails')
        .select(['state', 'claimed_at'])
        .where('payment_id', '=', paymentId)
        .where('kind', '=', kind)
        .where('round', '=', round)
        .executeTakeFirst();
      // Another run is sending it: look again once that run has had its time.
      if (row?.state === 'sending' && row.claimed_at) {
        return { runAgainAt: new Date(row.claimed_at.getTime() + SENDING_TIMEOUT_MS + 1000) };
      }
      return undefined; // sent, skipped, or unknown
    }
    const finish = (state: 'sent' | 'skipped' | 'queued', skipReason: string | null = null) =>
      db
        .updateTable('payment_mails')
        .set({
          state,
          skip_reason: skipReason,
          claimed_at: state === 'queued' ? null : claimed.claimed_at,
          sent_at: state === 'sent' ? new Date() : null,
          updated_at: new Date(),
        })
        .where('payment_id', '=', paymentId)
        .where('kind', '=', kind)
        .where('round', '=', round)
        .execute();

    const prefs = await getNotificationPreferences(db, claimed.user_id);
    if (!prefs) {
      await finish('skipped', 'no_account');
      return undefined;
    }
    const refusal = mailRefusal(prefs, 'payment');
    if (refusal) {
      await finish('skipped', refusal);
      log.debug({ paymentId, kind, refusal }, 'payment mail not sent: turned off by the merchant');
      return undefined;
    }
    let facts: PaymentFacts | undefined;
    let at = claimed.created_at;
    if (claimed.event_id) {
      const event = await db
        .selectFrom('outbox_events')
        .select(['payload', 'created_at'])
        .where('id', '=', claimed.event_id)
        .executeTakeFirst();
      if (event) {
        facts = event.payload as PaymentFacts;
        at = event.created_at;
      }
    }
    if (!facts) {
      const row = await readPayment(db, paymentId);
      if (!row) {
        await finish('skipped', 'no_payment');
        return undefined;
      }
      facts = presentPayment(row);
    }
    const mail = paymentMail({
      kind,
      payment: facts,
      name: prefs.name,
      lang: prefs.language,
      url: `${config.appUrl}/transactions`,
      at,
    });
    try {
      await createMailer({ config, db, log }).send({ to: prefs.email, ...mail });
    } catch (err) {
      await finish('queued');
      throw err;
    }
    await finish('sent');
    return undefined;
  },
});
