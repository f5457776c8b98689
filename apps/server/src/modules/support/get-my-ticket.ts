import type { TMerchantTicketDetails } from '@coinlane/core/api/support';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { findTicket, merchantTicketDetails } from './queries.ts';

/**
 * One of the merchant's own tickets with its thread (GET /support/tickets/:id, session only). Another merchant's
 * ticket is 404, exactly as one that does not exist.
 */
export async function getMyTicket({
  db,
  userId,
  ticketId,
}: {
  db: Db;
  userId: string;
  ticketId: string;
}): Promise<TMerchantTicketDetails> {
  const row = await findTicket(db, ticketId, userId);
  if (!row) throw new AppError('NOT_FOUND', { message: T.ticketNotFound });
  return merchantTicketDetails(db, row);
}
