import type { TMerchantTicket } from '@coinlane/core/api/support';
import type { Db } from '#app/db/connection.ts';
import { selectTickets, toMerchantTicket } from './queries.ts';

/** The merchant's own tickets, newest first (GET /support/tickets, session only); never another account's. */
export async function listMyTickets({ db, userId }: { db: Db; userId: string }): Promise<TMerchantTicket[]> {
  const rows = await selectTickets(db).where('support_tickets.user_id', '=', userId).execute();
  return rows.map(toMerchantTicket);
}
