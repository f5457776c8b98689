import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TMerchantTicketDetails } from '@coinlane/core/api/support';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import { nextTicketState } from '@coinlane/core/ticket-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { checkMessageLimit } from './check-message-limit.ts';
import { findTicket, insertMessage, lockTicket, merchantTicketDetails } from './queries.ts';
import { queueMessageMail } from './queue-message-mail.ts';

/**
 * A merchant writes on its own ticket (POST /support/tickets/:id/messages, session only). Another merchant's
 * ticket, or one that does not exist, is 404 alike. A resolved ticket is reopened; a closed one takes no message
 * (409: open a new ticket). The operator's notice mail is queued in the same transaction; the hourly limit of
 * openTicket applies. Audited as support_ticket.message_added (id and length, not the text).
 */
export async function addTicketMessage({
  db,
  user,
  ticketId,
  body,
  ip,
  now = new Date(),
}: {
  db: Db;
  user: TSessionUser;
  ticketId: string;
  body: string;
  ip: string | null;
  now?: Date;
}): Promise<TMerchantTicketDetails> {
  return db.transaction().execute(async (trx) => {
    const ticket = await lockTicket(trx, ticketId, user.id);
    if (!ticket) throw new AppError('NOT_FOUND', { message: T.ticketNotFound });
    const next = nextTicketState(
      { status: ticket.status, resolvedAt: ticket.resolved_at },
      { type: 'customer_message' },
      now,
    );
    if (!next.ok) throw new AppError('INVALID_STATE', { message: T.ticketClosedCustomer });
    await checkMessageLimit({ db: trx, userId: user.id, now });
    const messageId = randomId('tkm');
    await insertMessage(trx, { id: messageId, ticketId, authorId: user.id, isStaff: false, body, at: now });
    await trx
      .updateTable('support_tickets')
      .set({ status: next.state.status, resolved_at: next.state.resolvedAt, updated_at: now })
      .where('id', '=', ticketId)
      .execute();
    await queueMessageMail({ db: trx, messageId });
    await recordAudit({
      db: trx,
      actorId: user.id,
      actorType: 'user',
      action: 'support_ticket.message_added',
      entityType: 'support_ticket',
      entityId: ticketId,
      before: { status: ticket.status },
      after: { status: next.state.status, messageId, length: body.length },
      ip,
    });
    return merchantTicketDetails(trx, (await findTicket(trx, ticketId, user.id))!);
  });
}
