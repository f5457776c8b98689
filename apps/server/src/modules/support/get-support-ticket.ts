import type { TSupportTicketDetails } from '@coinlane/core/api/support';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { customerNameOf, findTicket, selectMessages, toSupportMessage, toSupportTicket } from './queries.ts';

/** A ticket and its thread, oldest message first (GET /admin/support/tickets/:id, support.read). 404 if none. */
export async function getSupportTicket({
  db,
  ticketId,
}: {
  db: Db;
  ticketId: string;
}): Promise<TSupportTicketDetails> {
  const row = await findTicket(db, ticketId);
  if (!row) throw new AppError('NOT_FOUND', { message: T.ticketNotFound });
  const customer = customerNameOf(row);
  const messages = await selectMessages(db, ticketId);
  return { ticket: toSupportTicket(row), messages: messages.map((m) => toSupportMessage(m, customer)) };
}
