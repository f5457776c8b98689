import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentRow } from './queries.ts';

/**
 * Stores a payment's risk score and fraud flags (the risk module computes them: modules/risk). Call inside the
 * payment's transaction. When the score or the flags change, an audit row `payment.risk_assessed` (system) keeps
 * the before and after; a mere re-computation to the same result writes only the time.
 */
export async function recordPaymentRisk({
  db,
  payment,
  score,
  flags,
  now,
}: {
  db: Db;
  payment: Pick<PaymentRow, 'id' | 'mode' | 'risk_score' | 'fraud_flags' | 'risk_scored_at'>;
  score: number;
  flags: readonly string[];
  now: Date;
}): Promise<{ changed: boolean }> {
  const before = { riskScore: payment.risk_score, fraudFlags: [...(payment.fraud_flags ?? [])] };
  const after = { riskScore: score, fraudFlags: [...flags] };
  const changed = payment.risk_scored_at === null || JSON.stringify(before) !== JSON.stringify(after);
  await db
    .updateTable('payments')
    .set({ risk_score: score, fraud_flags: [...flags], risk_scored_at: now })
    .where('id', '=', payment.id)
    .execute();
  if (changed) {
    await recordAudit({
      db,
      actorId: null,
      actorType: 'system',
      action: 'payment.risk_assessed',
      entityType: 'payment',
      entityId: payment.id,
      mode: payment.mode,
      before: payment.risk_scored_at === null ? null : before,
      after,
    });
  }
  return { changed };
}
