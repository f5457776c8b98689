import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { dispatchPaymentMails } from './dispatch-payment-mails.ts';

/** Every second: new outbox events of payments become the merchant's payment mails (queued jobs). */
export const dispatchPaymentMailsJob = defineJob({
  name: 'notifications.dispatch_payment_mails',
  payload: z.object({}),
  everyMs: 1000,
  handler: async (_payload, { db }) => {
    await dispatchPaymentMails({ db });
    return undefined;
  },
});
