import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { deliverNextWebhook } from './deliver-next-webhook.ts';
import { DELIVER_WEBHOOKS_JOB } from './dispatch-webhook-events.ts';

/** Attempts made per run before the job yields its worker to other jobs (it queues itself again at once). */
const ATTEMPTS_PER_RUN = 20;

/**
 * Sends one endpoint's deliveries, oldest first, one at a time. There is at most one such job queued or
 * running per endpoint (its unique key), which serialises the endpoint. When the oldest delivery waits for
 * its retry time, the job sleeps until then (queued again at that time).
 */
export const deliverWebhooksJob = defineJob({
  name: DELIVER_WEBHOOKS_JOB,
  payload: z.object({ endpointId: z.string() }),
  maxAttempts: 10,
  backoffMs: 1000,
  handler: async ({ endpointId }, { db, config }) => {
    for (let i = 0; i < ATTEMPTS_PER_RUN; i++) {
      const outcome = await deliverNextWebhook({ db, config, endpointId });
      // Paused by the merchant: the job ends; the dispatcher starts it again when deliveries resume.
      if (outcome.kind === 'idle' || outcome.kind === 'paused') return undefined;
      if (outcome.kind === 'wait') return { runAgainAt: outcome.until };
    }
    return { runAgainAt: new Date() };
  },
});
