import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { ALERT_CHANNELS } from './alert-kinds.ts';
import { deliverSystemAlert } from './deliver-system-alert.ts';
import { DELIVER_SYSTEM_ALERT_JOB } from './raise-system-alert.ts';

/**
 * Sends one alert to one channel (queued by raiseSystemAlert, one job per channel): a refused or unreachable
 * channel is retried with backoff (6 attempts, from 30 s), then the job is dead with the reason.
 */
export const deliverSystemAlertJob = defineJob({
  name: DELIVER_SYSTEM_ALERT_JOB,
  payload: z.object({ alertId: z.string(), channel: z.enum(ALERT_CHANNELS) }),
  maxAttempts: 6,
  backoffMs: 30_000,
  handler: async ({ alertId, channel }, { db, config, log }) => {
    const mailer = createMailer({ config, db, log });
    const outcome = await deliverSystemAlert({ db, config, mailer, alertId, channel });
    log.debug({ alertId, channel, outcome }, 'system alert delivery');
    return undefined;
  },
});
