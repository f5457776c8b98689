import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentRow } from './queries.ts';

/** Windows of the activity read around a payment (the risk rules' thresholds are in @coinlane/core/risk-rules). */
export type RiskActivityWindows = {
  historyDays: number;
  velocityWindowMinutes: number;
  unpaidWindowHours: number;
};

/** What happened around a payment, in its mode, up to its creation (so a re-score gives the same figures). */
export type PaymentRiskActivity = {
  /** The merchant's other payments with a USD value created in the `historyDays` before this one. */
  merchantHistory: { count: number; meanUsd: number | null };
  /** Payments (any merchant) with this payment's customer e-mail created in the velocity window, this one included. */
  emailPayments: number | null;
  /** Payments (any merchant) from this payment's customer IP in the velocity window, this one included. */
  ipPayments: number | null;
  /** Other payments from this IP in the unpaid window that ended (failed, expired) with nothing received. */
  ipUnpaid: number | null;
  /** The merchant's USD created in the 24 hours up to this payment (this one included) and per day in the days before. */
  merchantUsdLastDay: number;
  merchantDailyMeanUsdBefore: number;
};

const HOUR = 3600_000;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The activity the risk rules read about a payment (the risk module's scorePaymentRisk). Read-only; a handful of
 * indexed aggregates over payments. The customer e-mail is the payment's column (case-insensitive); the IP is
 * the one recorded from the hosted page or given by the API (decision 021). USD figures are numbers: they feed
 * thresholds, never a balance.
 */
export async function findPaymentRiskActivity({
  db,
  payment,
  windows,
}: {
  db: Db;
  payment: Pick<PaymentRow, 'id' | 'user_id' | 'mode' | 'created_at' | 'customer_email' | 'customer_ip'>;
  windows: RiskActivityWindows;
}): Promise<PaymentRiskActivity> {
  const at = payment.created_at;
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const historyStart = ago(windows.historyDays * 24 * HOUR);
  const dayStart = ago(24 * HOUR);

  const merchant = await db
    .selectFrom('payments')
    .select([
      sql<string>`count(*) FILTER (WHERE created_at < ${at} AND id <> ${payment.id} AND usd_amount IS NOT NULL)`.as(
        'history_n',
      ),
      sql<string | null>`avg(usd_amount) FILTER (WHERE created_at < ${at} AND id <> ${payment.id})`.as(
        'history_mean',
      ),
      sql<string | null>`sum(usd_amount) FILTER (WHERE created_at > ${dayStart} AND created_at <= ${at})`.as(
        'last_day',
      ),
      sql<string | null>`sum(usd_amount) FILTER (WHERE created_at <= ${dayStart})`.as('before'),
    ])
    .where('user_id', '=', payment.user_id)
    .where('mode', '=', payment.mode)
    .where('created_at', '>=', historyStart)
    .where('created_at', '<=', at)
    .executeTakeFirstOrThrow();
  const historyCount = num(merchant.history_n);
  const daysBefore = Math.max(1, windows.historyDays - 1);

  const velocityStart = ago(windows.velocityWindowMinutes * 60_000);
  let emailPayments: number | null = null;
  const email = payment.customer_email?.trim().toLowerCase();
  if (email) {
    const r = await db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(sql<string>`lower(customer_email)`, '=', email)
      .where('mode', '=', payment.mode)
      .where('created_at', '>', velocityStart)
      .where('created_at', '<=', at)
      .executeTakeFirstOrThrow();
    emailPayments = num(r.n);
  }

  let ipPayments: number | null = null;
  let ipUnpaid: number | null = null;
  if (payment.customer_ip) {
    const unpaidStart = ago(windows.unpaidWindowHours * HOUR);
    const r = await db
      .selectFrom('payments')
      .select([
        sql<string>`count(*) FILTER (WHERE created_at > ${velocityStart})`.as('recent'),
        sql<string>`count(*) FILTER (WHERE created_at > ${unpaidStart} AND id <> ${payment.id} AND status IN ('failed', 'expired') AND amount_received = 0)`.as(
          'unpaid',
        ),
      ])
      .where('customer_ip', '=', payment.customer_ip)
      .where('mode', '=', payment.mode)
      .where('created_at', '>', new Date(Math.min(velocityStart.getTime(), unpaidStart.getTime())))
      .where('created_at', '<=', at)
      .executeTakeFirstOrThrow();
    ipPayments = num(r.recent);
    ipUnpaid = num(r.unpaid);
  }

  return {
    merchantHistory: {
      count: historyCount,
      meanUsd: historyCount > 0 && merchant.history_mean !== null ? Number(merchant.history_mean) : null,
    },
    emailPayments,
    ipPayments,
    ipUnpaid,
    merchantUsdLastDay: num(merchant.last_day),
    merchantDailyMeanUsdBefore: num(merchant.before) / daysBefore,
  };
}
