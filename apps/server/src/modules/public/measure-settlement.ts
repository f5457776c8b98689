import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

export type SettlementFigures = {
  overall: { medianSeconds: number; payments: number } | null;
  networks: Map<string, { medianSeconds: number; payments: number }>;
};

const cache = new WeakMap<Db, { at: number; key: string; value: SettlementFigures }>();

/** Forgets the figures kept for `db` (Clear All Cache): the next read measures again. Returns 1 if any were kept. */
export function clearSettlementCache(db: Db): number {
  return cache.delete(db) ? 1 : 0;
}

/**
 * How long live payments took to settle: for each live payment confirmed in the last `windowDays` days, the time
 * from its first transfer seen on chain to its confirmation; the median over all of them and per network
 * (whole seconds). Test-mode payments never count: the built-in test network's blocks are simulated. Read at
 * most once per `maxAgeMs` per database (a public page asks for it on every visit).
 */
export async function measureSettlement({
  db,
  now,
  windowDays,
  maxAgeMs = 60_000,
}: {
  db: Db;
  now: Date;
  windowDays: number;
  maxAgeMs?: number;
}): Promise<SettlementFigures> {
  const key = String(windowDays);
  const hit = cache.get(db);
  if (hit && hit.key === key && now.getTime() - hit.at < maxAgeMs && hit.at <= now.getTime()) {
    return hit.value;
  }
  const since = new Date(now.getTime() - windowDays * 86_400_000);
  const res = await sql<{
    network: string | null;
    median: string | number | null;
    payments: string | number;
  }>`
    WITH settled AS (
      SELECT p.network,
        greatest(0, extract(epoch FROM (p.confirmed_at - min(t.seen_at)))) AS seconds
      FROM payments p
      JOIN transfers t ON t.payment_id = p.id AND t.status <> 'removed'
      WHERE p.mode = 'live' AND p.status = 'confirmed' AND p.confirmed_at >= ${since}
        AND p.confirmed_at <= ${now}
      GROUP BY p.id, p.network, p.confirmed_at
    )
    SELECT network, percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS median, count(*) AS payments
    FROM settled GROUP BY ROLLUP (network)
  `.execute(db);
  const value: SettlementFigures = { overall: null, networks: new Map() };
  for (const row of res.rows) {
    const payments = Number(row.payments);
    if (row.median === null || payments === 0) continue;
    const figure = { medianSeconds: Math.round(Number(row.median)), payments };
    if (row.network === null) value.overall = figure;
    else value.networks.set(row.network, figure);
  }
  cache.set(db, { at: now.getTime(), key, value });
  return value;
}
