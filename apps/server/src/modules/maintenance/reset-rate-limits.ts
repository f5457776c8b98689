import type { TResetRateLimitsResult } from '@coinlane/core/api/admin';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';

/**
 * Reset Rate Limits (Danger Zone, system.maintenance): empties the request counters of this server process (the
 * API limits per key and per IP, the sign-in flood guard, the checkout attempts), and the API limits' counters
 * shared by every process (on PostgreSQL: decision 029; the count is this process's), so every client starts afresh.
 * The sign-in lockout (failed attempts stored in login_attempts) is a security record and stays. Audited.
 */
export async function resetRateLimits({
  db,
  counters,
  actorId,
  ip,
}: {
  db: Db;
  /** The app's counters (`app.rateLimitCounters`). */
  counters: { clear(): number; shared: { clear(): Promise<number> } | null };
  actorId: string;
  ip: string | null;
}): Promise<TResetRateLimitsResult> {
  const result = { countersCleared: counters.clear() + ((await counters.shared?.clear()) ?? 0) };
  await recordAudit({
    db,
    actorId,
    actorType: 'admin',
    action: 'maintenance.rate_limits_reset',
    entityType: 'system',
    entityId: 'rate_limits',
    after: result,
    ip,
  });
  return result;
}
