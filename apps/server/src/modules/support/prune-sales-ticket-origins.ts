import type { Db } from '#app/db/connection.ts';

/**
 * Deletes the client IP and user agent of visitors' sales tickets (the landing page's Talk to Sales form) opened
 * before `cutoff` (CUSTOMER_IP_RETENTION_DAYS, decision 021). The IP is read only by the form's limit per IP and hour
 * (count-sales-tickets-from-ip.ts); the ticket, its visitor's name, e-mail and thread stay. Returns how many tickets
 * lost them. Safe to run twice.
 */
export async function pruneSalesTicketOrigins({ db, cutoff }: { db: Db; cutoff: Date }): Promise<number> {
  const r = await db
    .updateTable('support_tickets')
    .set({ ip: null, user_agent: null })
    .where('user_id', 'is', null)
    .where((eb) => eb.or([eb('ip', 'is not', null), eb('user_agent', 'is not', null)]))
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}
