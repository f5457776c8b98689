import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { createMailer } from '#app/mail/mailer.ts';
import { formatMailTime } from '#app/mail/templates.ts';
import { getMerchantProfile } from '#app/modules/profile/get-merchant-profile.ts';
import { WEBHOOK_DISABLED_MAIL_JOB } from './disable-webhook-endpoint.ts';
import { selectEndpointById } from './queries.ts';
import { webhookDisabledMail } from './webhook-disabled-mail.ts';

/**
 * Tells the merchant that its webhook endpoint was turned off (queued by disableWebhookEndpoint in the same
 * transaction). Nothing is sent if the endpoint was turned back on since (a later disable queues its own mail).
 */
export const webhookDisabledMailJob = defineJob({
  name: WEBHOOK_DISABLED_MAIL_JOB,
  payload: z.object({ endpointId: z.string(), disabledAt: z.string() }),
  maxAttempts: 8,
  backoffMs: 30_000,
  handler: async ({ endpointId, disabledAt }, { db, config, log }) => {
    const endpoint = await selectEndpointById(db, endpointId);
    if (!endpoint?.disabled_at || endpoint.disabled_at.toISOString() !== disabledAt) return undefined;
    const profile = await getMerchantProfile({ db, userId: endpoint.user_id }).catch(() => null);
    if (!profile?.email) return undefined;
    const mail = webhookDisabledMail({
      name: profile.businessName || profile.name,
      url: endpoint.url,
      mode: endpoint.mode,
      reason: endpoint.disabled_reason,
      disabledAt: formatMailTime(endpoint.disabled_at),
      settingsUrl: `${config.appUrl}/settings`,
    });
    await createMailer({ config, db, log }).send({ to: profile.email, ...mail });
    return undefined;
  },
});
