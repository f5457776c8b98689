import type { TSessionUser } from '@coinlane/core/api/auth';
import { ROLE_PERMISSIONS } from '@coinlane/core/permissions';
import type { Db } from '#app/db/connection.ts';

/** The session user of the spec (merchant 3, admin 3): admins carry their role and its permissions. */
export async function getSessionUser({
  db,
  userId,
  mode,
}: {
  db: Db;
  userId: string;
  mode: 'test' | 'live';
}): Promise<TSessionUser | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.status',
      'user_profiles.name',
      'user_profiles.first_name',
      'user_profiles.last_name',
      'user_profiles.avatar_url',
      'user_profiles.is_admin',
      'user_profiles.admin_role',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const name = row.name || [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email;
  const user: TSessionUser = {
    id: row.id,
    email: row.email,
    name,
    avatarUrl: row.avatar_url,
    mode,
    status: row.status,
    isAdmin: row.is_admin,
  };
  if (row.admin_role) {
    // The role stored on the account is its admin access (is_admin is derived from it, migration 0019).
    user.adminRole = row.admin_role;
    user.permissions = [...ROLE_PERMISSIONS[row.admin_role]];
  }
  return user;
}
