import type { TAccountEvent } from '@coinlane/core/account-status';
import type { TAdminUser } from '@coinlane/core/api/admin';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { selectUsers, toAdminUsers } from './queries.ts';
import { applyUserAction, refusalOf } from './user-actions.ts';

/**
 * Approves (pending -> active) or suspends (active -> suspended, every session ended) one account
 * (POST /admin/users/:id/approve|suspend). 404 for an unknown id, 409 when the status does not allow it.
 */
export async function changeUserStatus({
  db,
  actor,
  userId,
  action,
  ip,
}: {
  db: Db;
  actor: TSessionUser;
  userId: string;
  action: TAccountEvent;
  ip: string | null;
}): Promise<TAdminUser> {
  return db.transaction().execute(async (trx) => {
    const [target] = await selectUsers(trx, { ids: [userId], forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    const refusal = refusalOf({ actor, target, action });
    if (refusal) throw new AppError(refusal.code, { message: refusal.message });
    await applyUserAction({ trx, actor, target, action, ip });
    const [updated] = await selectUsers(trx, { ids: [userId] });
    return (await toAdminUsers(trx, [updated!]))[0]!;
  });
}
