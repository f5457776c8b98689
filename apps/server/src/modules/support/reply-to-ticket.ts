import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TSupportTicketDetails } from '@coinlane/core/api/support';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import { nextTicketState } from '@coinlane/core/ticket-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSupportTicket } from './get-support-ticket.ts';
import { insertMessage, lockTicket } from './queries.ts';
import { queueMessageMail } from './queue-message-mail.ts';

/**
 * A staff reply (POST /admin/support/tickets/:id/messages, support.write): added to the thread, an open ticket
 * goes in progress, an unassigned one is assigned to the replying admin, updated_at is set, and the customer's
 * notice mail is queued in the same transaction (ticket-message-mail.job.ts). Audited as support_ticket.replied
 * (the message's id and length, not its text). A closed ticket takes no reply (409): reopen it first.
 */
export async function replyToTicket({
  db,
  actor,
  ticketId,
  body,
  ip,
  now = new Date(),
}: {
  db: Db;
  actor: TSessionUser;
  ticketId: string;
  body: string;
  ip: string | null;
  now?: Date;
}): Promise<TSupportTicketDetails> {
  return db.transaction().execute(async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', { message: T.ticketNotFound });
    const next = nextTicketState(
      { status: ticket.status, resolvedAt: ticket.resolved_at },
      { type: 'staff_reply' },
      now,
    );
    if (!next.ok) throw new AppError('INVALID_STATE', { message: T.ticketClosedStaff });
    const messageId = randomId('tkm');
    await insertMessage(trx, { id: messageId, ticketId, authorId: actor.id, isStaff: true, body, at: now });
    const assignedTo = ticket.assigned_to ?? actor.id;
    await trx
      .updateTable('support_tickets')
      .set({
        status: next.state.status,
        resolved_at: next.state.resolvedAt,
        assigned_to: assignedTo,
        updated_at: now,
      })
      .where('id', '=', ticketId)
      .execute();
    await queueMessageMail({ db: trx, messageId });
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: 'admin',
      action: 'support_ticket.replied',
      entityType: 'support_ticket',
      entityId: ticketId,
      before: { status: ticket.status, assignedTo: ticket.assigned_to },
      after: { status: next.state.status, assignedTo, messageId, length: body.length },
      ip,
    });
    return getSupportTicket({ db: trx, ticketId });
  });
}
