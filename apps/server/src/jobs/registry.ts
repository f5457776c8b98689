import { salesInquiryMailJob } from '#app/modules/contact/sales-inquiry-mail.job.ts';
import { evmFlushJob } from '#app/modules/forwarders/evm-flush.job.ts';
import { dispatchPaymentMailsJob } from '#app/modules/notifications/dispatch-payment-mails.job.ts';
import { paymentMailJob } from '#app/modules/notifications/payment-mail.job.ts';
import { walletGapNoticeJob } from '#app/modules/wallets/gap-limit.ts';
import { deliverWebhooksJob } from '#app/modules/webhooks/deliver-webhooks.job.ts';
import { dispatchWebhooksJob } from '#app/modules/webhooks/dispatch-webhooks.job.ts';
import type { AnyJobDefinition } from './define-job.ts';
import { pruneJobsJob } from './prune-jobs.job.ts';

/** Every job the workers run (one definition file each). */
export const JOB_DEFINITIONS: readonly AnyJobDefinition[] = [
  pruneJobsJob,
  dispatchWebhooksJob,
  deliverWebhooksJob,
  evmFlushJob,
  walletGapNoticeJob,
  dispatchPaymentMailsJob,
  paymentMailJob,
  salesInquiryMailJob,
];
