import { assessPaymentRisk, RISK_RULES, type TRiskAssessment } from '@coinlane/core/risk-rules';
import type { Db } from '#app/db/connection.ts';
import {
  findPaymentRiskActivity,
  findPaymentsRiskActivity,
  type PaymentRiskActivity,
} from '#app/modules/payments/find-payment-risk-activity.ts';
import type { NewPaymentRiskAssessor } from '#app/modules/payments/payment-deps.ts';
import type { PaymentStatusChange } from '#app/modules/payments/payment-lifecycle.ts';
import { recordPaymentsRisk, riskAssessedAudit } from '#app/modules/payments/record-payment-risk.ts';
import { findSanctionedAddresses } from '#app/modules/sanctions/find-sanctioned-addresses.ts';

/**
 * What the risk handler reports beyond the stored score: a payment newly paid from a sanctioned address, or newly
 * high risk (above 6). The seam to System Alerts: the composition root (server-payments.ts, RISK_ALERTS) passes
 * `onRiskAlert`, which raises them (modules/system-alerts). It runs inside the payment's transaction: database
 * writes only. Whatever it does, the hit is already in the audit log (payment.risk_assessed).
 */
export type RiskAlert = {
  kind: 'sanctions_hit' | 'high_risk';
  paymentId: string;
  userId: string;
  mode: 'test' | 'live';
  score: number;
  flags: readonly string[];
  /** sanctions_hit: the payer addresses found on the list. */
  sanctionedPayers: readonly string[];
};
export type RiskAlertHandler = (alert: RiskAlert, ctx: { db: Db; now: Date }) => Promise<void>;

const DAY = 24 * 3600_000;

/** The rule set's verdict on a payment from the facts read about it (both scorers below). */
function assess(
  payment: Pick<PaymentStatusChange['payment'], 'usd_amount' | 'created_at' | 'exception'>,
  activity: PaymentRiskActivity,
  sanctionedPayers: readonly string[],
): TRiskAssessment {
  const createdAt = activity.accountCreatedAt;
  return assessPaymentRisk({
    amountUsd: payment.usd_amount === null ? null : Number(payment.usd_amount),
    merchantHistory: activity.merchantHistory,
    emailPaymentsInWindow: activity.emailPayments,
    ipPaymentsInWindow: activity.ipPayments,
    ipUnpaidInWindow: activity.ipUnpaid,
    merchant: {
      ageDays: createdAt
        ? Math.max(0, Math.floor((payment.created_at.getTime() - createdAt.getTime()) / DAY))
        : 0,
      usdLastDay: activity.merchantUsdLastDay,
      dailyMeanUsdBefore: activity.merchantDailyMeanUsdBefore,
    },
    exception: payment.exception,
    sanctionedPayers,
  });
}

/**
 * Scores a payment about to be created (PaymentDeps.newPaymentRisk, given by the composition root): one read before
 * its insert, so the score and flags are written by the insert itself (create-payment.ts) and a payment with nothing
 * to flag is created in one statement. A new payment has no payer, so no sanctions hit; a first scoring that flags
 * something brings its audit row (payment.risk_assessed, as recordPaymentRisk writes it), and a score above 6 its
 * high-risk alert, raised in the payment's transaction.
 */
export function newPaymentRiskAssessor(onRiskAlert?: RiskAlertHandler): NewPaymentRiskAssessor {
  return async ({ db, payment }) => {
    const activity = await findPaymentRiskActivity({ db, payment, windows: RISK_RULES, inserted: false });
    const assessment = assess(payment, activity, []);
    const { score, flags } = assessment;
    return {
      score,
      flags,
      audit:
        flags.length > 0
          ? riskAssessedAudit({ payment, before: null, after: { riskScore: score, fraudFlags: [...flags] } })
          : null,
      alert:
        onRiskAlert && score > 6
          ? ({ db: trx, now }) =>
              onRiskAlert(
                {
                  kind: 'high_risk',
                  paymentId: payment.id,
                  userId: payment.user_id,
                  mode: payment.mode,
                  score,
                  flags,
                  sanctionedPayers: [],
                },
                { db: trx, now },
              )
          : null,
    };
  };
}

/**
 * Scores a payment by the rule set (@coinlane/core/risk-rules) and stores the score and flags on it. Run by the
 * lifecycle handler on every change of a payment after its creation (newPaymentRiskAssessor scores the creation),
 * inside the payment's transaction: reads and writes of the database only. The facts: the payment's amount and
 * exception, the activity around its creation (findPaymentRiskActivity), the merchant account's age, and its payers
 * (transfers) against the sanctions list.
 */
export async function scorePaymentRisk({
  db,
  payment,
  now,
  onRiskAlert,
}: {
  db: Db;
  payment: PaymentStatusChange['payment'];
  now: Date;
  onRiskAlert?: RiskAlertHandler;
}): Promise<TRiskAssessment> {
  const [assessment] = await scorePaymentsRisk({
    db,
    payments: [payment],
    now,
    ...(onRiskAlert ? { onRiskAlert } : {}),
  });
  return assessment as TRiskAssessment;
}

/**
 * scorePaymentRisk for several payments in one transaction (a block's payments, by the lifecycle's batch handler):
 * their activity in one read, the sanctions list once for all their payers, their scores in one write, then each
 * payment's alert, if any. Each payment's assessment, in the order given.
 */
export async function scorePaymentsRisk({
  db,
  payments,
  now,
  onRiskAlert,
}: {
  db: Db;
  payments: readonly PaymentStatusChange['payment'][];
  now: Date;
  onRiskAlert?: RiskAlertHandler;
}): Promise<TRiskAssessment[]> {
  const activities = await findPaymentsRiskActivity({ db, payments, windows: RISK_RULES, withPayers: true });
  const listed = new Set(
    await findSanctionedAddresses({ db, addresses: [...new Set(activities.flatMap((a) => a.payers))] }),
  );
  const scored = payments.map((payment, i) => {
    const activity = activities[i] as PaymentRiskActivity;
    const sanctionedPayers = activity.payers.filter((a) => listed.has(a));
    return { payment, sanctionedPayers, assessment: assess(payment, activity, sanctionedPayers) };
  });
  await recordPaymentsRisk({
    db,
    scores: scored.map(({ payment, assessment }) => ({
      payment,
      score: assessment.score,
      flags: assessment.flags,
    })),
    now,
  });
  if (onRiskAlert) {
    for (const { payment, sanctionedPayers, assessment } of scored) {
      const alert = (kind: RiskAlert['kind']) =>
        onRiskAlert(
          {
            kind,
            paymentId: payment.id,
            userId: payment.user_id,
            mode: payment.mode,
            score: assessment.score,
            flags: assessment.flags,
            sanctionedPayers,
          },
          { db, now },
        );
      const before = { score: payment.risk_score, flags: payment.fraud_flags ?? [] };
      const wasScored = payment.risk_scored_at !== null;
      if (
        assessment.flags.includes('sanctioned_payer_address') &&
        !before.flags.includes('sanctioned_payer_address')
      ) {
        await alert('sanctions_hit');
      } else if (assessment.score > 6 && (!wasScored || before.score <= 6)) {
        await alert('high_risk');
      }
    }
  }
  return scored.map((s) => s.assessment);
}
