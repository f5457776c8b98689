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

/** The deliveries still owed (pending or retrying) over every merchant, and the age of the oldest. */
export type WebhookBacklog = { owed: number; oldestOwedAgeMs: number };

/**
 * What the merchants are still owed: one statement over the deliveries' partial index of open deliveries. The
 * Health Monitor's `webhooks` check and the metrics' `coinlane_webhook_deliveries_owed` read it (decision 028).
 */
export async function getWebhookBacklog({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<WebhookBacklog> {
  const owed = await db
    .selectFrom('webhook_deliveries')
    .select((e) => [e.fn.countAll<string | number>().as('n'), e.fn.min('created_at').as('oldest')])
    .where('state', 'in', ['pending', 'retrying'])
    .executeTakeFirst();
  const oldest = owed?.oldest ? new Date(owed.oldest as Date | string) : null;
  return {
    owed: Number(owed?.n ?? 0),
    oldestOwedAgeMs: oldest ? Math.max(0, now.getTime() - oldest.getTime()) : 0,
  };
}

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
  const backlog = await getWebhookBacklog({ db, now });
  const disabled = await db
    .selectFrom('webhook_endpoints')
    .select((e) => e.fn.countAll<string | number>().as('n'))
    .where('disabled_at', 'is not', null)
    .executeTakeFirst();
  const attempts = Number(a?.n ?? 0);
  const failedAttempts = Number(a?.failed ?? 0);
  return {
    attempts,
    failedAttempts,
    failureRate: attempts > 0 ? failedAttempts / attempts : 0,
    ...backlog,
    disabledEndpoints: Number(disabled?.n ?? 0),
  };
}
