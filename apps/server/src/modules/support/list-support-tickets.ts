import { SUPPORT_LIMITS, type TSupportTicketList } from '@coinlane/core/api/support';
import type { Db } from '#app/db/connection.ts';
import { countAll, countUnresolved, selectTickets, toSupportTicket } from './queries.ts';

/**
 * Support Tickets (GET /admin/support/tickets, support.read): the newest tickets first (at most
 * SUPPORT_LIMITS.list), each with its customer's name and message count, with the count of every ticket and of the
 * unresolved ones (open or in progress: the tab's badge).
 */
export async function listSupportTickets({ db }: { db: Db }): Promise<TSupportTicketList> {
  const [rows, total, unresolved] = await Promise.all([
    selectTickets(db).limit(SUPPORT_LIMITS.list).execute(),
    countAll(db),
    countUnresolved(db),
  ]);
  return { tickets: rows.map(toSupportTicket), total, unresolved, limit: SUPPORT_LIMITS.list };
}
