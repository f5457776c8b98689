import type { Db } from '#app/db/connection.ts';
import { lockPayment } from '#app/modules/payments/lock-payment.ts';
import { findPaymentsPaidBy } from '#app/modules/transfers/list-payment-payers.ts';
import { type RiskAlertHandler, scorePaymentRisk } from './score-payment-risk.ts';

/**
 * After a sanctions import: every payment paid from one of the newly listed addresses is scored again (each in its
 * own short transaction, its row locked), so a payment made before its payer was listed gets the flag too.
 * Returns the payments re-scored.
 */
export async function rescorePaymentsPaidBy({
  db,
  keys,
  onRiskAlert,
  now = new Date(),
}: {
  db: Db;
  keys: readonly string[];
  onRiskAlert?: RiskAlertHandler;
  now?: Date;
}): Promise<string[]> {
  const ids = await findPaymentsPaidBy({ db, keys });
  for (const paymentId of ids) {
    await db.transaction().execute(async (trx) => {
      const payment = await lockPayment({ db: trx, paymentId });
      if (payment) await scorePaymentRisk({ db: trx, payment, now, ...(onRiskAlert ? { onRiskAlert } : {}) });
    });
  }
  return ids;
}
