import type { TAccountEvent } from '@coinlane/core/account-status';
import type { TBulkUserActionResult } from '@coinlane/core/api/admin';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { selectUsers, toAdminUsers } from './queries.ts';
import { applyUserAction, refusalOf } from './user-actions.ts';

/**
 * Applies one action to many accounts in one transaction (POST /admin/users/bulk). Every id must exist (else
 * 404 and nothing changes); accounts the action does not apply to (wrong status, the caller's own account,
 * an administrator without admin.manage) are left as they are and reported with the reason.
 */
export async function bulkChangeUserStatus({
  db,
  actor,
  ids,
  action,
  ip,
}: {
  db: Db;
  actor: TSessionUser;
  ids: string[];
  action: TAccountEvent;
  ip: string | null;
}): Promise<TBulkUserActionResult> {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await selectUsers(trx, { ids: unique, forUpdate: true });
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = unique.filter((id) => !byId.has(id));
    if (missing.length) {
      throw new AppError('NOT_FOUND', { message: `${T.userNotFound}: ${missing.join(', ')}` });
    }
    const changed: string[] = [];
    const skipped: TBulkUserActionResult['skipped'] = [];
    for (const id of unique) {
      const target = byId.get(id)!;
      const refusal = refusalOf({ actor, target, action });
      if (refusal) {
        skipped.push({ id, status: target.status, reason: refusal.message });
        continue;
      }
      await applyUserAction({ trx, actor, target, action, ip });
      changed.push(id);
    }
    const updated = changed.length ? await toAdminUsers(trx, await selectUsers(trx, { ids: changed })) : [];
    return { action, updated, skipped };
  });
}
