import { randomId } from '@coinlane/core/ids';
import type { Db } from '#app/db/connection.ts';
import type { AttemptRow } from './queries.ts';
import { isRetryable, type WebhookAttemptResult } from './send-webhook.ts';

/** Delay before automatic retry n (1-based): base * 2^(n-1). */
export const webhookRetryDelayMs = (retry: number, baseMs: number) => baseMs * 2 ** Math.max(0, retry - 1);

/** An attempt as stored, with the state its delivery was left in (delivered, retrying, failed, or unchanged). */
export type RecordedAttempt = AttemptRow & { deliveryState: 'pending' | 'delivered' | 'retrying' | 'failed' };

/**
 * Stores one attempt and the delivery's new state, in one short transaction with the delivery row locked
 * (the HTTP call is over by then). An automatic attempt is recorded only if the delivery is still owed and
 * no other run recorded this attempt meanwhile (`expectedAutoAttempts`), so a handler that runs twice never
 * counts twice. A resend changes the state only when it succeeds (the delivery is then delivered).
 */
export async function recordWebhookAttempt({
  db,
  deliveryId,
  url,
  result,
  isResend,
  expectedAutoAttempts,
  retries,
  retryBaseMs,
  now = new Date(),
}: {
  db: Db;
  deliveryId: string;
  url: string;
  result: WebhookAttemptResult;
  isResend: boolean;
  expectedAutoAttempts?: number;
  retries: number;
  retryBaseMs: number;
  now?: Date;
}): Promise<RecordedAttempt | null> {
  return db.transaction().execute(async (trx) => {
    const d = await trx
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .forUpdate()
      .executeTakeFirst();
    if (!d) return null;
    const open = d.state === 'pending' || d.state === 'retrying';
    if (!isResend && (!open || d.auto_attempts !== expectedAutoAttempts)) return null;

    let state = d.state;
    let nextAttemptAt = d.next_attempt_at;
    let deliveredAt = d.delivered_at;
    if (result.ok) {
      state = 'delivered';
      nextAttemptAt = null;
      deliveredAt = now;
    } else if (!isResend) {
      const done = d.auto_attempts + 1;
      if (isRetryable(result) && done <= retries) {
        state = 'retrying';
        nextAttemptAt = new Date(now.getTime() + webhookRetryDelayMs(done, retryBaseMs));
      } else {
        state = 'failed';
        nextAttemptAt = null;
      }
    }
    await trx
      .updateTable('webhook_deliveries')
      .set({
        state,
        next_attempt_at: nextAttemptAt,
        delivered_at: deliveredAt,
        attempts: d.attempts + 1,
        auto_attempts: isResend ? d.auto_attempts : d.auto_attempts + 1,
        last_status_code: result.statusCode,
        last_attempt_at: now,
        updated_at: now,
      })
      .where('id', '=', deliveryId)
      .execute();
    const attempt = await trx
      .insertInto('webhook_attempts')
      .values({
        id: randomId('wha'),
        delivery_id: deliveryId,
        attempt_number: d.attempts + 1,
        is_resend: isResend,
        url,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        response_excerpt: result.responseExcerpt,
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...attempt, deliveryState: state };
  });
}
