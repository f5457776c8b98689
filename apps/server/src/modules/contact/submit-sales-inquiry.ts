import { CONTACT_LIMITS, type ZContactSalesRequest } from '@coinlane/core/api/public';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { countSalesTicketsFromIp } from '#app/modules/support/count-sales-tickets-from-ip.ts';
import { openSalesTicket } from '#app/modules/support/open-sales-ticket.ts';

export const SALES_INQUIRY_MAIL_JOB = 'contact.sales_mail';

/**
 * POST /public/contact-sales: opens a support ticket of category sales with the visitor's message (the admins'
 * Support Tickets; decision 017) and queues its mail to the operator in the same transaction. A request that filled
 * the hidden `website` field is a robot's: answered the same way, kept nowhere. At most
 * CONTACT_LIMITS.perIpPerHour messages are kept per client IP and hour (counted in the database, so every API
 * process shares the count).
 */
export async function submitSalesInquiry({
  db,
  input,
  ip,
  userAgent,
  log,
  now = new Date(),
}: {
  db: Db;
  input: z.output<typeof ZContactSalesRequest>;
  ip: string | null;
  userAgent: string | null;
  log: FastifyBaseLogger;
  now?: Date;
}): Promise<{ received: true }> {
  if (input.website?.trim()) {
    log.info('contact form: the hidden field was filled; message dropped as spam');
    return { received: true };
  }
  await db.transaction().execute(async (trx) => {
    if (ip) {
      const recent = await countSalesTicketsFromIp({
        db: trx,
        ip,
        since: new Date(now.getTime() - 3600_000),
      });
      if (recent >= CONTACT_LIMITS.perIpPerHour) {
        throw new AppError('RATE_LIMITED', { message: T.contactTooMany });
      }
    }
    const { ticketId } = await openSalesTicket({
      db: trx,
      visitor: {
        name: input.name,
        email: input.email,
        company: input.company,
        message: input.message,
        language: input.language ?? null,
      },
      ip,
      userAgent,
      now,
    });
    await enqueueJob({
      db: trx,
      name: SALES_INQUIRY_MAIL_JOB,
      id: `${SALES_INQUIRY_MAIL_JOB}:${ticketId}`,
      payload: { ticketId },
      maxAttempts: 8,
    });
  });
  return { received: true };
}
