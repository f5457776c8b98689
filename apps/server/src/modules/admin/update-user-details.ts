import type { TAdminUser, TUpdateAdminUserRequest } from '@coinlane/core/api/admin';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { hasPermission } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectUsers, toAdminUsers } from './queries.ts';

const COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  businessName: 'business_name',
  businessType: 'business_type',
  country: 'country',
} as const;

/**
 * Edit Details of User Management (PUT /admin/users/:id; users.write, and admin.manage for an administrator's
 * account): the account's name, business name, business type and country. Fields left out are kept; the audit
 * row holds the fields that changed, before and after. 404 for an unknown id.
 */
export async function updateUserDetails({
  db,
  actor,
  userId,
  changes,
  ip,
}: {
  db: Db;
  actor: TSessionUser;
  userId: string;
  changes: TUpdateAdminUserRequest;
  ip: string | null;
}): Promise<TAdminUser> {
  return db.transaction().execute(async (trx) => {
    const [target] = await selectUsers(trx, { ids: [userId], forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    if (target.is_admin && target.id !== actor.id && !hasPermission(actor, 'admin.manage')) {
      throw new AppError('FORBIDDEN', { message: T.userActOnAdmin });
    }
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    const set: Record<string, string | null> = {};
    for (const [field, column] of Object.entries(COLUMNS) as [
      keyof typeof COLUMNS,
      (typeof COLUMNS)[keyof typeof COLUMNS],
    ][]) {
      const value = changes[field];
      if (value === undefined || value === target[column]) continue;
      before[field] = target[column];
      after[field] = value;
      set[column] = value;
    }
    if (Object.keys(set).length > 0) {
      await trx
        .updateTable('user_profiles')
        .set({ ...set, updated_at: new Date() })
        .where('id', '=', userId)
        .execute();
      await recordAudit({
        db: trx,
        actorId: actor.id,
        actorType: 'admin',
        action: 'user.details_updated',
        entityType: 'user',
        entityId: userId,
        before,
        after,
        ip,
      });
    }
    const [updated] = await selectUsers(trx, { ids: [userId] });
    return (await toAdminUsers(trx, [updated!]))[0]!;
  });
}
