import { CONTACT_LIMITS, type ZContactSalesRequest } from '@coinlane/core/api/public';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import { T } from '@coinlane/core/texts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';

export const SALES_INQUIRY_MAIL_JOB = 'contact.sales_mail';

/**
 * POST /public/contact-sales: keeps a visitor's message (contact_requests, for the admins' support screen) and
 * queues its mail to the operator in the same transaction. A request that filled the hidden `website` field is
 * a robot's: answered the same way, kept nowhere. At most CONTACT_LIMITS.perIpPerHour messages are kept per
 * client IP and hour (counted in the database, so every API process shares the count).
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
      const since = new Date(now.getTime() - 3600_000);
      const recent = await trx
        .selectFrom('contact_requests')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('ip', '=', ip)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= CONTACT_LIMITS.perIpPerHour) {
        throw new AppError('RATE_LIMITED', { message: T.contactTooMany });
      }
    }
    const id = randomId('ctr');
    await trx
      .insertInto('contact_requests')
      .values({
        id,
        category: 'sales',
        name: input.name,
        email: input.email,
        company: input.company,
        message: input.message,
        ip,
        user_agent: userAgent?.slice(0, 512) ?? null,
        language: input.language ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await enqueueJob({
      db: trx,
      name: SALES_INQUIRY_MAIL_JOB,
      id: `${SALES_INQUIRY_MAIL_JOB}:${id}`,
      payload: { requestId: id },
      maxAttempts: 8,
    });
  });
  return { received: true };
}
