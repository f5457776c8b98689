import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { formatMailTime } from '#app/mail/templates.ts';
import { getNotificationPreferences } from '#app/modules/notifications/notification-preferences.ts';
import { markMessageMailed } from './mark-message-mailed.ts';
import { operatorAddress } from './operator-address.ts';
import { customerNameOf, findTicket } from './queries.ts';
import { TICKET_MESSAGE_MAIL_JOB } from './queue-message-mail.ts';
import {
  customerMessageToOperatorMail,
  mailLanguageOf,
  staffReplyToMerchantMail,
  staffReplyToVisitorMail,
} from './ticket-mails.ts';

/**
 * The notice mail of one ticket message (decision 017), queued with the message:
 * - a staff reply goes to the customer: a merchant gets a link to the ticket in its language (always sent, as an
 *   answer to what it asked; not to a deleted account); a visitor (sales inquiry) gets the reply's text in the
 *   language of the form, Reply-To the operator's address;
 * - a merchant's message (a new ticket or a reply) goes to the operator (operatorAddress) with a link to the
 *   ticket in the back-office.
 * Once sent, the message's mailed_at is set and a run again sends nothing. A failed send is retried (8 attempts,
 * from 30 s apart); the message is kept whatever happens to the mail.
 */
export const ticketMessageMailJob = defineJob({
  name: TICKET_MESSAGE_MAIL_JOB,
  payload: z.object({ messageId: z.string() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ messageId }, { db, config, log }) => {
    const message = await db
      .selectFrom('support_ticket_messages')
      .selectAll()
      .where('id', '=', messageId)
      .executeTakeFirst();
    if (!message || message.mailed_at) return undefined;
    const ticket = await findTicket(db, message.ticket_id);
    if (!ticket) return undefined;
    const mailer = createMailer({ config, db, log });
    const markMailed = () => markMessageMailed({ db, messageId });

    if (message.is_staff) {
      if (ticket.user_id) {
        // A deleted account has no address any more (decision 015): nothing to send.
        const prefs = ticket.account_email ? await getNotificationPreferences(db, ticket.user_id) : undefined;
        if (prefs && ticket.account_email) {
          await mailer.send({
            to: ticket.account_email,
            ...staffReplyToMerchantMail({
              ticketId: ticket.id,
              title: ticket.title,
              name: ticket.account_name,
              url: `${config.appUrl}/support/${encodeURIComponent(ticket.id)}`,
              lang: prefs.language,
            }),
          });
        } else log.info({ ticketId: ticket.id }, 'support reply not mailed: the account is gone');
      } else if (ticket.customer_email) {
        await mailer.send({
          to: ticket.customer_email,
          replyTo: await operatorAddress({ db, config, category: ticket.category }),
          ...staffReplyToVisitorMail({
            ticketId: ticket.id,
            name: ticket.customer_name,
            body: message.body,
            lang: mailLanguageOf(ticket.language),
          }),
        });
      }
      await markMailed();
      return undefined;
    }

    const first = await db
      .selectFrom('support_ticket_messages')
      .select('id')
      .where('ticket_id', '=', ticket.id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(1)
      .executeTakeFirst();
    await mailer.send({
      to: await operatorAddress({ db, config, category: ticket.category }),
      ...customerMessageToOperatorMail({
        ticketId: ticket.id,
        title: ticket.title,
        category: ticket.category,
        priority: ticket.priority,
        customerName: customerNameOf(ticket),
        customerEmail: ticket.user_id ? ticket.account_email : ticket.customer_email,
        body: message.body,
        firstMessage: first?.id === message.id,
        url: `${config.appUrl}/admin/support?ticket=${encodeURIComponent(ticket.id)}`,
        receivedAt: formatMailTime(message.created_at),
      }),
    });
    await markMailed();
    return undefined;
  },
});
