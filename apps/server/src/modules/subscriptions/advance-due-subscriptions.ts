import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { createPricingReads } from '#app/modules/payments/pricing-reads.ts';
import { advanceSubscription } from './advance-subscription.ts';
import type { SubscriptionRow } from './queries.ts';

/** How long a subscription whose action failed (no rate, the merchant's wallet gone) waits before the next try. */
export const FAILED_ACTION_RETRY_MS = 10 * 60_000;

/**
 * Runs the due actions of subscriptions whose due_at has passed, one subscription per transaction, each taken with
 * FOR UPDATE SKIP LOCKED through the partial index on due_at: any number of workers share the rows, none waits on
 * another's, and none runs a subscription another holds. Stops when nothing is due or after `budgetMs`. A
 * subscription whose action throws is logged and tried again later (its own due_at moved), never blocking others.
 * Renewals are priced with the coin rows and stored quotes kept for a few seconds across the run
 * (createPricingReads: a rate's age still judged at each invoice), not read again for every invoice: with
 * thousands due at once, those two reads were two of each renewal's twelve statements, one of them returning
 * every stored quote (`npm run bench -- subscriptions`). Returns how many subscriptions were advanced and whether
 * some may be left.
 */
export async function advanceDueSubscriptions({
  deps,
  db,
  log,
  maxAgeSeconds,
  budgetMs = 20_000,
  now = () => new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  log: FastifyBaseLogger;
  maxAgeSeconds: number;
  budgetMs?: number;
  now?: () => Date;
}): Promise<{ advanced: number; more: boolean }> {
  const started = Date.now();
  const reads = createPricingReads();
  let advanced = 0;
  while (Date.now() - started < budgetMs) {
    const at = now();
    let failedId: string | null = null;
    const took = await db
      .transaction()
      .execute(async (trx) => {
        const row = await sql<SubscriptionRow>`
          SELECT * FROM subscriptions
          WHERE due_at IS NOT NULL AND due_at <= ${at}
          ORDER BY due_at
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        `.execute(trx);
        const sub = row.rows[0];
        if (!sub) return false;
        failedId = sub.id;
        await advanceSubscription({ deps, db: trx, sub, now: at, maxAgeSeconds, reads });
        failedId = null;
        return true;
      })
      .catch((err: unknown) => {
        if (!failedId) throw err;
        log.error({ err, subscriptionId: failedId }, 'subscription action failed: tried again later');
        return 'failed' as const;
      });
    if (took === false) return { advanced, more: false };
    if (took === 'failed' && failedId) {
      await db
        .updateTable('subscriptions')
        .set({ due_at: new Date(at.getTime() + FAILED_ACTION_RETRY_MS) })
        .where('id', '=', failedId)
        .where('due_at', 'is not', null)
        .execute();
      continue;
    }
    advanced++;
  }
  return { advanced, more: true };
}
