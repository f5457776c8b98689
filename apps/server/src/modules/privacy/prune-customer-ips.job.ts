import { z } from 'zod';
import { defineJob } from '#app/jobs/define-job.ts';
import { pruneCustomerIps } from './prune-customer-ips.ts';

/**
 * Hourly: customers' and visitors' IPs older than CUSTOMER_IP_RETENTION_DAYS are deleted from payments, from the
 * audit rows of anonymous actors and from sales tickets (decision 021). Its name is the one it had when it pruned
 * payments only: scheduled slots already queued under it keep running.
 */
export const pruneCustomerIpsJob = defineJob({
  name: 'payments.prune_customer_ips',
  payload: z.object({}),
  everyMs: 60 * 60 * 1000,
  handler: async (_payload, { db, config, log }) => {
    const pruned = await pruneCustomerIps({ db, retentionDays: config.customerIpRetentionDays });
    if (pruned.payments || pruned.auditRows || pruned.salesTickets) {
      log.info({ ...pruned, retentionDays: config.customerIpRetentionDays }, 'customer IPs deleted');
    }
    return undefined;
  },
});
