import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TMerchantTicketDetails, ZCreateTicketRequest } from '@coinlane/core/api/support';
import { randomId } from '@coinlane/core/ids';
import type { z } from 'zod';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { checkMessageLimit } from './check-message-limit.ts';
import { findTicket, insertMessage, insertTicket, merchantTicketDetails } from './queries.ts';
import { queueMessageMail } from './queue-message-mail.ts';

/**
 * A merchant opens a ticket (POST /support/tickets, session only): the ticket with its first message, and the
 * operator's notice mail queued in the same transaction. The customer's name and e-mail are the account's, read
 * when shown (not copied). At most SUPPORT_LIMITS.messagesPerHour messages (tickets included) per account and hour
 * (429). Tickets are not money rows: they belong to the account, not to a mode. Audited as support_ticket.opened.
 */
export async function openTicket({
  db,
  user,
  input,
  ip,
  now = new Date(),
}: {
  db: Db;
  user: TSessionUser;
  input: z.output<typeof ZCreateTicketRequest>;
  ip: string | null;
  now?: Date;
}): Promise<TMerchantTicketDetails> {
  return db.transaction().execute(async (trx) => {
    await checkMessageLimit({ db: trx, userId: user.id, now });
    const ticketId = randomId('tkt');
    const messageId = randomId('tkm');
    await insertTicket(trx, {
      id: ticketId,
      title: input.title,
      category: input.category,
      priority: input.priority,
      userId: user.id,
      at: now,
    });
    await insertMessage(trx, {
      id: messageId,
      ticketId,
      authorId: user.id,
      isStaff: false,
      body: input.message,
      at: now,
    });
    await queueMessageMail({ db: trx, messageId });
    await recordAudit({
      db: trx,
      actorId: user.id,
      actorType: 'user',
      action: 'support_ticket.opened',
      entityType: 'support_ticket',
      entityId: ticketId,
      after: { title: input.title, category: input.category, priority: input.priority, messageId },
      ip,
    });
    return merchantTicketDetails(trx, (await findTicket(trx, ticketId, user.id))!);
  });
}
