import { DEV_MAIL_LIST_LIMIT, type TDevMailSummary } from '@coinlane/core/api/dev-mail';
import type { Db } from '#app/db/connection.ts';

/** The newest mails of the development outbox. */
export async function listDevMail({ db }: { db: Db }): Promise<TDevMailSummary[]> {
  const rows = await db
    .selectFrom('dev_mail')
    .select(['id', 'to_address', 'subject', 'created_at'])
    .orderBy('seq', 'desc')
    .limit(DEV_MAIL_LIST_LIMIT)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    createdAt: r.created_at.toISOString(),
  }));
}
