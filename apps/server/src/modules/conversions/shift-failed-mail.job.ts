import { conversionProviderName } from '@coinlane/core/conversion-providers';
import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import {
  getNotificationPreferences,
  mailRefusal,
} from '#app/modules/notifications/notification-preferences.ts';
import { selectShift } from './queries.ts';
import { shiftFailedMail } from './shift-mails.ts';

export const SHIFT_FAILED_MAIL_JOB = 'conversions.shift_failed_mail';
/** One mail per shift: its payout entry fails once. */
export const shiftFailedMailJobId = (shiftId: string) => `${SHIFT_FAILED_MAIL_JOB}:${shiftId}`;

/**
 * Mails the merchant that an exchange could not convert a payment (queued with the failed payout entry by
 * applyShiftStatus; decision 024): why, the amount, where the coins go back (the merchant's own refund address),
 * the payment on its Transactions page, in the merchant's language. A mail about a payment: sent while
 * email_notifications and payment_alerts are on (decision 014). Retried 8 times, from 30 s apart.
 */
export const shiftFailedMailJob = defineJob({
  name: SHIFT_FAILED_MAIL_JOB,
  payload: z.object({
    shiftId: z.string(),
    kind: z.enum(['refunded', 'expired']),
    issue: z.string().nullish(),
  }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ shiftId, kind, issue }, { db, config, log }) => {
    const shift = await selectShift(db, shiftId);
    if (!shift) return undefined;
    const prefs = await getNotificationPreferences(db, shift.user_id);
    if (!prefs) return undefined;
    const refusal = mailRefusal(prefs, 'payment');
    if (refusal) {
      log.debug({ shiftId, refusal }, 'failed conversion mail not sent: turned off by the merchant');
      return undefined;
    }
    const mail = shiftFailedMail({
      lang: prefs.language,
      name: prefs.name,
      kind,
      facts: {
        provider: conversionProviderName(shift.provider),
        providerShiftId: shift.provider_shift_id,
        paymentId: shift.payment_id,
        amount: `${shift.deposit_amount} ${shift.deposit_currency}`,
        toCurrency: shift.settle_currency,
        refundAddress: shift.refund_address,
        issue: issue ?? null,
        at: shift.updated_at,
      },
      transactionUrl: `${config.appUrl}/transactions?search=${encodeURIComponent(shift.payment_id)}`,
    });
    await createMailer({ config, db, log }).send({ to: prefs.email, ...mail });
    return undefined;
  },
});
