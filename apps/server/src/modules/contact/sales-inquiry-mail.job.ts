import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { formatMailTime } from '#app/mail/templates.ts';
import { getSalesInquiry } from '#app/modules/support/get-sales-inquiry.ts';
import { markMessageMailed } from '#app/modules/support/mark-message-mailed.ts';
import { operatorAddress } from '#app/modules/support/operator-address.ts';
import { salesInquiryMail } from './sales-inquiry-mail.ts';
import { SALES_INQUIRY_MAIL_JOB } from './submit-sales-inquiry.ts';

/**
 * Mails a "Talk to Sales" message to the operator (SALES_EMAIL, else the support email of the system settings),
 * Reply-To the visitor, with a link to its ticket in the back-office. Queued with the ticket; once sent, the
 * message's mailed_at is set and a run again sends nothing. A failed send is retried (8 attempts, from 30 s
 * apart); the ticket stays whatever happens to the mail.
 */
export const salesInquiryMailJob = defineJob({
  name: SALES_INQUIRY_MAIL_JOB,
  payload: z.object({ ticketId: z.string() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ ticketId }, { db, config, log }) => {
    const inquiry = await getSalesInquiry({ db, ticketId });
    if (!inquiry || inquiry.mailedAt) return undefined;
    const to = await operatorAddress({ db, config, category: 'sales' });
    const mail = salesInquiryMail({
      id: inquiry.ticketId,
      name: inquiry.name,
      email: inquiry.email,
      company: inquiry.company,
      message: inquiry.message,
      language: inquiry.language,
      receivedAt: formatMailTime(inquiry.createdAt),
      url: `${config.appUrl}/admin/support?ticket=${encodeURIComponent(inquiry.ticketId)}`,
    });
    await createMailer({ config, db, log }).send({ to, replyTo: inquiry.email, ...mail });
    await markMessageMailed({ db, messageId: inquiry.messageId });
    return undefined;
  },
});
