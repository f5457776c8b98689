import { ADMIN_ROLES, ROLE_PERMISSIONS, type TAdminPermission } from '@coinlane/core/permissions';
import type { Db } from '#app/db/connection.ts';

/**
 * The e-mail addresses of the active administrators whose role holds `permission` (the system alerts' mail goes to
 * those with support.read). Deleted and suspended accounts are left out.
 */
export async function listAdminContacts({
  db,
  permission,
}: {
  db: Db;
  permission: TAdminPermission;
}): Promise<string[]> {
  const roles = ADMIN_ROLES.filter((r) => ROLE_PERMISSIONS[r].includes(permission));
  if (roles.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select('users.email')
    .where('user_profiles.admin_role', 'in', roles)
    .where('users.status', '=', 'active')
    .where('users.deleted_at', 'is', null)
    .orderBy('users.created_at')
    .execute();
  return rows.map((r) => r.email);
}
