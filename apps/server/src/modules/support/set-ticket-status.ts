import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TSupportTicket } from '@coinlane/core/api/support';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import { nextTicketState, type TTicketStatus } from '@coinlane/core/ticket-status';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { findTicket, lockTicket, toSupportTicket } from './queries.ts';

/**
 * The status dropdown (PUT /admin/support/tickets/:id/status, support.write): any of the four statuses. Resolved
 * or closed stamps resolved_at, open or in progress clears it (core/ticket-status.ts); updated_at is set on every
 * change. An unassigned ticket is assigned to the admin who acts on it. Audited as support_ticket.status_changed
 * (before and after). The same status again changes nothing. 404 for an unknown ticket.
 */
export async function setTicketStatus({
  db,
  actor,
  ticketId,
  status,
  ip,
  now = new Date(),
}: {
  db: Db;
  actor: TSessionUser;
  ticketId: string;
  status: TTicketStatus;
  ip: string | null;
  now?: Date;
}): Promise<TSupportTicket> {
  return db.transaction().execute(async (trx) => {
    const ticket = await lockTicket(trx, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', { message: T.ticketNotFound });
    const next = nextTicketState(
      { status: ticket.status, resolvedAt: ticket.resolved_at },
      { type: 'set_status', status },
      now,
    );
    if (next.ok && next.changed) {
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
      await recordAudit({
        db: trx,
        actorId: actor.id,
        actorType: 'admin',
        action: 'support_ticket.status_changed',
        entityType: 'support_ticket',
        entityId: ticketId,
        before: { status: ticket.status, resolvedAt: ticket.resolved_at, assignedTo: ticket.assigned_to },
        after: { status: next.state.status, resolvedAt: next.state.resolvedAt, assignedTo },
        ip,
      });
    }
    return toSupportTicket((await findTicket(trx, ticketId))!);
  });
}
