import type { Db } from '#app/db/connection.ts';

/** Notes that a message's notice mail has gone out: a job run again sends nothing. */
export async function markMessageMailed({ db, messageId }: { db: Db; messageId: string }): Promise<void> {
  await db
    .updateTable('support_ticket_messages')
    .set({ mailed_at: new Date() })
    .where('id', '=', messageId)
    .execute();
}
