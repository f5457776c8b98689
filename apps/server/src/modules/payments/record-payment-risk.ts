import type { Db } from '#app/db/connection.ts';
import { type AuditEntry, recordAudit } from '#app/modules/audit/record-audit.ts';
import type { PaymentRow } from './queries.ts';

/**
 * Stores a payment's risk score and fraud flags (the risk module computes them: modules/risk). Call inside the
 * payment's transaction. When the flags change, or the score of a payment scored before, an audit row
 * `payment.risk_assessed` (system) keeps the before and after; otherwise only the score and the time are written.
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
  // Audited when the flags change (a first scoring with flags included) or a scored payment's score changes; a first
  // scoring that flags nothing is not (every payment is scored at creation: it would double the log for nothing).
  const flagsChanged = JSON.stringify(before.fraudFlags) !== JSON.stringify(after.fraudFlags);
  const changed = flagsChanged || (payment.risk_scored_at !== null && before.riskScore !== after.riskScore);
  await db
    .updateTable('payments')
    .set({ risk_score: score, fraud_flags: [...flags], risk_scored_at: now })
    .where('id', '=', payment.id)
    .execute();
  if (changed) {
    await recordAudit({
      db,
      ...riskAssessedAudit({ payment, before: payment.risk_scored_at === null ? null : before, after }),
    });
  }
  return { changed };
}

type RiskFigures = { riskScore: number; fraudFlags: string[] };

/** The audit row of a risk assessment (system): the score and flags before (null: a first scoring) and after. */
export const riskAssessedAudit = ({
  payment,
  before,
  after,
}: {
  payment: Pick<PaymentRow, 'id' | 'mode'>;
  before: RiskFigures | null;
  after: RiskFigures;
}): AuditEntry => ({
  actorId: null,
  actorType: 'system',
  action: 'payment.risk_assessed',
  entityType: 'payment',
  entityId: payment.id,
  mode: payment.mode,
  before,
  after,
});
