import type { TMode } from '@coinlane/core/options';
import type { TPaymentStatus } from '@coinlane/core/payment-status';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { Database } from '#app/db/schema.ts';
import {
  countByStatus,
  customerEmailSql,
  likePattern,
  type MerchantPaymentRow,
  searchTextSql,
  searchUsesTrigrams,
} from './find-merchant-payments.ts';
import { paymentFlushFields } from './queries.ts';

/** What the back-office's Transaction Management filters every merchant's payments by (one mode). */
export type PlatformPaymentFilter = {
  mode: TMode;
  /** Matched case-insensitively against the payment id and the customer e-mail (admin spec 5). */
  search?: string;
  statuses?: readonly TPaymentStatus[];
  /** Only payments with paid refunds, in full or in part (decision 022). */
  refunded?: boolean;
  /** The merchant's user id. */
  userId?: string;
  /** Coin code. */
  currency?: string;
  /** Created on or after this day, and on or before `toDay` (YYYY-MM-DD, calendar days of `timeZone`). */
  fromDay?: string;
  toDay?: string;
  timeZone?: string;
  /** Bounds of the USD value of the amount due (usd_amount), both included; a payment without one is left out. */
  minUsd?: string;
  maxUsd?: string;
  /** Risk score bounds, both included (a risk band: low 1-3, medium 4-6, high 7-10). */
  minRisk?: number;
  maxRisk?: number;
};

/** The risk score above which a payment counts as high risk (admin spec 2 and 9: above 6). */
export const HIGH_RISK_ABOVE = 6;

function filtered(db: Db, f: PlatformPaymentFilter) {
  let q = db.selectFrom('payments').where('mode', '=', f.mode);
  if (f.statuses) {
    const statuses = [...f.statuses];
    q = statuses.length === 0 ? q.where(sql<boolean>`false`) : q.where('status', 'in', statuses);
  }
  if (f.refunded) q = q.where(sql<boolean>`amount_refunded > 0`);
  if (f.userId) q = q.where('user_id', '=', f.userId);
  if (f.currency) q = q.where('currency', '=', f.currency);
  const tz = f.timeZone ?? 'UTC';
  if (f.fromDay) {
    q = q.where('created_at', '>=', sql<Date>`(${f.fromDay}::date::timestamp AT TIME ZONE ${tz})`);
  }
  if (f.toDay) {
    q = q.where('created_at', '<', sql<Date>`((${f.toDay}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  }
  if (f.minUsd) q = q.where(sql<boolean>`usd_amount >= ${f.minUsd}::numeric`);
  if (f.maxUsd) q = q.where(sql<boolean>`usd_amount <= ${f.maxUsd}::numeric`);
  if (f.minRisk !== undefined) q = q.where('risk_score', '>=', f.minRisk);
  if (f.maxRisk !== undefined) q = q.where('risk_score', '<=', f.maxRisk);
  const search = f.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    // Across every merchant, the trigram index (migration 0044) finds the candidates; the two fields decide. For one
    // merchant, the merchant's rows are read instead (the index is for the whole table).
    if (!f.userId && searchUsesTrigrams(search)) q = q.where(searchTextSql, 'ilike', pattern);
    q = q.where((eb: ExpressionBuilder<Database, 'payments'>) =>
      eb.or([eb('id', 'ilike', pattern), eb(customerEmailSql, 'ilike', pattern)]),
    );
  }
  return q;
}

/**
 * Every merchant's payments in one mode that match the filter: the newest `limit`, newest first, and the counts
 * per status and the confirmed USD (what the confirmed ones received and confirmed, at their locked rates:
 * confirmedUsdCentsSql) over every matching payment, not only those returned. Read-only.
 */
export async function findPlatformPayments({
  db,
  filter,
  limit,
}: {
  db: Db;
  filter: PlatformPaymentFilter;
  limit: number;
}): Promise<{
  rows: MerchantPaymentRow[];
  byStatus: Record<TPaymentStatus, number>;
  confirmedUsd: string;
  /** Matching payments with a risk score above 6. */
  highRisk: number;
}> {
  const base = filtered(db, filter);
  const counted = await countByStatus(base);
  const high = await base
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('risk_score', '>', HIGH_RISK_ABOVE)
    .executeTakeFirstOrThrow();
  const byStatus = counted.byStatus;
  const confirmedUsd = counted.confirmedUsd ?? '0.00';
  const rows = await base
    .selectAll('payments')
    .select(paymentFlushFields)
    .select(customerEmailSql.as('customer'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return { rows, byStatus, confirmedUsd, highRisk: Number(high.n) };
}

/** The merchants (user ids) with payments in the mode, and the coins paid in: what the filters can choose among. */
export async function listPlatformPaymentFacets({
  db,
  mode,
}: {
  db: Db;
  mode: TMode;
}): Promise<{ userIds: string[]; currencies: string[] }> {
  const users = await db
    .selectFrom('payments')
    .select('user_id')
    .distinct()
    .where('mode', '=', mode)
    .execute();
  const coins = await db
    .selectFrom('payments')
    .select('currency')
    .distinct()
    .where('mode', '=', mode)
    .orderBy('currency')
    .execute();
  return { userIds: users.map((u) => u.user_id), currencies: coins.map((c) => c.currency) };
}

/** One payment by id, whoever's and in whichever mode, with its customer e-mail; undefined if there is none. */
export const findPlatformPayment = ({ db, paymentId }: { db: Db; paymentId: string }) =>
  db
    .selectFrom('payments')
    .selectAll('payments')
    .select(paymentFlushFields)
    .select(customerEmailSql.as('customer'))
    .where('id', '=', paymentId)
    .executeTakeFirst() as Promise<MerchantPaymentRow | undefined>;

/**
 * every flagged payment of a mode (risk score above 6 or any fraud flag), newest first, created within the
 * days given (UTC, both included), in batches read one short query at a time (keyset on created_at, id): the
 * compliance export.
 */
export async function* iterateFlaggedPlatformPayments({
  db,
  mode,
  fromDay,
  toDay,
  batchSize = 500,
}: {
  db: Db;
  mode: TMode;
  fromDay?: string;
  toDay?: string;
  batchSize?: number;
}): AsyncGenerator<MerchantPaymentRow[]> {
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let q = filtered(db, { mode, ...(fromDay ? { fromDay } : {}), ...(toDay ? { toDay } : {}) }).where(
      sql<boolean>`(risk_score > ${HIGH_RISK_ABOVE} OR cardinality(fraud_flags) > 0)`,
    );
    if (after) {
      const { createdAt, id } = after;
      const at = sql<Date>`${createdAt}::timestamptz`;
      q = q.where((eb) =>
        eb.or([eb('created_at', '<', at), eb.and([eb('created_at', '=', at), eb('id', '<', id)])]),
      );
    }
    const rows = await q
      .selectAll('payments')
      .select(paymentFlushFields)
      .select([customerEmailSql.as('customer'), sql<string>`payments.created_at::text`.as('cursor_at')])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(batchSize)
      .execute();
    if (rows.length > 0) yield rows.map(({ cursor_at: _cursor, ...row }) => row);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.cursor_at, id: last.id };
  }
}
