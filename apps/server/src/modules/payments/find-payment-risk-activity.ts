import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { payersOf, paymentPayersJson } from '#app/modules/transfers/list-payment-payers.ts';
import type { PaymentRow } from './queries.ts';

/** Windows of the activity read around a payment (the risk rules' thresholds are in @coinlane/core/risk-rules). */
export type RiskActivityWindows = {
  historyDays: number;
  velocityWindowMinutes: number;
  unpaidWindowHours: number;
};

/**
 * What happened around a payment, in its mode. The customer's figures count up to the payment's creation, so a re-score
 * gives the same ones; the merchant's figures count whole UTC hours (payment_usd_hours, migration 0041), the
 * payment's own hour included, so a re-score also counts what the merchant was paid later in that hour.
 */
export type PaymentRiskActivity = {
  /** The merchant's other payments with a USD value created from the hour `historyDays` before this one's to its own. */
  merchantHistory: { count: number; meanUsd: number | null };
  /** Payments (any merchant) with this payment's customer e-mail created in the velocity window, this one included. */
  emailPayments: number | null;
  /** Payments (any merchant) from this payment's customer IP in the velocity window, this one included. */
  ipPayments: number | null;
  /** Other payments from this IP in the unpaid window that ended (failed, expired) with nothing received. */
  ipUnpaid: number | null;
  /**
   * The merchant's USD created in the payment's hour and the 23 before it (this one included), and per day in the
   * history's days before those.
   */
  merchantUsdLastDay: number;
  merchantDailyMeanUsdBefore: number;
  /** When the merchant's account was created (null: no such account). */
  accountCreatedAt: Date | null;
  /** The payer addresses of its counted transfers, each once (read only when asked: `withPayers`). */
  payers: string[];
};

const HOUR = 3600_000;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The activity the risk rules read about a payment (the risk module's scorePaymentRisk). Read-only: one statement,
 * the merchant's hours (at most 721 x 16 rows, however many payments it had) with the customer e-mail's and IP's
 * counts as scalar subqueries over payments' own indexes. The customer
 * e-mail is the payment's column (case-insensitive); the IP is the one recorded from the hosted page or given by the
 * API (decision 021). USD figures are numbers: they feed thresholds, never a balance.
 *
 * `inserted: false` reads for a payment about to be inserted (create-payment.ts scores it before its insert): the
 * figures that count the payment itself (its e-mail's and IP's payments, the merchant's USD of the last day) add it,
 * so they are what a read after the insert gives.
 */
export async function findPaymentRiskActivity({
  db,
  payment,
  windows,
  inserted = true,
  withPayers = false,
}: {
  db: Db;
  payment: Pick<
    PaymentRow,
    'id' | 'user_id' | 'mode' | 'created_at' | 'customer_email' | 'customer_ip' | 'usd_amount'
  >;
  windows: RiskActivityWindows;
  inserted?: boolean;
  /** Read the payment's payers too (a re-score: the sanctions rule), in the same statement. */
  withPayers?: boolean;
}): Promise<PaymentRiskActivity> {
  const at = payment.created_at;
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const velocityStart = ago(windows.velocityWindowMinutes * 60_000);
  const unpaidStart = ago(windows.unpaidWindowHours * HOUR);
  const email = payment.customer_email?.trim().toLowerCase() || null;
  const ip = payment.customer_ip;
  // What the payment adds to the figures that count it, when it is not in the table yet.
  const own = inserted ? 0 : 1;
  const ownUsd = inserted || payment.usd_amount === null ? '0' : payment.usd_amount;

  // The merchant's figures come from its hours (payment_usd_hours, migration 0041): whole UTC hours, the payment's own
  // hour included, so a merchant's thousands of payments a day cost at most 721 x 16 rows here.
  const hour = new Date(Math.floor(at.getTime() / HOUR) * HOUR);
  const historyHour = new Date(Math.floor(ago(windows.historyDays * 24 * HOUR).getTime() / HOUR) * HOUR);
  const lastDayAfter = new Date(hour.getTime() - 24 * HOUR);
  // The payment itself is in its hour once inserted: the history leaves it out.
  const ownInHistory = inserted && payment.usd_amount !== null;

  const r = await db
    .selectFrom('payment_usd_hours')
    .select([
      sql<string>`coalesce(sum(payments), 0) - ${ownInHistory ? 1 : 0}::int`.as('history_n'),
      sql<string>`coalesce(sum(usd), 0) - ${ownInHistory ? payment.usd_amount : '0'}::numeric`.as(
        'history_usd',
      ),
      sql<string>`coalesce(sum(usd) FILTER (WHERE hour > ${lastDayAfter}), 0) + ${ownUsd}::numeric`.as(
        'last_day',
      ),
      sql<string | null>`sum(usd) FILTER (WHERE hour <= ${lastDayAfter})`.as('before'),
      // the account's age, in the same round trip
      sql<Date | null>`(SELECT u.created_at FROM users u WHERE u.id = ${payment.user_id})`.as(
        'account_created_at',
      ),
      // the customer's e-mail and IP across merchants (their own indexes)
      sql<string | null>`CASE WHEN ${email}::text IS NULL THEN NULL ELSE (
        SELECT count(*) + ${own}::int FROM payments pe
        WHERE lower(pe.customer_email) = ${email} AND pe.mode = ${payment.mode}
          AND pe.created_at > ${velocityStart} AND pe.created_at <= ${at}) END`.as('email_n'),
      sql<string | null>`CASE WHEN ${ip}::text IS NULL THEN NULL ELSE (
        SELECT count(*) + ${own}::int FROM payments pi
        WHERE pi.customer_ip = ${ip} AND pi.mode = ${payment.mode}
          AND pi.created_at > ${velocityStart} AND pi.created_at <= ${at}) END`.as('ip_n'),
      sql<string | null>`CASE WHEN ${ip}::text IS NULL THEN NULL ELSE (
        SELECT count(*) FROM payments pu
        WHERE pu.customer_ip = ${ip} AND pu.mode = ${payment.mode}
          AND pu.created_at > ${unpaidStart} AND pu.created_at <= ${at} AND pu.id <> ${payment.id}
          AND pu.status IN ('failed', 'expired') AND pu.amount_received = 0) END`.as('ip_unpaid'),
      (withPayers ? paymentPayersJson(payment.id) : sql<null>`NULL`).as('payers'),
    ])
    .where('user_id', '=', payment.user_id)
    .where('mode', '=', payment.mode)
    .where('hour', '>=', historyHour)
    .where('hour', '<=', hour)
    .executeTakeFirstOrThrow();
  const historyCount = num(r.history_n);
  const daysBefore = Math.max(1, windows.historyDays - 1);
  const orNull = (v: string | number | null) => (v === null ? null : num(v));

  return {
    merchantHistory: {
      count: historyCount,
      meanUsd: historyCount > 0 ? Number(r.history_usd) / historyCount : null,
    },
    emailPayments: orNull(r.email_n),
    ipPayments: orNull(r.ip_n),
    ipUnpaid: orNull(r.ip_unpaid),
    merchantUsdLastDay: num(r.last_day),
    merchantDailyMeanUsdBefore: num(r.before) / daysBefore,
    accountCreatedAt: r.account_created_at === null ? null : new Date(r.account_created_at as Date | string),
    payers: payersOf(r.payers),
  };
}
