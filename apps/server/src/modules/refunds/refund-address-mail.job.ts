import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import {
  getNotificationPreferences,
  mailRefusal,
} from '#app/modules/notifications/notification-preferences.ts';
import { refundMailFacts, refundPaymentUri, transactionUrl } from './present-refund.ts';
import { selectRefund } from './queries.ts';
import { refundAddressGivenMail } from './refund-merchant-mails.ts';

export const REFUND_ADDRESS_MAIL_JOB = 'refunds.address_given_mail';
/** One mail per refund: an address is given once. */
export const refundAddressMailJobId = (refundId: string) => `${REFUND_ADDRESS_MAIL_JOB}:${refundId}`;

/**
 * Mails the merchant that the customer gave a refund's address (queued by submitRefundAddress in the address's
 * transaction; decision 022): the amount, coin, network, address and wallet link, and the payment on its
 * Transactions page, in the merchant's language. A mail about a payment: sent while email_notifications and
 * payment_alerts are on (decision 014). Nothing is sent once the refund no longer awaits payment (cancelled, or
 * already paid, by the time the job runs). A failed send is retried (8 attempts, from 30 s apart).
 */
export const refundAddressMailJob = defineJob({
  name: REFUND_ADDRESS_MAIL_JOB,
  payload: z.object({ refundId: z.string() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ refundId }, { db, config, log }) => {
    const row = await selectRefund(db, refundId);
    if (row?.status !== 'awaiting_payment' || !row.address) return undefined;
    const prefs = await getNotificationPreferences(db, row.user_id);
    if (!prefs) return undefined;
    const refusal = mailRefusal(prefs, 'payment');
    if (refusal) {
      log.debug({ refundId, refusal }, 'refund address mail not sent: turned off by the merchant');
      return undefined;
    }
    const mail = refundAddressGivenMail({
      lang: prefs.language,
      name: prefs.name,
      refund: refundMailFacts(row),
      address: row.address,
      paymentUri: refundPaymentUri(row),
      transactionUrl: transactionUrl(config.appUrl, row.payment_id),
    });
    await createMailer({ config, db, log }).send({ to: prefs.email, ...mail });
    return undefined;
  },
});
