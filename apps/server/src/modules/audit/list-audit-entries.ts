import type { TAuditQuery } from '@coinlane/core/api/audit';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { AuditLogTable } from '#app/db/schema.ts';

export type AuditRow = Selectable<AuditLogTable>;

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
/** The start of a date given as YYYY-MM-DD (UTC), or the instant given. */
const startOf = (v: string) => new Date(isDay(v) ? `${v}T00:00:00Z` : v);
/** The end of a date given as YYYY-MM-DD (UTC, exclusive), or the instant given. */
const endOf = (v: string) => (isDay(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000) : new Date(v));

/**
 * Audit rows, newest first, `limit` of them before the cursor, matching the filters. `actorIds` narrows to the
 * given actors (the caller resolves an e-mail to its account); an empty list matches nothing.
 */
export async function listAuditEntries({
  db,
  query,
  actorIds,
}: {
  db: Db;
  query: Omit<TAuditQuery, 'actor'>;
  actorIds?: readonly string[];
}): Promise<{ rows: AuditRow[]; nextCursor: number | null }> {
  if (actorIds && actorIds.length === 0) return { rows: [], nextCursor: null };
  let q = db.selectFrom('audit_log').selectAll();
  if (query.action) q = q.where('action', '=', query.action);
  if (query.entityType) q = q.where('entity_type', '=', query.entityType);
  if (query.entityId) q = q.where('entity_id', '=', query.entityId);
  if (query.actorType) q = q.where('actor_type', '=', query.actorType);
  if (actorIds) q = q.where('actor_id', 'in', actorIds);
  if (query.from) q = q.where('created_at', '>=', startOf(query.from));
  if (query.to) q = q.where('created_at', isDay(query.to) ? '<' : '<=', endOf(query.to));
  if (query.before) q = q.where('id', '<', query.before);
  const rows = await q
    .orderBy('id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextCursor: more ? page[page.length - 1]!.id : null };
}

/** Every action recorded so far, sorted (the Audit Log's action filter). */
export async function listAuditActions({ db }: { db: Db }): Promise<string[]> {
  const rows = await sql<{ action: string }>`SELECT DISTINCT action FROM audit_log ORDER BY action`.execute(
    db,
  );
  return rows.rows.map((r) => r.action);
}
