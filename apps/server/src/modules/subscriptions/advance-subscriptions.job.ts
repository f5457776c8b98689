import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { defineJob } from '#app/jobs/define-job.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { advanceDueSubscriptions } from './advance-due-subscriptions.ts';

export const ADVANCE_TICK_JOB = 'subscriptions.advance';
export const ADVANCE_BATCH_JOB = 'subscriptions.advance_batch';
/** Batch jobs started side by side when subscriptions are due: as many workers as there are can share them. */
export const ADVANCE_PARALLEL = 4;
/** The renewal job's tick. */
export const ADVANCE_EVERY_MS = 1_000;

/**
 * The renewal job (scheduler role; decision 023): every second, when some subscription's due_at has passed, it
 * queues up to ADVANCE_PARALLEL batch jobs (one per unique key, so never more); each batch runs due subscriptions
 * one per transaction (FOR UPDATE SKIP LOCKED, each looking from the due time of its last one on) for up to 20 s
 * and runs again at once while some are left. Nothing here diffs phases: the due time on each row says what is next.
 */
export function subscriptionJobs({ payments, config }: { payments: PaymentDeps; config: Config }) {
  const tick = defineJob({
    name: ADVANCE_TICK_JOB,
    payload: z.object({}),
    everyMs: ADVANCE_EVERY_MS,
    handler: async (_payload, { db }) => {
      await queueBatchesIfDue(db);
      return undefined;
    },
  });
  const batch = defineJob({
    name: ADVANCE_BATCH_JOB,
    payload: z.object({ shard: z.number().int() }),
    maxAttempts: 10,
    handler: async (_payload, { db, log }) => {
      const { more } = await advanceDueSubscriptions({
        deps: payments,
        db,
        log: log as FastifyBaseLogger,
        maxAgeSeconds: config.ratesMaxAgeSeconds,
      });
      return more ? { runAgainAt: new Date() } : undefined;
    },
  });
  return [tick, batch];
}

/** Queues the batch jobs when at least one subscription is due (an index-only probe). */
export async function queueBatchesIfDue(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('due_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  if (!due) return 0;
  let queued = 0;
  for (let shard = 0; shard < ADVANCE_PARALLEL; shard++) {
    const id = await enqueueJob({
      db,
      name: ADVANCE_BATCH_JOB,
      payload: { shard },
      uniqueKey: `${ADVANCE_BATCH_JOB}:${shard}`,
    });
    if (id) queued++;
  }
  return queued;
}
