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

/**
 * What the risk engine found on a payment (modules/risk, decision 021), as System Alerts: a payer address on the
 * sanctions list raises a critical sanctions_hit (always: no setting turns it off), a payment newly scored above 6
 * a high_risk_transaction (while notify_high_risk_transactions is on). Live payments only, as the other payment
 * alerts. Called by the composition root's seam (server-payments.ts, RISK_ALERTS) in the payment's transaction.
 */
export async function alertRiskFinding({
  db,
  now,
  finding,
}: {
  db: Db;
  now: Date;
  finding: {
    kind: 'sanctions_hit' | 'high_risk';
    paymentId: string;
    userId: string;
    mode: 'test' | 'live';
    score: number;
    flags: readonly string[];
    sanctionedPayers: readonly string[];
  };
}): Promise<void> {
  if (finding.mode !== 'live') return;
  const flags = finding.flags.map((f) => f.replace(/_/g, ' ')).join(', ') || 'none';
  if (finding.kind === 'sanctions_hit') {
    await raiseSystemAlert({
      db,
      now,
      kind: SYSTEM_ALERT_KINDS.sanctionsHit,
      key: finding.paymentId,
      level: 'critical',
      title: `Sanctions list hit: payment ${finding.paymentId}`,
      description: `Payment ${finding.paymentId} of merchant ${finding.userId} was paid from ${finding.sanctionedPayers.join(', ')}, on the sanctions list in force. Risk ${finding.score}/10; flags: ${flags}.`,
    });
    return;
  }
  await raiseSystemAlert({
    db,
    now,
    kind: SYSTEM_ALERT_KINDS.highRiskTransaction,
    key: finding.paymentId,
    level: 'warning',
    title: `High-risk transaction: ${finding.paymentId} (${finding.score}/10)`,
    description: `Payment ${finding.paymentId} of merchant ${finding.userId} scored ${finding.score}/10; flags: ${flags}.`,
  });
}
