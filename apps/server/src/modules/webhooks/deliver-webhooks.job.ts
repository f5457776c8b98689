import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { deliverNextWebhook } from './deliver-next-webhook.ts';
import { DELIVER_WEBHOOKS_JOB } from './dispatch-webhook-events.ts';

/** Attempts made per run before the job yields its worker to other jobs (it queues itself again at once). */
const ATTEMPTS_PER_RUN = 20;

/**
 * The lease of a delivery job: 10 s, renewed every 3.3 s while it runs (jobs/worker.ts). An endpoint has one such
 * job, so a worker killed mid-delivery holds up every event of that endpoint until its lease runs out; the queue's
 * 30 s made that half a minute (docs/architecture.md, "Production shape", has the measured recovery). The HTTP
 * call itself may last the admin's webhook timeout (30 s by default): the heartbeat keeps the lease meanwhile. A
 * heartbeat missed for 10 s (the process frozen, the database away) lets a second worker send the endpoint's
 * oldest open delivery again: a duplicate, which at-least-once delivery allows (same event id), in order.
 */
export const DELIVER_WEBHOOKS_LEASE_MS = 10_000;

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
  leaseMs: DELIVER_WEBHOOKS_LEASE_MS,
  prompt: true,
  handler: async ({ endpointId }, { db, config, metrics }) => {
    for (let i = 0; i < ATTEMPTS_PER_RUN; i++) {
      const outcome = await deliverNextWebhook({ db, config, endpointId });
      // coinlane_webhook_deliveries_total and coinlane_webhook_delivery_seconds (decision 028)
      if (outcome.kind === 'sent' && outcome.outcome)
        metrics?.webhookAttempt(outcome.outcome, outcome.seconds);
      // Paused by the merchant: the job ends; the dispatcher starts it again when deliveries resume.
      if (outcome.kind === 'idle' || outcome.kind === 'paused') return undefined;
      if (outcome.kind === 'wait') return { runAgainAt: outcome.until };
    }
    return { runAgainAt: new Date() };
  },
});
