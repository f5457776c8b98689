import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';

export const TICKET_MESSAGE_MAIL_JOB = 'support.message_mail';

/**
 * Queues the notice mail of one ticket message (ticket-message-mail.job.ts) in the caller's transaction: the
 * message and its mail are kept together or not at all, and the request never waits for SMTP. One job per message
 * (its id names the message).
 */
export async function queueMessageMail({ db, messageId }: { db: Db; messageId: string }): Promise<void> {
  await enqueueJob({
    db,
    name: TICKET_MESSAGE_MAIL_JOB,
    id: `${TICKET_MESSAGE_MAIL_JOB}:${messageId}`,
    payload: { messageId },
    maxAttempts: 8,
  });
}
