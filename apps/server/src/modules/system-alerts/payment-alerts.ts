import { formatUnits, parseUnits, shareOfFiat } from '@coinlane/core/money';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentsTable } from '#app/db/schema.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { SYSTEM_ALERT_KINDS } from './alert-kinds.ts';
import { raiseSystemAlert } from './raise-system-alert.ts';

type Payment = Selectable<PaymentsTable>;

/** The USD value of the money a payment has confirmed, at the rate its amount due was priced at (2 decimals). */
export function confirmedUsd(p: Payment): string | null {
  if (!p.usd_amount) return null;
  const whole = BigInt(p.amount);
  if (whole <= 0n) return null;
  const part = BigInt(p.amount_confirmed) > 0n ? BigInt(p.amount_confirmed) : whole;
  return shareOfFiat(p.usd_amount, part, whole, 2);
}

/**
 * Lifecycle handler of payment.confirmed (registered at the composition root, server-payments.ts): a live payment
 * whose confirmed money is worth large_transaction_threshold USD or more raises a large_transaction alert (while
 * notify_large_transactions is on). Test payments never do. Runs in the payment's transaction: rows and jobs only.
 */
export async function alertLargeTransaction({ db, payment }: { db: Db; payment: Payment }): Promise<void> {
  if (payment.mode !== 'live') return;
  const usd = confirmedUsd(payment);
  if (usd === null) return;
  const threshold = (await getSystemSettings({ db })).notifications.large_transaction_threshold;
  if (parseUnits(usd, 2) < BigInt(Math.floor(threshold)) * 100n) return;
  const amount = formatUnits(BigInt(payment.amount_confirmed), payment.decimals);
  await raiseSystemAlert({
    db,
    kind: SYSTEM_ALERT_KINDS.largeTransaction,
    key: payment.id,
    level: 'warning',
    title: `Large transaction: ${usd} USD`,
    description: `Payment ${payment.id} of merchant ${payment.user_id} confirmed ${amount} ${payment.currency} on ${payment.network}, worth ${usd} USD, at or above the large transaction threshold of ${threshold} USD.`,
  });
}

/**
 * Lifecycle handler of payment.expired and payment.failed: a live payment that expired or failed raises a
 * failed_transaction alert (while notify_failed_transactions is on), with what it had received.
 */
export async function alertFailedTransaction({
  db,
  payment,
  event,
}: {
  db: Db;
  payment: Payment;
  event: string;
}): Promise<void> {
  if (payment.mode !== 'live') return;
  const received = formatUnits(BigInt(payment.amount_received), payment.decimals);
  const due = formatUnits(BigInt(payment.amount), payment.decimals);
  const what = event === 'payment.failed' ? 'failed' : 'expired';
  await raiseSystemAlert({
    db,
    kind: SYSTEM_ALERT_KINDS.failedTransaction,
    key: payment.id,
    level: BigInt(payment.amount_received) > 0n ? 'error' : 'warning',
    title: `Transaction ${what}: ${payment.id}`,
    description: `Payment ${payment.id} of merchant ${payment.user_id} ${what}${payment.failure_reason ? ` (${payment.failure_reason})` : ''}: ${received} of ${due} ${payment.currency} received on ${payment.network}.`,
  });
}
