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
  /** When the merchant's account was created (null: no such account). */
  accountCreatedAt: Date | null;
};

const HOUR = 3600_000;
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The activity the risk rules read about a payment (the risk module's scorePaymentRisk). Read-only: one statement,
 * indexed aggregates over payments (the customer e-mail's and IP's counts are scalar subqueries in it). The customer
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
}: {
  db: Db;
  payment: Pick<
    PaymentRow,
    'id' | 'user_id' | 'mode' | 'created_at' | 'customer_email' | 'customer_ip' | 'usd_amount'
  >;
  windows: RiskActivityWindows;
  inserted?: boolean;
}): Promise<PaymentRiskActivity> {
  const at = payment.created_at;
  const ago = (ms: number) => new Date(at.getTime() - ms);
  const historyStart = ago(windows.historyDays * 24 * HOUR);
  const dayStart = ago(24 * HOUR);
  const velocityStart = ago(windows.velocityWindowMinutes * 60_000);
  const unpaidStart = ago(windows.unpaidWindowHours * HOUR);
  const email = payment.customer_email?.trim().toLowerCase() || null;
  const ip = payment.customer_ip;
  // What the payment adds to the figures that count it, when it is not in the table yet.
  const own = inserted ? 0 : 1;
  const ownUsd = inserted || payment.usd_amount === null ? '0' : payment.usd_amount;

  const r = await db
    .selectFrom('payments')
    .select([
      sql<string>`count(*) FILTER (WHERE created_at < ${at} AND id <> ${payment.id} AND usd_amount IS NOT NULL)`.as(
        'history_n',
      ),
      sql<string | null>`avg(usd_amount) FILTER (WHERE created_at < ${at} AND id <> ${payment.id})`.as(
        'history_mean',
      ),
      sql<string>`coalesce(sum(usd_amount) FILTER (WHERE created_at > ${dayStart} AND created_at <= ${at}), 0) + ${ownUsd}::numeric`.as(
        'last_day',
      ),
      sql<string | null>`sum(usd_amount) FILTER (WHERE created_at <= ${dayStart})`.as('before'),
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
    ])
    .where('user_id', '=', payment.user_id)
    .where('mode', '=', payment.mode)
    .where('created_at', '>=', historyStart)
    .where('created_at', '<=', at)
    .executeTakeFirstOrThrow();
  const historyCount = num(r.history_n);
  const daysBefore = Math.max(1, windows.historyDays - 1);
  const orNull = (v: string | number | null) => (v === null ? null : num(v));

  return {
    merchantHistory: {
      count: historyCount,
      meanUsd: historyCount > 0 && r.history_mean !== null ? Number(r.history_mean) : null,
    },
    emailPayments: orNull(r.email_n),
    ipPayments: orNull(r.ip_n),
    ipUnpaid: orNull(r.ip_unpaid),
    merchantUsdLastDay: num(r.last_day),
    merchantDailyMeanUsdBefore: num(r.before) / daysBefore,
    accountCreatedAt: r.account_created_at === null ? null : new Date(r.account_created_at as Date | string),
  };
}
