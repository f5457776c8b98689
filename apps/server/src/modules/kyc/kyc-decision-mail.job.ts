import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { getNotificationPreferences } from '#app/modules/notifications/notification-preferences.ts';
import { kycDecisionMail } from './kyc-decision-mail.ts';

export const KYC_DECISION_MAIL_JOB = 'kyc.decision_mail';

/**
 * Mails the merchant the review of its KYC documents (queued by setKycStatus in the decision's transaction, one
 * job per decision): verified, or rejected with the reviewer's reason, in the merchant's language. An account
 * decision, so it is sent whatever the notification toggles (like the security mails, decision 014); not to a
 * deleted account. A failed send is retried (8 attempts, from 30 s apart).
 */
export const kycDecisionMailJob = defineJob({
  name: KYC_DECISION_MAIL_JOB,
  payload: z.object({
    userId: z.string(),
    decision: z.discriminatedUnion('status', [
      z.object({ status: z.literal('verified') }),
      z.object({ status: z.literal('rejected'), reason: z.string() }),
    ]),
  }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ userId, decision }, { db, config, log }) => {
    const account = await db
      .selectFrom('users')
      .select('deleted_at')
      .where('id', '=', userId)
      .executeTakeFirst();
    const prefs = await getNotificationPreferences(db, userId);
    if (!account || account.deleted_at || !prefs) return undefined;
    const mail = kycDecisionMail({
      name: prefs.name,
      decision,
      settingsUrl: `${config.appUrl}/settings#kyc`,
      lang: prefs.language,
    });
    await createMailer({ config, db, log }).send({ to: prefs.email, ...mail });
    return undefined;
  },
});
