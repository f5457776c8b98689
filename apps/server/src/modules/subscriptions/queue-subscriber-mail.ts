import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import type { SubscriptionMailKind } from './subscription-mails.ts';

export const SUBSCRIBER_MAIL_JOB = 'subscriptions.subscriber_mail';

/**
 * Queues one mail to a subscriber in the caller's transaction, under a deterministic job id (the subscription,
 * the kind and what it is about: an invoice, a period), so a transition run twice never mails twice.
 */
export async function queueSubscriberMail({
  db,
  subscriptionId,
  kind,
  invoiceId = null,
  key,
  runAt,
}: {
  db: Db;
  subscriptionId: string;
  kind: SubscriptionMailKind;
  invoiceId?: string | null;
  /** What makes this mail unique for the subscription and kind (an invoice id, a period number). */
  key: string;
  runAt?: Date;
}): Promise<void> {
  await enqueueJob({
    db,
    name: SUBSCRIBER_MAIL_JOB,
    id: `${SUBSCRIBER_MAIL_JOB}:${subscriptionId}:${kind}:${key}`,
    payload: { subscriptionId, kind, invoiceId },
    maxAttempts: 8,
    ...(runAt ? { runAt } : {}),
  });
}
