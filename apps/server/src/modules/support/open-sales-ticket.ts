import { randomId } from '@coinlane/core/ids';
import type { Db } from '#app/db/connection.ts';
import { insertMessage, insertTicket } from './queries.ts';

/**
 * A visitor's "Talk to Sales" message as a ticket (the contact module calls it in its transaction): category sales,
 * no account, the visitor's name, e-mail, company and language, the client IP and user agent, and the message as
 * the first of the thread. The title says who wrote. The caller queues the operator's mail (the contact form's own).
 */
export async function openSalesTicket({
  db,
  visitor,
  ip,
  userAgent,
  now = new Date(),
}: {
  db: Db;
  visitor: { name: string; email: string; company: string | null; message: string; language: string | null };
  ip: string | null;
  userAgent: string | null;
  now?: Date;
}): Promise<{ ticketId: string; messageId: string }> {
  const ticketId = randomId('tkt');
  const messageId = randomId('tkm');
  const who = visitor.company ? `${visitor.name}, ${visitor.company}` : visitor.name;
  await insertTicket(db, {
    id: ticketId,
    title: `Sales inquiry from ${who}`.replace(/\s+/g, ' ').slice(0, 150),
    category: 'sales',
    priority: 'normal',
    userId: null,
    customerName: visitor.name,
    customerEmail: visitor.email,
    company: visitor.company,
    language: visitor.language,
    ip,
    userAgent: userAgent?.slice(0, 512) ?? null,
    at: now,
  });
  await insertMessage(db, {
    id: messageId,
    ticketId,
    authorId: null,
    isStaff: false,
    body: visitor.message,
    at: now,
  });
  return { ticketId, messageId };
}
