import type { TMode } from '@coinlane/core/options';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

export type PaymentLinkFigures = {
  total: number;
  /** Active and not past their expiry (what a reader sees as active). */
  active: number;
  completed: number;
  /** Switched off, or active but past their expiry. */
  expired: number;
  /** Completed links: sum of their fiat amounts per fiat currency. */
  completedFiat: { currency: string; amount: string }[];
  /** Completed links: sum of the USD equivalent recorded at creation (metadata usdEquivalent). */
  completedUsd: string;
};

/** Counts and values of a merchant's payment links in one mode (Payment Links analytics, merchant spec 2). */
export async function summarizePaymentLinks({
  db,
  userId,
  mode,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  mode: TMode;
  now?: Date;
}): Promise<PaymentLinkFigures> {
  const at = now.toISOString();
  const counts = await sql<{ total: string; active: string; completed: string; usd: string | null }>`
    SELECT
      count(*) AS total,
      count(*) FILTER (WHERE status = 'active' AND (expires_at IS NULL OR expires_at > ${at}::timestamptz)) AS active,
      count(*) FILTER (WHERE status = 'completed') AS completed,
      sum(CASE WHEN metadata->>'usdEquivalent' ~ '^[0-9]+(\\.[0-9]+)?$'
               THEN (metadata->>'usdEquivalent')::numeric END) FILTER (WHERE status = 'completed') AS usd
    FROM payment_links
    WHERE user_id = ${userId} AND mode = ${mode} AND kind = 'link'
  `.execute(db);
  const c = counts.rows[0]!;
  const fiat = await db
    .selectFrom('payment_links')
    .select(['fiat_currency', sql<string>`sum(fiat_amount)`.as('amount')])
    .where('user_id', '=', userId)
    .where('mode', '=', mode)
    .where('kind', '=', 'link')
    .where('status', '=', 'completed')
    .where('fiat_currency', 'is not', null)
    .groupBy('fiat_currency')
    .orderBy('fiat_currency')
    .execute();
  const total = Number(c.total);
  const active = Number(c.active);
  const completed = Number(c.completed);
  return {
    total,
    active,
    completed,
    expired: total - active - completed,
    completedFiat: fiat.map((r) => ({ currency: r.fiat_currency!, amount: String(r.amount) })),
    completedUsd: c.usd === null ? '0' : String(c.usd),
  };
}
