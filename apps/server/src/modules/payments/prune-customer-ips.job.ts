import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { pruneCustomerIps } from './prune-customer-ips.ts';

/** Hourly: customer IPs older than CUSTOMER_IP_RETENTION_DAYS are deleted from their payments (decision 021). */
export const pruneCustomerIpsJob = defineJob({
  name: 'payments.prune_customer_ips',
  payload: z.object({}),
  everyMs: 60 * 60 * 1000,
  handler: async (_payload, { db, config, log }) => {
    const pruned = await pruneCustomerIps({ db, retentionDays: config.customerIpRetentionDays });
    if (pruned) log.info({ pruned, retentionDays: config.customerIpRetentionDays }, 'customer IPs deleted');
    return undefined;
  },
});
