import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { confirmedUsdCentsSql, dollarsOfCents } from './summarize-merchant-payments.ts';

/** A merchant's live figures in the back-office (admin spec 3, user_profiles' total and monthly figures). */
export type MerchantVolume = {
  /** Live payments of every status (test mode left out). */
  totalTransactions: number;
  /** USD of the confirmed money of confirmed live payments, at each payment's locked rate ('12.34'). */
  totalVolume: string;
  /** The same for payments confirmed in the current calendar month (UTC). */
  monthlyVolume: string;
  /**
   * the merchant's risk score from its payments (decision 021): the highest risk score of its live payments
   * created in the last 30 days; null when it has none (the account's stored default then shows).
   */
  riskScore: number | null;
};

export const NO_VOLUME: MerchantVolume = {
  totalTransactions: 0,
  totalVolume: '0.00',
  monthlyVolume: '0.00',
  riskScore: null,
};

/** The days of live payments a merchant's risk score is taken from. */
export const MERCHANT_RISK_DAYS = 30;

/**
 * The live figures of the given merchants (every merchant when `userIds` is left out) in one grouped query, by
 * user id; a merchant without payments is absent (use NO_VOLUME). Volumes follow the merchant dashboard's rule
 * (summarizeMerchantPayments): confirmed payments, the confirmed money at the locked rate, an accepted late
 * payment counted when it was accepted.
 */
export async function summarizeMerchantVolumes({
  db,
  userIds,
  now = new Date(),
}: {
  db: Db;
  userIds?: readonly string[];
  now?: Date;
}): Promise<Map<string, MerchantVolume>> {
  if (userIds && userIds.length === 0) return new Map();
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const confirmed = sql`status = 'confirmed'`;
  const riskSince = new Date(now.getTime() - MERCHANT_RISK_DAYS * 24 * 3600_000);
  const rows = await sql<{ user_id: string; n: string; total: string; month: string; risk: number | null }>`
    SELECT user_id,
           count(*) AS n,
           ${dollarsOfCents(sql`sum(${confirmedUsdCentsSql}) FILTER (WHERE ${confirmed})`)} AS total,
           ${dollarsOfCents(
             sql`sum(${confirmedUsdCentsSql}) FILTER (WHERE ${confirmed} AND coalesce(confirmed_at, updated_at) >= ${monthStart})`,
           )} AS month,
           max(risk_score) FILTER (WHERE created_at >= ${riskSince}) AS risk
    FROM payments
    WHERE mode = 'live' ${userIds ? sql`AND user_id IN (${sql.join(userIds)})` : sql``}
    GROUP BY user_id
  `.execute(db);
  return new Map(
    rows.rows.map((r) => [
      r.user_id,
      {
        totalTransactions: Number(r.n),
        totalVolume: String(r.total),
        monthlyVolume: String(r.month),
        riskScore: r.risk === null ? null : Number(r.risk),
      },
    ]),
  );
}
