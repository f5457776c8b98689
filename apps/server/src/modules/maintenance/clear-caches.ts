import type { TClearCacheResult } from '@coinlane/core/api/admin';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { CACHE_CHANNEL, CLEAR_ALL_CACHES } from '#app/db/read-caches.ts';
import type { ProcessCaches } from '#app/lib/process-caches.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

/**
 * Clear All Cache (Danger Zone, system.maintenance): empties every in-process cache of this server process (the
 * list the composition root, the HTTP app and the read caches registered) and says how many entries each held;
 * then tells every other process, with CLEAR_ALL_CACHES on the cache channel at the audit row's commit, to empty
 * its own (modules/live hears it: every process that serves requests listens). Audited.
 */
export async function clearCaches({
  db,
  caches,
  actorId,
  ip,
}: {
  db: Db;
  caches: ProcessCaches;
  actorId: string;
  ip: string | null;
}): Promise<TClearCacheResult> {
  const result = { caches: caches.clearAll() };
  await db.transaction().execute(async (trx) => {
    await recordAudit({
      db: trx,
      actorId,
      actorType: 'admin',
      action: 'maintenance.cache_cleared',
      entityType: 'system',
      entityId: 'caches',
      after: result,
      ip,
    });
    await sql`select pg_notify(${CACHE_CHANNEL}, ${CLEAR_ALL_CACHES})`.execute(trx);
  });
  return result;
}
