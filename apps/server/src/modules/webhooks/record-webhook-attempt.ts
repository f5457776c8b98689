import { randomId } from '@coinlane/core/ids';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { AttemptRow } from './queries.ts';
import { isRetryable, type WebhookAttemptResult } from './send-webhook.ts';

/** Delay before automatic retry n (1-based): base * 2^(n-1). */
export const webhookRetryDelayMs = (retry: number, baseMs: number) => baseMs * 2 ** Math.max(0, retry - 1);

/** An attempt as stored, with the state its delivery was left in (delivered, retrying, failed, or unchanged). */
export type RecordedAttempt = AttemptRow & { deliveryState: 'pending' | 'delivered' | 'retrying' | 'failed' };

/**
 * Stores one attempt and the delivery's new state (the HTTP call is over by then): an automatic attempt in one
 * statement (recordAutomaticAttempt), a resend in one short transaction with the delivery row locked. An automatic attempt is recorded only if the delivery is still owed and
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
  if (!isResend && expectedAutoAttempts !== undefined) {
    return recordAutomaticAttempt({
      db,
      deliveryId,
      url,
      result,
      expectedAutoAttempts,
      retries,
      retryBaseMs,
      now,
    });
  }
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

/**
 * An automatic attempt, in one statement (a delivery's hot path, decision 004): the delivery is updated only while it
 * is still owed and holds the attempts this run saw (`expectedAutoAttempts`), and the attempt row is inserted from
 * what that update returned, so a second run of the same attempt changes nothing and gets null. Its new state
 * follows from the result and the attempts alone, so it is decided here, before the statement.
 */
async function recordAutomaticAttempt({
  db,
  deliveryId,
  url,
  result,
  expectedAutoAttempts,
  retries,
  retryBaseMs,
  now,
}: {
  db: Db;
  deliveryId: string;
  url: string;
  result: WebhookAttemptResult;
  expectedAutoAttempts: number;
  retries: number;
  retryBaseMs: number;
  now: Date;
}): Promise<RecordedAttempt | null> {
  const done = expectedAutoAttempts + 1;
  const state: 'delivered' | 'retrying' | 'failed' = result.ok
    ? 'delivered'
    : isRetryable(result) && done <= retries
      ? 'retrying'
      : 'failed';
  const attempt = await db
    .with('d', (w) =>
      w
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          state,
          next_attempt_at:
            state === 'retrying' ? new Date(now.getTime() + webhookRetryDelayMs(done, retryBaseMs)) : null,
          delivered_at: result.ok ? now : eb.ref('delivered_at'),
          attempts: eb('attempts', '+', 1),
          auto_attempts: done,
          last_status_code: result.statusCode,
          last_attempt_at: now,
          updated_at: now,
        }))
        .where('id', '=', deliveryId)
        .where('state', 'in', ['pending', 'retrying'])
        .where('auto_attempts', '=', expectedAutoAttempts)
        .returning(['id', 'attempts']),
    )
    .insertInto('webhook_attempts')
    .columns([
      'id',
      'delivery_id',
      'attempt_number',
      'is_resend',
      'url',
      'status_code',
      'duration_ms',
      'error',
      'response_excerpt',
      'created_at',
    ])
    .expression((eb) =>
      eb
        .selectFrom('d')
        // Typed: a parameter in a SELECT list is text to PostgreSQL unless cast.
        .select([
          sql<string>`${randomId('wha')}::text`.as('id'),
          'd.id as delivery_id',
          'd.attempts as attempt_number',
          sql<boolean>`false`.as('is_resend'),
          sql<string>`${url}::text`.as('url'),
          sql<number | null>`${result.statusCode}::integer`.as('status_code'),
          sql<number>`${result.durationMs}::integer`.as('duration_ms'),
          sql<string | null>`${result.error}::text`.as('error'),
          sql<string | null>`${result.responseExcerpt}::text`.as('response_excerpt'),
          sql<Date>`${now}::timestamptz`.as('created_at'),
        ]),
    )
    .returningAll()
    .executeTakeFirst();
  return attempt ? { ...attempt, deliveryState: state } : null;
}
