import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

export type WebhookHealth = {
  /** Attempts made in the window (automatic and resends), and how many of them failed (no 2xx answer). */
  attempts: number;
  failedAttempts: number;
  /** failedAttempts / attempts, 0 without attempts. */
  failureRate: number;
  /** Deliveries still owed (pending or retrying), and how old the oldest is (ms). */
  owed: number;
  oldestOwedAgeMs: number;
  /** Endpoints the Coinlane team turned off. */
  disabledEndpoints: number;
};

/**
 * The webhook sending of the last `windowMs` (an hour), for the Health Monitor and the failure-rate alert: over
 * every merchant and both modes.
 */
export async function getWebhookHealth({
  db,
  windowMs = 60 * 60 * 1000,
  now = new Date(),
}: {
  db: Db;
  windowMs?: number;
  now?: Date;
}): Promise<WebhookHealth> {
  const since = new Date(now.getTime() - windowMs);
  const a = await db
    .selectFrom('webhook_attempts')
    .select((e) => [
      e.fn.countAll<string | number>().as('n'),
      sql<
        string | number
      >`count(*) FILTER (WHERE status_code IS NULL OR status_code < 200 OR status_code > 299)`.as('failed'),
    ])
    .where('created_at', '>', since)
    .executeTakeFirst();
  const owed = await db
    .selectFrom('webhook_deliveries')
    .select((e) => [e.fn.countAll<string | number>().as('n'), e.fn.min('created_at').as('oldest')])
    .where('state', 'in', ['pending', 'retrying'])
    .executeTakeFirst();
  const disabled = await db
    .selectFrom('webhook_endpoints')
    .select((e) => e.fn.countAll<string | number>().as('n'))
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  const attempts = Number(a?.n ?? 0);
  const failedAttempts = Number(a?.failed ?? 0);
  const oldest = owed?.oldest ? new Date(owed.oldest as Date | string) : null;
  return {
    attempts,
    failedAttempts,
    failureRate: attempts > 0 ? failedAttempts / attempts : 0,
    owed: Number(owed?.n ?? 0),
    oldestOwedAgeMs: oldest ? Math.max(0, now.getTime() - oldest.getTime()) : 0,
    disabledEndpoints: Number(disabled?.n ?? 0),
  };
}
