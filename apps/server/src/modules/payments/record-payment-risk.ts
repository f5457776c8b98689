import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { type AuditEntry, auditRow } from '#app/modules/audit/record-audit.ts';
import type { PaymentRow } from './queries.ts';

/** What recordPaymentRisk reads of a payment: its score and flags as stored, and whether it was scored before. */
type RiskedPayment = Pick<PaymentRow, 'id' | 'mode' | 'risk_score' | 'fraud_flags' | 'risk_scored_at'>;

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
  payment: RiskedPayment;
  score: number;
  flags: readonly string[];
  now: Date;
}): Promise<{ changed: boolean }> {
  const [result] = await recordPaymentsRisk({ db, scores: [{ payment, score, flags }], now });
  return result as { changed: boolean };
}

/**
 * recordPaymentRisk for several payments (a block's, re-scored together): every score in one statement, and the
 * audit rows of those that changed in one more. Each payment's result, in the order given.
 */
export async function recordPaymentsRisk({
  db,
  scores,
  now,
}: {
  db: Db;
  scores: readonly { payment: RiskedPayment; score: number; flags: readonly string[] }[];
  now: Date;
}): Promise<{ changed: boolean }[]> {
  if (scores.length === 0) return [];
  const audits: AuditEntry[] = [];
  const results = scores.map(({ payment, score, flags }) => {
    const before = { riskScore: payment.risk_score, fraudFlags: [...(payment.fraud_flags ?? [])] };
    const after = { riskScore: score, fraudFlags: [...flags] };
    // Audited when the flags change (a first scoring with flags included) or a scored payment's score changes; a
    // first scoring that flags nothing is not (every payment is scored at creation: it would double the log for
    // nothing).
    const flagsChanged = JSON.stringify(before.fraudFlags) !== JSON.stringify(after.fraudFlags);
    const changed = flagsChanged || (payment.risk_scored_at !== null && before.riskScore !== after.riskScore);
    if (changed) {
      audits.push(
        riskAssessedAudit({ payment, before: payment.risk_scored_at === null ? null : before, after }),
      );
    }
    return { changed };
  });
  const values = scores.map(
    ({ payment, score, flags }) => sql`(${payment.id}::text, ${score}::smallint, ${[...flags]}::text[])`,
  );
  await db
    .updateTable('payments')
    .from(
      sql<{ id: string; risk_score: number; fraud_flags: string[] }>`(VALUES ${sql.join(values)})`.as<'v'>(
        sql`v(id, risk_score, fraud_flags)`,
      ),
    )
    .set((eb) => ({
      risk_score: eb.ref('v.risk_score'),
      fraud_flags: eb.ref('v.fraud_flags'),
      risk_scored_at: now,
    }))
    .whereRef('payments.id', '=', 'v.id')
    .execute();
  if (audits.length > 0) await db.insertInto('audit_log').values(audits.map(auditRow)).execute();
  return results;
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
