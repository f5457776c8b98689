import type { Db } from '#app/db/connection.ts';

export type SalesInquiry = {
  ticketId: string;
  messageId: string;
  name: string;
  email: string;
  company: string | null;
  language: string | null;
  message: string;
  mailedAt: Date | null;
  createdAt: Date;
};

/**
 * A visitor's sales ticket with its first message, for the contact form's mail to the operator; undefined when
 * there is no such visitor ticket.
 */
export async function getSalesInquiry({
  db,
  ticketId,
}: {
  db: Db;
  ticketId: string;
}): Promise<SalesInquiry | undefined> {
  const row = await db
    .selectFrom('support_tickets as t')
    .innerJoin('support_ticket_messages as m', 'm.ticket_id', 't.id')
    .select([
      't.id as ticket_id',
      'm.id as message_id',
      't.customer_name',
      't.customer_email',
      't.company',
      't.language',
      'm.body',
      'm.mailed_at',
      'm.created_at',
    ])
    .where('t.id', '=', ticketId)
    .where('t.user_id', 'is', null)
    .orderBy('m.created_at', 'asc')
    .orderBy('m.id', 'asc')
    .limit(1)
    .executeTakeFirst();
  if (!row?.customer_email) return undefined;
  return {
    ticketId: row.ticket_id,
    messageId: row.message_id,
    name: row.customer_name ?? '',
    email: row.customer_email,
    company: row.company,
    language: row.language,
    message: row.body,
    mailedAt: row.mailed_at,
    createdAt: row.created_at,
  };
}
