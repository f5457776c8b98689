import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { dispatchWebhookEvents } from './dispatch-webhook-events.ts';

/** Every second: new outbox events become webhook deliveries, and owing endpoints get their delivery job. */
export const dispatchWebhooksJob = defineJob({
  name: 'webhooks.dispatch',
  payload: z.object({}),
  everyMs: 1000,
  prompt: true,
  handler: async (_payload, { db }) => {
    await dispatchWebhookEvents({ db });
    return undefined;
  },
});
