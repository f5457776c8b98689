import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { PAYMENT_REVERSED_MAIL_JOB, paymentReversedMail } from './payment-reversed-mail.ts';

/**
 * Mails the merchant that a confirmed payment was reversed by a reorganisation (queued by applyPaymentEvent in
 * the reversing transaction). At least once: a run that fails is retried; a run repeated after a lost lease may
 * send the mail twice.
 */
export const paymentReversedMailJob = defineJob({
  name: PAYMENT_REVERSED_MAIL_JOB,
  payload: z.object({
    paymentId: z.string(),
    userId: z.string(),
    mode: z.string(),
    amount: z.string(),
    currency: z.string(),
    networkName: z.string(),
    status: z.string(),
    received: z.string(),
    txHash: z.string().nullable(),
    reversedAt: z.string(),
  }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async (facts, { db, config, log }) => {
    const user = await db
      .selectFrom('users')
      .leftJoin('user_profiles', 'user_profiles.id', 'users.id')
      .select(['users.email', 'user_profiles.name'])
      .where('users.id', '=', facts.userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const mail = paymentReversedMail({ ...facts, name: user.name, url: `${config.appUrl}/transactions` });
    await createMailer({ config, db, log }).send({ to: user.email, ...mail });
    return undefined;
  },
});
