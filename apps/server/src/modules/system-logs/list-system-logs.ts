import type { TSystemLogPage, TSystemLogQuery } from '@coinlane/core/api/admin-operations';
import type { Db } from '#app/db/connection.ts';
import { SYSTEM_LOG_RETENTION_DAYS } from './prune-system-logs.ts';

/**
 * GET /admin/logs: stored lines newest first, `limit` of them (50) before the cursor, of one level if asked. Only
 * warn and error lines are stored, so info and debug answer an empty page (the screen says why).
 */
export async function listSystemLogs({
  db,
  query,
}: {
  db: Db;
  query: TSystemLogQuery;
}): Promise<TSystemLogPage> {
  let q = db
    .selectFrom('system_logs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.limit + 1);
  if (query.level) q = q.where('level', '=', query.level);
  if (query.before) q = q.where('id', '<', query.before);
  const rows = await q.execute();
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((r) => ({
      id: Number(r.id),
      level: r.level,
      service: r.service,
      message: r.message,
      metadata: r.metadata,
      createdAt: r.created_at.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? Number(page.at(-1)!.id) : null,
    retentionDays: SYSTEM_LOG_RETENTION_DAYS,
  };
}
