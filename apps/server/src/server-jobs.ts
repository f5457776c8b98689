import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { SERVER_FAMILIES } from '#app/families/registry.ts';
import { type AnyJobDefinition, defineJob } from '#app/jobs/define-job.ts';
import { pruneJobsJob } from '#app/jobs/prune-jobs.job.ts';
import { salesInquiryMailJob } from '#app/modules/contact/sales-inquiry-mail.job.ts';
import type { ConversionDeps } from '#app/modules/conversions/conversion-deps.ts';
import { followShiftsJob } from '#app/modules/conversions/follow-shifts.job.ts';
import { shiftFailedMailJob } from '#app/modules/conversions/shift-failed-mail.job.ts';
import { sweepSystemHealthJob } from '#app/modules/health/sweep-system-health.job.ts';
import { kycDecisionMailJob } from '#app/modules/kyc/kyc-decision-mail.job.ts';
import { dispatchPaymentMailsJob } from '#app/modules/notifications/dispatch-payment-mails.job.ts';
import { paymentMailJob } from '#app/modules/notifications/payment-mail.job.ts';
import { expireDuePaymentLinks } from '#app/modules/payment-links/expire-due-payment-links.ts';
import { compactPaymentRollups } from '#app/modules/payments/compact-payment-rollups.ts';
import { expireDuePayments } from '#app/modules/payments/expire-due-payments.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
// customers' and visitors' IPs deleted after their retention period (decision 021)
import { pruneCustomerIpsJob } from '#app/modules/privacy/prune-customer-ips.job.ts';
import { createCoinGeckoSource } from '#app/modules/rates/coingecko-source.ts';
import { createRatesRefresher } from '#app/modules/rates/refresh-rates.ts';
import { refundAddressMailJob } from '#app/modules/refunds/refund-address-mail.job.ts';
import { subscriptionJobs } from '#app/modules/subscriptions/advance-subscriptions.job.ts';
import { subscriberMailJob } from '#app/modules/subscriptions/subscriber-mail.job.ts';
import { ticketMessageMailJob } from '#app/modules/support/ticket-message-mail.job.ts';
import { deliverSystemAlertJob } from '#app/modules/system-alerts/deliver-system-alert.job.ts';
import { pruneSystemLogsJob } from '#app/modules/system-logs/prune-system-logs.job.ts';
import { advanceTestNetwork } from '#app/modules/test-network/advance-test-network.ts';
import { walletGapNoticeJob } from '#app/modules/wallets/gap-limit.ts';
import { deliverWebhooksJob } from '#app/modules/webhooks/deliver-webhooks.job.ts';
import { dispatchWebhooksJob } from '#app/modules/webhooks/dispatch-webhooks.job.ts';
import { webhookDisabledMailJob } from '#app/modules/webhooks/webhook-disabled-mail.job.ts';

/** How often open payments and links are checked for expiry (readers also check on read). */
export const EXPIRY_SWEEP_MS = 5_000;

/** How often the payments' rollup logs are folded into their tables (a read adds what is not folded yet). */
export const ROLLUP_COMPACTION_MS = 5_000;

/**
 * The jobs of the webhooks (alias jobs) role: on-demand jobs (webhook delivery, mails, notices) and the scheduled
 * ones it has always run (the webhook and payment-mail dispatchers every second, the chain families' own jobs such
 * as the EVM flush, the prune).
 */
export const WEBHOOKS_ROLE_JOBS: readonly AnyJobDefinition[] = [
  pruneJobsJob,
  dispatchWebhooksJob,
  deliverWebhooksJob,
  ...SERVER_FAMILIES.flatMap((family) => family.jobs),
  walletGapNoticeJob,
  dispatchPaymentMailsJob,
  paymentMailJob,
  salesInquiryMailJob,
  // Operations (decision 018): the System Logs' bound, the alerts' e-mail/Slack/Discord, a disabled endpoint's mail.
  pruneSystemLogsJob,
  deliverSystemAlertJob,
  webhookDisabledMailJob,
  kycDecisionMailJob,
  // Refunds: the merchant's mail when the customer gave the address (decision 022).
  refundAddressMailJob,
  // Support tickets: the notice mail of each message (decision 017).
  ticketMessageMailJob,
  pruneCustomerIpsJob,
  // Subscriptions: the subscriber's mails (decision 023).
  subscriberMailJob,
  // Conversions by an exchange (decision 024): the merchant's mail when a shift could not convert a payment.
  shiftFailedMailJob,
];

/**
 * The jobs of the webhooks role as this server is configured: WEBHOOKS_ROLE_JOBS and the follower of the open
 * exchange shifts (conversions.follow_shifts, every 5 s: network I/O with the exchange, like the EVM flush's with
 * its node).
 */
export const webhooksRoleJobs = ({ conversions }: { conversions: ConversionDeps }): AnyJobDefinition[] => [
  ...WEBHOOKS_ROLE_JOBS,
  followShiftsJob(conversions.provider),
];

/**
 * The jobs of the scheduler role, all scheduled (`everyMs`): the rate refresh, the test network's blocks, the
 * expiry sweep, the payments' rollups. The intervals of the first two come from the configuration; the rate refresher keeps each source's
 * failures between runs (one per process). Every handler is safe to run twice.
 */
export function schedulerRoleJobs({
  db,
  config,
  log,
  payments,
}: {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  payments: PaymentDeps;
}): AnyJobDefinition[] {
  const market = createCoinGeckoSource({ baseUrl: config.ratesApiUrl, apiKey: config.ratesApiKey });
  const periodMs = config.ratesRefreshSeconds * 1000;
  const rates = createRatesRefresher({ db, sources: [market], log, periodMs });
  const every = (
    name: string,
    everyMs: number,
    run: (db: Db) => Promise<unknown>,
    { prompt = false }: { prompt?: boolean } = {},
  ) =>
    defineJob({
      name,
      payload: z.object({}),
      everyMs,
      prompt,
      handler: async (_payload, ctx) => {
        await run(ctx.db);
        return undefined;
      },
    });
  return [
    every('rates.refresh', periodMs, () => rates.run()),
    // A test block confirms payments that merchants and their customers watch: prompt.
    every(
      'test-network.advance',
      config.testNetworkBlockSeconds * 1000,
      (db) => advanceTestNetwork({ db, blockSeconds: config.testNetworkBlockSeconds, deps: payments }),
      { prompt: true },
    ),
    every('payments.expire', EXPIRY_SWEEP_MS, async (db) => {
      await expireDuePayments({ db, deps: payments });
      await expireDuePaymentLinks({ db });
    }),
    // The merchants' totals and volume: their logs folded in (decision 031; reads are exact either way).
    every('payments.compact-rollups', ROLLUP_COMPACTION_MS, (db) => compactPaymentRollups({ db })),
    // The Health Monitor's sweep: raises and resolves the service and webhook alerts (decision 018).
    sweepSystemHealthJob,
    // Subscriptions' renewal job: due actions by their indexed time, in parallel batches (decision 023).
    ...subscriptionJobs({ payments, config }),
  ];
}
