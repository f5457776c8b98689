import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';

/** How long a stored log line is kept (decision 018). */
export const SYSTEM_LOG_RETENTION_DAYS = 14;
/** The most lines kept, whatever their age: a burst of errors cannot fill the disk (decision 018). */
export const SYSTEM_LOG_MAX_ROWS = 100_000;

/**
 * The bound of system_logs: lines older than 14 days go, and beyond the newest 100,000 lines the older ones go.
 * Returns how many were removed. Safe to run twice.
 */
export async function pruneSystemLogs({
  db,
  now = new Date(),
  maxRows = SYSTEM_LOG_MAX_ROWS,
}: {
  db: Db;
  now?: Date;
  maxRows?: number;
}): Promise<number> {
  const cutoff = new Date(now.getTime() - SYSTEM_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const old = await db.deleteFrom('system_logs').where('created_at', '<', cutoff).executeTakeFirst();
  const over = await sql`
    DELETE FROM system_logs
    WHERE id <= (SELECT id FROM system_logs ORDER BY id DESC OFFSET ${maxRows} LIMIT 1)
  `.execute(db);
  return Number(old.numDeletedRows) + Number(over.numAffectedRows ?? 0);
}
