import type { TMode } from '@coinlane/core/options';
import type { TPaymentStatus } from '@coinlane/core/payment-status';
import { type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { Database } from '#app/db/schema.ts';
import { type PaymentRow, paymentFlushFields } from './queries.ts';
import {
  confirmedUsdCentsSql,
  countMerchantPaymentsByStatus,
  dollarsOfCents,
  type StatusFigures,
  statusFiguresOf,
} from './summarize-merchant-payments.ts';

/** What the merchant's transaction screens filter payments by. */
export type MerchantPaymentFilter = {
  /** Matched case-insensitively against the id, the customer e-mail and the description. */
  search?: string;
  statuses?: readonly TPaymentStatus[];
  /** Coin code. */
  currency?: string;
};

/** A payment with the customer e-mail it carries: the column, or one given in its metadata. */
export type MerchantPaymentRow = PaymentRow & { customer: string | null };

/** The customer e-mail of a payment: the column, or one given in its metadata (on a query of `payments`). */
export const customerEmailSql = sql<string | null>`coalesce(
  payments.customer_email,
  payments.metadata->>'customerEmail',
  payments.metadata->>'customer_email',
  payments.metadata->>'email'
)`;

/** ILIKE pattern of a literal text: %, _ and the escape character itself match only themselves. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a search looks in, as one text: the id, the customer e-mail and the description joined by spaces. It is the
 * expression of the trigram index `payments_search_idx` (migration 0044), written the same way so that PostgreSQL
 * matches the two (find-merchant-payments-search.test.ts checks the plan). A row that matches the search by one of its
 * three fields contains the term in this text too, so `searchTextSql ILIKE pattern` only narrows the rows the index
 * finds; the three fields' own conditions still decide (a term across two fields is not a match).
 */
export const searchTextSql = sql<string>`(payments.id || ' ' || coalesce(payments.customer_email,
  payments.metadata->>'customerEmail', payments.metadata->>'customer_email', payments.metadata->>'email', '')
  || ' ' || coalesce(payments.description, ''))`;

/**
 * Whether a search term gives the trigram index something to look up: pg_trgm takes trigrams from runs of letters and
 * digits, and a term with no run of three (`ab`, `@.`) would make the index return every entry it holds.
 */
export const searchUsesTrigrams = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/**
 * Below this many payments in a mode, a merchant's search reads the merchant's rows (payments_owner_idx): a few
 * milliseconds, where the trigram index's posting lists, shared by every merchant (the trigrams of `@gmail.com`), cost
 * 20-40 ms. From it on, the index (decision 032).
 */
export const SEARCH_INDEX_FROM = 10_000;

/** Payments in a mode for which a search looks its rows up in the trigram index (the caller decides). */
export type SearchPlan = { indexed: boolean };

function filtered(
  db: Db,
  {
    userId,
    mode,
    filter,
    plan = { indexed: false },
  }: { userId: string; mode: TMode; filter: MerchantPaymentFilter; plan?: SearchPlan },
) {
  let q = db.selectFrom('payments').where('user_id', '=', userId).where('mode', '=', mode);
  if (filter.statuses) {
    const statuses = [...filter.statuses];
    q = statuses.length === 0 ? q.where(sql<boolean>`false`) : q.where('status', 'in', statuses);
  }
  if (filter.currency) q = q.where('currency', '=', filter.currency);
  const search = filter.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    // planMerchantSearch decided: the merchant's size and a term with trigrams.
    if (plan.indexed) q = q.where(searchTextSql, 'ilike', pattern);
    q = q.where((eb: ExpressionBuilder<Database, 'payments'>) =>
      eb.or([
        eb('id', 'ilike', pattern),
        eb(customerEmailSql, 'ilike', pattern),
        eb('description', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

/**
 * How a merchant's search reads its rows: through the trigram index when the merchant has SEARCH_INDEX_FROM payments
 * or more in the mode and the term has trigrams, otherwise the merchant's own rows. `indexFrom` is for tests.
 */
export async function planMerchantSearch({
  db,
  userId,
  mode,
  search,
  indexFrom = SEARCH_INDEX_FROM,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  search: string | undefined;
  indexFrom?: number;
}): Promise<SearchPlan> {
  const term = search?.trim();
  if (!term || !searchUsesTrigrams(term)) return { indexed: false };
  if (indexFrom <= 0) return { indexed: true };
  const { byStatus } = await countMerchantPaymentsByStatus({ db, userId, mode });
  const payments = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { indexed: payments >= indexFrom };
}

/** A position in the list's order (created_at, id, newest first): created_at in microseconds since 1970. */
export type MerchantPaymentCursor = { micros: string; id: string };

/** The instant of a cursor's microseconds, exact (an interval parsed from the integer, no floating point). */
const cursorInstant = (micros: string) =>
  sql<Date>`(timestamptz 'epoch' + (${micros}::text || ' microseconds')::interval)`;

/** The row's position as a cursor: its created_at in microseconds since 1970 (numeric extract: exact), as text. */
const cursorMicrosSql = sql<string>`(extract(epoch FROM payments.created_at) * 1000000)::bigint::text`;

/**
 * A page of the merchant's payments in one mode, newest first, with the count and figures over every
 * payment that matches (not only the page). The page starts after `after` (keyset: the rows older than that
 * position, read from payments_owner_idx at any depth) or at `offset`. Read-only: the caller expires due payments
 * first if it wants.
 */
export async function findMerchantPayments({
  db,
  userId,
  mode,
  filter,
  limit,
  offset = 0,
  after,
  searchIndexFrom,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  filter: MerchantPaymentFilter;
  limit: number;
  offset?: number;
  after?: MerchantPaymentCursor;
  /** For tests: from how many payments a search uses the trigram index (SEARCH_INDEX_FROM). */
  searchIndexFrom?: number;
}): Promise<{
  rows: MerchantPaymentRow[];
  total: number;
  byStatus: Record<TPaymentStatus, number>;
  confirmedUsd: string;
  /** Where the page after this one starts; null when no row follows. */
  nextCursor: MerchantPaymentCursor | null;
}> {
  const plan = await planMerchantSearch({
    db,
    userId,
    mode,
    search: filter.search,
    ...(searchIndexFrom === undefined ? {} : { indexFrom: searchIndexFrom }),
  });
  const base = filtered(db, { userId, mode, filter, plan });
  const rowsOf = (q: typeof base) =>
    q
      .selectAll('payments')
      .select(paymentFlushFields)
      .select([customerEmailSql.as('customer'), cursorMicrosSql.as('cursor_micros')])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit + 1);
  let counted: StatusFigures;
  let found: Awaited<ReturnType<ReturnType<typeof rowsOf>['execute']>>;
  if (plan.indexed) {
    // The index's matches are read once: their figures and the page's ids in one statement, then the page's rows.
    const matched = await figuresAndPageOfMatches(db, base, { limit, offset, after });
    counted = matched.figures;
    found =
      matched.ids.length === 0
        ? []
        : await rowsOf(db.selectFrom('payments').where('id', 'in', matched.ids)).execute();
  } else {
    // Total Volume: what the confirmed rows received and confirmed, in USD at their locked rates (not what was due).
    // Without a search, the merchant's totals give the same figures (decision 031); a search reads the matching rows.
    counted = filter.search?.trim()
      ? await countByStatus(base)
      : await countMerchantPaymentsByStatus({
          db,
          userId,
          mode,
          ...(filter.statuses ? { statuses: filter.statuses } : {}),
          ...(filter.currency ? { currency: filter.currency } : {}),
        });
    // One row more than the page: whether another page follows. A page by offset finds its ids first (an index-only
    // scan of the skipped entries), then reads only its own rows: skipping rows whole read every skipped row's heap
    // page.
    found = await rowsOf(
      after
        ? base.where(olderThan(cursorInstant(after.micros), after.id))
        : offset > 0
          ? base.where(
              'payments.id',
              'in',
              base
                .select('payments.id')
                .orderBy('created_at', 'desc')
                .orderBy('id', 'desc')
                .limit(limit + 1)
                .offset(offset),
            )
          : base,
    ).execute();
  }
  const byStatus = counted.byStatus;
  const confirmedUsd = counted.confirmedUsd ?? '0';
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = found.length > limit && last ? { micros: last.cursor_micros, id: last.id } : null;
  const rows = page.map(({ cursor_micros: _cursor, ...row }) => row);
  return { rows, total, byStatus, confirmedUsd, nextCursor };
}

/**
 * The figures of every row a search matched through the trigram index, and the ids of the page's rows (one more than
 * the page), in one statement: the matches are read once (the index and their heap pages), kept aside (`MATERIALIZED`)
 * and both grouped and sorted from there. Sorting the matches, not walking the merchant's rows newest first until a
 * page of matches turns up, which for a rare term is every row.
 */
async function figuresAndPageOfMatches(
  db: Db,
  base: SelectQueryBuilder<Database, 'payments', object>,
  { limit, offset, after }: { limit: number; offset: number; after: MerchantPaymentCursor | undefined },
): Promise<{ figures: StatusFigures; ids: string[] }> {
  const matches = base.select([
    'payments.id',
    'payments.created_at',
    'payments.status',
    confirmedUsdCentsSql.as('cents'),
  ]);
  const from = after ? sql`WHERE (created_at, id) < (${cursorInstant(after.micros)}, ${after.id})` : sql``;
  const { rows } = await sql<{ groups: { status: string; n: string; usd: string }[]; ids: string[] }>`
    WITH matched AS MATERIALIZED (${matches})
    SELECT
      (SELECT coalesce(json_agg(g), '[]'::json) FROM (
        SELECT status, count(*)::text AS n, ${dollarsOfCents(sql`sum(cents)`)}::text AS usd
        FROM matched GROUP BY status) g) AS groups,
      (SELECT coalesce(json_agg(p.id ORDER BY p.created_at DESC, p.id DESC), '[]'::json) FROM (
        SELECT id, created_at FROM matched ${from}
        ORDER BY created_at DESC, id DESC LIMIT ${limit + 1} OFFSET ${after ? 0 : offset}) p) AS ids
  `.execute(db);
  const row = rows[0]!;
  return { figures: statusFiguresOf(row.groups), ids: row.ids };
}

/**
 * The rows after a position in the list's order, as one row comparison: PostgreSQL reads it as a range of
 * payments_owner_idx (user_id, mode, created_at DESC, id DESC), so a page at any depth costs what the first does
 * (an `a < x OR (a = x AND b < y)` would be a filter over every newer row).
 */
const olderThan = (at: RawBuilder<Date>, id: string) =>
  sql<boolean>`(payments.created_at, payments.id) < (${at}, ${id})`;

/**
 * Every matching payment, newest first, in batches read one short query at a time (keyset on created_at, id):
 * no transaction is held between batches and no more than one batch is in memory.
 */
export async function* iterateMerchantPayments({
  db,
  userId,
  mode,
  filter,
  batchSize = 500,
}: {
  db: Db;
  userId: string;
  mode: TMode;
  filter: MerchantPaymentFilter;
  batchSize?: number;
}): AsyncGenerator<MerchantPaymentRow[]> {
  // The export walks the merchant's rows in order, a search included (not the trigram index): each batch then starts
  // where the last ended, where the index would find every match again for every batch.
  // The cursor keeps created_at as PostgreSQL's text: a JS Date would cut microseconds and skip rows.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    let q = filtered(db, { userId, mode, filter });
    if (after) q = q.where(olderThan(sql<Date>`${after.createdAt}::timestamptz`, after.id));
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

/**
 * Payments per status of a filtered query, and the USD of the confirmed ones' confirmed money at their locked rates
 * (confirmedUsdCentsSql: what was received and confirmed, not what was due); null when none is confirmed. Shared by
 * the merchant's Transactions and the back-office's Transaction Management.
 */
export async function countByStatus(
  base: SelectQueryBuilder<Database, 'payments', object>,
): Promise<StatusFigures> {
  const groups = await base
    .select((eb) => [
      'status',
      eb.fn.countAll<string>().as('n'),
      dollarsOfCents(sql`sum(${confirmedUsdCentsSql})`).as('usd'),
    ])
    .groupBy('status')
    .execute();
  return statusFiguresOf(groups);
}
