import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { formatMailTime } from '#app/mail/templates.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { salesInquiryMail } from './sales-inquiry-mail.ts';
import { SALES_INQUIRY_MAIL_JOB } from './submit-sales-inquiry.ts';

/**
 * Mails a "Talk to Sales" message to the operator (SALES_EMAIL, else the support email of the system
 * settings), Reply-To the visitor. Queued with the message's row; once sent, mailed_at is set and a run again
 * sends nothing. A failed send is retried (8 attempts, from 30 s apart); the message stays in contact_requests
 * whatever happens to the mail.
 */
export const salesInquiryMailJob = defineJob({
  name: SALES_INQUIRY_MAIL_JOB,
  payload: z.object({ requestId: z.string() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ requestId }, { db, config, log }) => {
    const row = await db
      .selectFrom('contact_requests')
      .selectAll()
      .where('id', '=', requestId)
      .executeTakeFirst();
    if (!row || row.mailed_at) return undefined;
    const to = config.salesEmail ?? (await getSystemSettings({ db })).general.support_email;
    const mail = salesInquiryMail({
      id: row.id,
      name: row.name,
      email: row.email,
      company: row.company,
      message: row.message,
      language: row.language,
      receivedAt: formatMailTime(row.created_at),
    });
    await createMailer({ config, db, log }).send({ to, replyTo: row.email, ...mail });
    await db
      .updateTable('contact_requests')
      .set({ mailed_at: new Date() })
      .where('id', '=', requestId)
      .execute();
    return undefined;
  },
});
