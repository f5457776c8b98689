import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import type { TMode } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { getSessionUser } from '#app/modules/profile/get-session-user.ts';
import type { SessionAuth } from './caller.ts';

/**
 * Switches the caller's session between test and live data, and remembers the choice for the next sign-in.
 * Live mode needs an approved account: refused (403 LIVE_MODE_NOT_ALLOWED) while the account is pending.
 */
export async function switchMode({
  db,
  auth,
  mode,
  ip,
}: {
  db: Db;
  auth: SessionAuth;
  mode: TMode;
  ip: string | null;
}): Promise<{ user: TSessionUser }> {
  const userId = auth.user.id;
  const user = await db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select(['status', 'mode'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (mode === 'live' && current.status !== 'active') {
      throw new AppError('LIVE_MODE_NOT_ALLOWED', { message: T.liveModeNeedsApproval });
    }
    await trx.updateTable('sessions').set({ mode }).where('id', '=', auth.sessionId).execute();
    await trx.updateTable('users').set({ mode, updated_at: new Date() }).where('id', '=', userId).execute();
    if (auth.mode !== mode) {
      await recordAudit({
        db: trx,
        actorId: userId,
        actorType: 'user',
        action: 'user.mode_switched',
        entityType: 'user',
        entityId: userId,
        mode,
        before: { mode: auth.mode },
        after: { mode },
        ip,
      });
    }
    return getSessionUser({ db: trx, userId, mode });
  });
  if (!user) throw new AppError('UNAUTHORIZED', { message: T.authRequired });
  return { user };
}
