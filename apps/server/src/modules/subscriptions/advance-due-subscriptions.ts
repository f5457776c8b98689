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
 * every stored quote (`npm run bench -- subscriptions`). Each take looks from the due time of the batch's last take
 * on (a keyset on the index), not from the index's start: every subscription taken so far moved its due_at on,
 * leaving an entry behind that a scan from the start would step over again on every take until vacuum removes it.
 * Only when nothing is due from there on does it look from the start once, which finds what became due behind its
 * position while it ran (a test clock moved, a row another worker held and let go). Returns how many subscriptions
 * were advanced and whether some may be left.
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
  /** Where the next take starts looking: the due time of the last one, or null for the index's start. */
  let from: Date | null = null;
  while (Date.now() - started < budgetMs) {
    const at = now();
    let failedId: string | null = null;
    const took = await db
      .transaction()
      .execute(async (trx) => {
        const sub = (await takeDue(trx, at, from)) ?? (from ? await takeDue(trx, at, null) : undefined);
        if (!sub) return false;
        // Less a millisecond: a Date holds milliseconds, due_at microseconds (rounded either way when read), and
        // the rows due in the same millisecond as this one must stay ahead of the position.
        from = new Date(sub.due_at!.getTime() - 1);
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

/**
 * The first due subscription not held by another transaction, from `from` on in due order (null: from the start of
 * the partial index on due_at), locked for this transaction.
 */
async function takeDue(trx: Db, at: Date, from: Date | null): Promise<SubscriptionRow | undefined> {
  const res = await sql<SubscriptionRow>`
    SELECT * FROM subscriptions
    WHERE due_at IS NOT NULL AND due_at <= ${at} ${from ? sql`AND due_at >= ${from}` : sql``}
    ORDER BY due_at
    LIMIT 1
    FOR UPDATE SKIP LOCKED
  `.execute(trx);
  return res.rows[0];
}
