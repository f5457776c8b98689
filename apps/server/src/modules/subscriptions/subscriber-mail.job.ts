import { graceEnd } from '@coinlane/core/subscription-status';
import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import type { MailLanguage } from '#app/mail/templates.ts';
import { merchantDisplayName } from '#app/modules/profile/merchant-display-name.ts';
import { issuePortalToken } from './portal.ts';
import { invoicePayUrl, planAmount, portalUrl } from './present.ts';
import { selectInvoice, selectPlan, selectSubscription } from './queries.ts';
import { SUBSCRIBER_MAIL_JOB } from './queue-subscriber-mail.ts';
import { type SubscriptionMailKind, subscriptionMail } from './subscription-mails.ts';

const KINDS = [
  'invitation',
  'renewal',
  'due',
  'grace',
  'activated',
  'renewed',
  'cancelled',
  'expired',
] as const;
/** Mails about an invoice to pay: sent only while it is still open when the job runs. */
const ABOUT_OPEN_INVOICE: readonly SubscriptionMailKind[] = ['invitation', 'renewal', 'due', 'grace'];
const LANGS: readonly MailLanguage[] = ['en', 'es', 'fr', 'de'];

/**
 * One mail to a subscriber (queued in the transaction of the change it reports; decision 023), in the subscriber's
 * language, with a fresh portal link (its token's hash stored) and, for an invoice still open, its pay link. In test
 * mode the mail goes to the merchant's own address only, marked as a test copy: a test subscriber's address is
 * whatever someone typed. A failed send is retried (8 attempts, from 30 s apart).
 */
export const subscriberMailJob = defineJob({
  name: SUBSCRIBER_MAIL_JOB,
  payload: z.object({
    subscriptionId: z.string(),
    kind: z.enum(KINDS),
    invoiceId: z.string().nullable(),
  }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ subscriptionId, kind, invoiceId }, { db, config, log }) => {
    const sub = await selectSubscription(db, subscriptionId);
    if (!sub) return undefined;
    const [plan, invoice] = await Promise.all([
      selectPlan(db, sub.plan_id),
      invoiceId ? selectInvoice(db, invoiceId) : Promise.resolve(undefined),
    ]);
    if (!plan) return undefined;
    if (ABOUT_OPEN_INVOICE.includes(kind) && invoice?.status !== 'open') {
      log.debug({ subscriptionId, kind }, 'subscriber mail not sent: the invoice is no longer open');
      return undefined;
    }
    let to = sub.email;
    let testCopyFor: string | null = null;
    if (sub.mode === 'test') {
      const merchant = await db
        .selectFrom('users')
        .select(['email', 'deleted_at'])
        .where('id', '=', sub.user_id)
        .executeTakeFirst();
      // A deleted merchant has no address left to send test copies to.
      if (!merchant || merchant.deleted_at) return undefined;
      to = merchant.email;
      testCopyFor = sub.email;
    }
    const token = await issuePortalToken({ db, sub, graceDays: plan.grace_days });
    const lang = (LANGS as readonly string[]).includes(sub.language) ? (sub.language as MailLanguage) : 'en';
    const date =
      kind === 'activated' || kind === 'renewed'
        ? sub.current_period_end
        : kind === 'cancelled'
          ? sub.status === 'cancelled'
            ? null
            : sub.current_period_end
          : kind === 'expired'
            ? null
            : kind === 'grace' && invoice
              ? graceEnd(invoice.due_at, plan.grace_days)
              : (invoice?.due_at ?? null);
    const payable = invoice?.status === 'open' && invoice.payment_link_id !== null;
    const mail = subscriptionMail({
      kind,
      lang,
      merchantName: await merchantDisplayName(db, sub.user_id),
      planName: plan.name,
      amount:
        invoice && ABOUT_OPEN_INVOICE.includes(kind)
          ? `${planAmount(invoice.amount_due, invoice.currency)} ${invoice.currency}`
          : null,
      interval: plan.interval,
      date,
      payUrl: payable ? invoicePayUrl(config.appUrl, invoice.payment_link_id!) : null,
      portalUrl: portalUrl(config.appUrl, token),
      testCopyFor,
    });
    await createMailer({ config, db, log }).send({ to, ...mail });
    return undefined;
  },
});
