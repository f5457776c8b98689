import type { Db } from '#app/db/connection.ts';
import { pruneAnonymousAuditIps } from '#app/modules/audit/prune-anonymous-audit-ips.ts';
import { prunePaymentCustomerIps } from '#app/modules/payments/prune-payment-customer-ips.ts';
import { pruneSalesTicketOrigins } from '#app/modules/support/prune-sales-ticket-origins.ts';

/** How many rows lost a customer's or visitor's IP in one run of pruneCustomerIps. */
export type PrunedCustomerIps = { payments: number; auditRows: number; salesTickets: number };

/**
 * Deletes every customer's and visitor's IP recorded more than `retentionDays` ago (CUSTOMER_IP_RETENTION_DAYS;
 * decision 021), wherever it is: the customer IP of payments (the country stays), the IP of audit rows of an
 * anonymous actor (the hosted page and the refund address page wrote one before they stopped doing so), and the IP
 * and user agent of the landing page's sales tickets. Each module prunes its own table; this module only holds the
 * rule that they share. Returns how many rows of each lost them. Safe to run twice.
 */
export async function pruneCustomerIps({
  db,
  retentionDays,
  now = new Date(),
}: {
  db: Db;
  retentionDays: number;
  now?: Date;
}): Promise<PrunedCustomerIps> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 3600_000);
  return {
    payments: await prunePaymentCustomerIps({ db, cutoff }),
    auditRows: await pruneAnonymousAuditIps({ db, cutoff }),
    salesTickets: await pruneSalesTicketOrigins({ db, cutoff }),
  };
}
