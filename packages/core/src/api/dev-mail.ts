import { z } from 'zod';

/** The development mail outbox (only when enabled; never in production). */
export const ZDevMailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
});
export type TDevMailSummary = z.infer<typeof ZDevMailSummary>;

export const ZDevMailList = z.array(ZDevMailSummary);

export const ZDevMail = ZDevMailSummary.extend({
  html: z.string(),
  text: z.string(),
  /** Where a reply goes, when the mail says (the contact form's mails). */
  replyTo: z.string().nullable(),
});
export type TDevMail = z.infer<typeof ZDevMail>;

export const ZDevMailIdParams = z.object({ id: z.string().min(1).max(100) });

/** How many mails the outbox lists, newest first. */
export const DEV_MAIL_LIST_LIMIT = 50;
