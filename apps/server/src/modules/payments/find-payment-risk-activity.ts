import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { PREPARED } from '#app/db/prepared-statements.ts';
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
/** The customer e-mail as the risk rules compare it (lower case), or null. */
const emailOf = (p: Pick<PaymentRow, 'customer_email'>) => p.customer_email?.trim().toLowerCase() || null;
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
  payment: RiskActivityPayment;
  windows: RiskActivityWindows;
  inserted?: boolean;
  /** Read the payment's payers too (a re-score: the sanctions rule), in the same statement. */
  withPayers?: boolean;
}): Promise<PaymentRiskActivity> {
  const [activity] = await findPaymentsRiskActivity({
    db,
    payments: [payment],
    windows,
    inserted,
    withPayers,
  });
  return activity as PaymentRiskActivity;
}

/** What findPaymentRiskActivity reads of a payment. */
export type RiskActivityPayment = Pick<
  PaymentRow,
  'id' | 'user_id' | 'mode' | 'created_at' | 'customer_email' | 'customer_ip' | 'usd_amount'
>;

/**
 * findPaymentRiskActivity for several payments in one statement (a block's payments re-scored together): each
 * payment's own figures, as each single read gives them, in the order given.
 */
export async function findPaymentsRiskActivity({
  db,
  payments,
  windows,
  inserted = true,
  withPayers = false,
}: {
  db: Db;
  payments: readonly RiskActivityPayment[];
  windows: RiskActivityWindows;
  inserted?: boolean;
  withPayers?: boolean;
}): Promise<PaymentRiskActivity[]> {
  if (payments.length === 0) return [];
  // What the payment adds to the figures that count it, when it is not in the table yet.
  const own = inserted ? 0 : 1;
  const rows = payments.map((payment, i) => {
    const at = payment.created_at;
    const ago = (ms: number) => new Date(at.getTime() - ms);
    // The merchant's figures come from its hours (payment_usd_hours, migration 0041): whole UTC hours, the payment's
    // own hour included, so a merchant's thousands of payments a day cost one row per past hour (the rollup job folds
    // them, migration 0046) and at most 64 for the hours not folded yet.
    const hour = new Date(Math.floor(at.getTime() / HOUR) * HOUR);
    // The payment itself is in its hour once inserted: the history leaves it out.
    const ownInHistory = inserted && payment.usd_amount !== null;
    return sql`(${i}::int, ${payment.id}::text, ${payment.user_id}::text, ${payment.mode}::text, ${at}::timestamptz, ${hour}::timestamptz, ${new Date(
      Math.floor(ago(windows.historyDays * 24 * HOUR).getTime() / HOUR) * HOUR,
    )}::timestamptz, ${new Date(hour.getTime() - 24 * HOUR)}::timestamptz, ${ago(
      windows.velocityWindowMinutes * 60_000,
    )}::timestamptz, ${ago(windows.unpaidWindowHours * HOUR)}::timestamptz, ${emailOf(
      payment,
    )}::text, ${payment.customer_ip}::text, ${ownInHistory ? 1 : 0}::int, ${
      ownInHistory ? payment.usd_amount : '0'
    }::numeric, ${inserted || payment.usd_amount === null ? '0' : payment.usd_amount}::numeric)`;
  });
  // The customer's counts are in the text only when some payment has an e-mail or an IP: a text whose every
  // e-mail is NULL leaves them out, so its generic plan costs what a custom one does and PostgreSQL keeps it (a
  // prepared statement is planned again at every call while its generic plan looks dearer than its custom ones,
  // and the custom plans of a CASE on a NULL parameter fold the subquery away).
  const anyEmail = payments.some((p) => emailOf(p) !== null);
  const anyIp = payments.some((p) => p.customer_ip !== null);
  const { rows: found } = await sql<{
    history_n: string;
    history_usd: string;
    last_day: string;
    before: string | null;
    account_created_at: Date | string | null;
    email_n: string | null;
    ip_n: string | null;
    ip_unpaid: string | null;
    payers: string[][] | null;
  }>`
    SELECT x.history_n, x.history_usd, x.last_day, x.before,
      -- the account's age, in the same round trip
      (SELECT u.created_at FROM users u WHERE u.id = v.user_id) AS account_created_at,
      -- the customer's e-mail and IP across merchants (their own indexes)
      ${
        anyEmail
          ? sql`CASE WHEN v.email IS NULL THEN NULL ELSE (
        SELECT count(*) + ${own}::int FROM payments pe
        WHERE lower(pe.customer_email) = v.email AND pe.mode = v.mode
          AND pe.created_at > v.velocity_start AND pe.created_at <= v.at) END`
          : sql`NULL::bigint`
      } AS email_n,
      ${
        anyIp
          ? sql`CASE WHEN v.ip IS NULL THEN NULL ELSE (
        SELECT count(*) + ${own}::int FROM payments pi
        WHERE pi.customer_ip = v.ip AND pi.mode = v.mode
          AND pi.created_at > v.velocity_start AND pi.created_at <= v.at) END`
          : sql`NULL::bigint`
      } AS ip_n,
      ${
        anyIp
          ? sql`CASE WHEN v.ip IS NULL THEN NULL ELSE (
        SELECT count(*) FROM payments pu
        WHERE pu.customer_ip = v.ip AND pu.mode = v.mode
          AND pu.created_at > v.unpaid_start AND pu.created_at <= v.at AND pu.id <> v.payment_id
          AND pu.status IN ('failed', 'expired') AND pu.amount_received = 0) END`
          : sql`NULL::bigint`
      } AS ip_unpaid,
      ${withPayers ? paymentPayersJson(sql.ref('v.payment_id')) : sql`NULL`} AS payers
    FROM (VALUES ${sql.join(rows)}) AS v(i, payment_id, user_id, mode, at, hour, history_hour, last_day_after,
      velocity_start, unpaid_start, email, ip, own_n, own_usd_in_history, own_usd)
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(h.payments), 0) - v.own_n AS history_n,
        coalesce(sum(h.usd), 0) - v.own_usd_in_history AS history_usd,
        coalesce(sum(h.usd) FILTER (WHERE h.hour > v.last_day_after), 0) + v.own_usd AS last_day,
        sum(h.usd) FILTER (WHERE h.hour <= v.last_day_after) AS before
      FROM payment_usd_hours h
      WHERE h.user_id = v.user_id AND h.mode = v.mode AND h.hour >= v.history_hour AND h.hour <= v.hour
    ) AS x
    ORDER BY v.i ${payments.length === 1 ? PREPARED : sql``}`.execute(db);
  const daysBefore = Math.max(1, windows.historyDays - 1);
  const orNull = (v: string | number | null) => (v === null ? null : num(v));
  return found.map((r) => {
    const historyCount = num(r.history_n);
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
      accountCreatedAt: r.account_created_at === null ? null : new Date(r.account_created_at),
      payers: payersOf(r.payers),
    };
  });
}
