import type { TDevMail } from '@coinlane/core/api/dev-mail';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';

/** One mail of the development outbox, with its bodies. */
export async function getDevMail({ db, id }: { db: Db; id: string }): Promise<TDevMail> {
  const row = await db.selectFrom('dev_mail').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', { message: T.mailNotFound });
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    html: row.html,
    text: row.text,
    replyTo: row.reply_to,
    createdAt: row.created_at.toISOString(),
  };
}
