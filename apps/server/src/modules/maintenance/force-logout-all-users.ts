import type { TForceLogoutResult } from '@coinlane/core/api/admin';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { revokeAllSessions } from '#app/modules/auth/sessions.ts';

/**
 * Force Logout All Users (Danger Zone, system.maintenance): ends every session of every account, the admin's
 * other sessions included, except the one making the request, and cancels every sign-in under way. API keys are
 * not sessions and keep working. Audited with the counts.
 */
export async function forceLogoutAllUsers({
  db,
  actorId,
  sessionId,
  ip,
}: {
  db: Db;
  actorId: string;
  /** The caller's session, which is kept. */
  sessionId: string;
  ip: string | null;
}): Promise<TForceLogoutResult> {
  return db.transaction().execute(async (trx) => {
    const result = await revokeAllSessions({ db: trx, exceptSessionId: sessionId });
    await recordAudit({
      db: trx,
      actorId,
      actorType: 'admin',
      action: 'maintenance.force_logout',
      entityType: 'system',
      entityId: 'sessions',
      after: result,
      ip,
    });
    return result;
  });
}
