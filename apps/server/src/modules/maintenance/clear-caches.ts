import type { TClearCacheResult } from '@coinlane/core/api/admin';
import type { Db } from '#app/db/connection.ts';
import type { ProcessCaches } from '#app/lib/process-caches.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

/**
 * Clear All Cache (Danger Zone, system.maintenance): empties every in-process cache of this server process (the
 * list the composition root and the HTTP app registered) and says how many entries each held. Audited.
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
  await recordAudit({
    db,
    actorId,
    actorType: 'admin',
    action: 'maintenance.cache_cleared',
    entityType: 'system',
    entityId: 'caches',
    after: result,
    ip,
  });
  return result;
}
