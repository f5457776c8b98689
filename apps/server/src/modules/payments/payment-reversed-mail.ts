import { formatUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { formatMailTime, type MailContent, renderLayout } from '#app/mail/templates.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentRow } from './queries.ts';

/** The job that mails a merchant about a reversed payment (payment-reversed-mail.job.ts). */
export const PAYMENT_REVERSED_MAIL_JOB = 'payments.reversed_mail';

/** What the mail says, fixed when the payment was reversed (the job may run later). */
export type PaymentReversedFacts = {
  paymentId: string;
  userId: string;
  mode: string;
  amount: string;
  currency: string;
  networkName: string;
  status: string;
  received: string;
  txHash: string | null;
  reversedAt: string;
};

/**
 * Queues the merchant's mail about a payment whose confirmation a reorganisation took back, inside the
 * transaction that reverses it: the job exists exactly when the reversal is committed, and the mail is sent by a
 * job worker, never with a transaction open.
 */
export async function enqueuePaymentReversedMail({
  db,
  payment,
  now,
}: {
  db: Db;
  payment: PaymentRow;
  now: Date;
}): Promise<void> {
  const facts: PaymentReversedFacts = {
    paymentId: payment.id,
    userId: payment.user_id,
    mode: payment.mode,
    amount: formatUnits(BigInt(payment.amount), payment.decimals),
    currency: payment.currency,
    networkName: networkInfo(payment.network).name,
    status: payment.status,
    received: formatUnits(BigInt(payment.amount_received), payment.decimals),
    txHash: payment.tx_hash,
    reversedAt: now.toISOString(),
  };
  await enqueueJob({ db, name: PAYMENT_REVERSED_MAIL_JOB, payload: facts, maxAttempts: 8 });
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'waiting for confirmations again',
  partial: 'partly paid: part of its money is no longer on the chain',
  expired: 'expired: its money is no longer on the chain',
};

/** The mail: which payment, what the chain now shows, and what to do (hold the goods until it confirms again). */
export function paymentReversedMail(
  o: PaymentReversedFacts & { name: string | null; url: string },
): MailContent {
  const now = STATUS_TEXT[o.status] ?? o.status;
  return {
    subject: `Payment reversed: ${o.amount} ${o.currency} is no longer confirmed`,
    ...renderLayout({
      preheader: `A chain reorganisation on ${o.networkName} took back the confirmation of payment ${o.paymentId}.`,
      heading: 'A confirmed payment was reversed',
      intro: [
        o.name?.trim() ? `Hi ${o.name.trim()},` : 'Hello,',
        `A reorganisation of the ${o.networkName} chain removed the block that confirmed payment ${o.paymentId} (${o.amount} ${o.currency}). The payment is no longer confirmed: it is ${now}.`,
        'Do not ship goods or release services for it until it is confirmed again. If the money is mined again, the payment is confirmed again and you receive a new payment.confirmed event; its platform fee is not charged meanwhile, and its payment link accepts a new payment.',
      ],
      action: { label: 'View transactions', url: o.url },
      details: [
        ['Payment', o.paymentId],
        ['Amount due', `${o.amount} ${o.currency}`],
        ['Amount seen now', `${o.received} ${o.currency}`],
        ['Network', o.networkName],
        ['Transaction', o.txHash ?? 'none'],
        ['Reversed at', formatMailTime(new Date(o.reversedAt))],
      ],
      reason: `You received this email because a ${o.mode} payment of your Coinlane account changed after it was confirmed.`,
    }),
  };
}
