import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import type { Auth } from './caller.ts';
import { revokeSession } from './sessions.ts';

/** Ends the caller's session (if any: signing out twice, or when already signed out, is fine). */
export async function signOut({
  db,
  auth,
  ip,
}: {
  db: Db;
  auth: Auth | null;
  ip: string | null;
}): Promise<{ message: string }> {
  if (auth?.kind === 'session') {
    await db.transaction().execute(async (trx) => {
      await revokeSession({ db: trx, sessionId: auth.sessionId });
      await recordAudit({
        db: trx,
        actorId: auth.user.id,
        actorType: 'user',
        action: 'user.signed_out',
        entityType: 'session',
        entityId: auth.sessionId,
        mode: auth.mode,
        ip,
      });
    });
  }
  return { message: T.signedOut };
}
