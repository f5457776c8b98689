import type { TAdminUser } from '@coinlane/core/api/admin';
import type { TSessionUser } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import type { TAdminRole } from '@coinlane/core/permissions';
import { T } from '@coinlane/core/texts';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectUsers, toAdminUsers } from './queries.ts';

/**
 * Gives an account one of the four admin roles, or takes its role away (PUT /admin/users/:id/role, admin.manage).
 * The role is the account's admin access (is_admin is derived from it, migration 0019); the next request of the
 * account's sessions carries the new permissions. The last super_admin keeps the role (409): the platform would
 * have nobody left to manage administrators. Concurrent changes are serialised on the super admins' rows.
 */
export async function setAdminRole({
  db,
  actor,
  userId,
  role,
  ip,
}: {
  db: Db;
  actor: TSessionUser;
  userId: string;
  role: TAdminRole | null;
  ip: string | null;
}): Promise<TAdminUser> {
  return db.transaction().execute(async (trx) => {
    // Lock every super admin first (always in the same order), then the target: two demotions at once cannot
    // both see another super admin left.
    const supers = await trx
      .selectFrom('user_profiles')
      .select('id')
      .where('admin_role', '=', 'super_admin')
      .orderBy('id')
      .forUpdate()
      .execute();
    const [target] = await selectUsers(trx, { ids: [userId], forUpdate: true });
    if (!target) throw new AppError('NOT_FOUND', { message: T.userNotFound });
    if (target.admin_role === role) return (await toAdminUsers(trx, [target]))[0]!;
    if (target.admin_role === 'super_admin' && supers.length <= 1) {
      throw new AppError('CONFLICT', { message: T.lastSuperAdmin });
    }
    await trx
      .updateTable('user_profiles')
      .set({ admin_role: role, updated_at: sql`now()` })
      .where('id', '=', userId)
      .execute();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: 'admin',
      action: role ? 'user.role_assigned' : 'user.role_removed',
      entityType: 'user',
      entityId: userId,
      before: { adminRole: target.admin_role },
      after: { adminRole: role },
      ip,
    });
    const [updated] = await selectUsers(trx, { ids: [userId] });
    return (await toAdminUsers(trx, [updated!]))[0]!;
  });
}
