import { nextAccountStatus, type TAccountEvent } from '@coinlane/core/account-status';
import type { TSessionUser } from '@coinlane/core/api/auth';
import type { TErrorCode } from '@coinlane/core/errors';
import { hasPermission } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { revokeUserSessions } from '#app/modules/auth/sessions.ts';
import type { UserRow } from './queries.ts';

/** Why `actor` may not apply `action` to `target` (status machine, then safety rules), or null. */
export function refusalOf({
  actor,
  target,
  action,
}: {
  actor: TSessionUser;
  target: UserRow;
  action: TAccountEvent;
}): { code: TErrorCode; message: string } | null {
  const next = nextAccountStatus(target.status, action);
  if (!next.ok) {
    const message =
      action === 'approve' ? T.userApproveNotPending(target.status) : T.userSuspendNotActive(target.status);
    return { code: 'CONFLICT', message };
  }
  if (action === 'suspend' && target.id === actor.id) return { code: 'CONFLICT', message: T.userSuspendSelf };
  // users.write alone (support_admin) must not lock out the platform's administrators.
  if (target.is_admin && !hasPermission(actor, 'admin.manage')) {
    return { code: 'FORBIDDEN', message: action === 'suspend' ? T.userSuspendAdmin : T.userActOnAdmin };
  }
  return null;
}

/**
 * Applies an allowed action inside the caller's transaction: the status change (guarded on the starting
 * status), the end of every session of a suspended account, and the audit row.
 */
export async function applyUserAction({
  trx,
  actor,
  target,
  action,
  ip,
}: {
  trx: Kysely<Database>;
  actor: TSessionUser;
  target: UserRow;
  action: TAccountEvent;
  ip: string | null;
}): Promise<void> {
  const next = nextAccountStatus(target.status, action);
  if (!next.ok) throw new Error(`applyUserAction: ${action} does not apply to ${target.status}`);
  await trx
    .updateTable('users')
    .set({ status: next.status, updated_at: new Date() })
    .where('id', '=', target.id)
    .where('status', '=', target.status)
    .execute();
  if (action === 'suspend') await revokeUserSessions({ db: trx, userId: target.id });
  await recordAudit({
    db: trx,
    actorId: actor.id,
    actorType: 'admin',
    action: action === 'approve' ? 'user.approved' : 'user.suspended',
    entityType: 'user',
    entityId: target.id,
    before: { status: target.status },
    after: { status: next.status },
    ip,
  });
}
