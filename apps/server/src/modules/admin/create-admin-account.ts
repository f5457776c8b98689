import { passwordSchema } from '@coinlane/core/api/auth';
import { AppError } from '@coinlane/core/errors';
import { randomId } from '@coinlane/core/ids';
import type { TAdminRole } from '@coinlane/core/permissions';
import { sql } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import { hashPassword } from '#app/lib/password.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { revokeUserSessions } from '#app/modules/auth/sessions.ts';
import { getPasswordPolicy } from '#app/modules/system-settings/get-password-policy.ts';

export const DEFAULT_ADMIN_NAME = 'Administrator';

/**
 * `--name "Ada Lovelace"` as the profile's first and last name (first word, then the rest), so that User
 * Management's Edit Details shows them; a single word is a first name.
 */
export function splitAdminName(name: string): { first_name: string; last_name: string | null } {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { first_name: first ?? name.trim(), last_name: rest.length ? rest.join(' ') : null };
}

/**
 * Creates an administrator account (active, e-mail confirmed), or makes an existing account one: it becomes
 * an active admin with `role`, its password is replaced and its sessions ended. The password must meet the
 * configured policy. For the operator's create-admin command; the audit row names no actor ('system').
 */
export async function createAdminAccount({
  db,
  email,
  name,
  role,
  password,
}: {
  db: Db;
  /** Already normalised (trimmed, lower-case). */
  email: string;
  name?: string;
  role: TAdminRole;
  password: string;
}): Promise<{ userId: string; created: boolean }> {
  const policy = await getPasswordPolicy({ db });
  const checked = passwordSchema(policy).safeParse(password);
  if (!checked.success) {
    throw new AppError('VALIDATION_ERROR', {
      message: checked.error.issues[0]?.message ?? 'Invalid password',
    });
  }
  const passwordHash = await hashPassword(password);
  const now = new Date();

  return db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('users')
      .leftJoin('user_profiles', 'user_profiles.id', 'users.id')
      .select([
        'users.id',
        'users.status',
        'users.email_confirmed_at',
        'user_profiles.is_admin',
        'user_profiles.admin_role',
        'user_profiles.name',
      ])
      .where(sql<string>`lower(users.email)`, '=', email)
      .forUpdate('users')
      .executeTakeFirst();

    if (!existing) {
      const id = randomId('usr');
      const displayName = name ?? DEFAULT_ADMIN_NAME;
      await trx
        .insertInto('users')
        .values({ id, email, password_hash: passwordHash, status: 'active', email_confirmed_at: now })
        .execute();
      await trx
        .insertInto('user_profiles')
        .values({ id, email, admin_role: role, name: displayName, ...(name ? splitAdminName(name) : {}) })
        .execute();
      await trx.insertInto('user_settings').values({ user_id: id }).execute();
      await recordAudit({
        db: trx,
        actorId: null,
        actorType: 'system',
        action: 'admin.created',
        entityType: 'user',
        entityId: id,
        after: { email, name: displayName, status: 'active', isAdmin: true, adminRole: role },
      });
      return { userId: id, created: true };
    }

    const id = existing.id;
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        password_changed_at: now,
        status: 'active',
        email_confirmed_at: existing.email_confirmed_at ?? now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    const profile = { admin_role: role, ...(name ? { name, ...splitAdminName(name) } : {}), updated_at: now };
    await trx
      .insertInto('user_profiles')
      .values({ id, email, ...profile })
      .onConflict((oc) => oc.column('id').doUpdateSet(profile))
      .execute();
    await trx
      .insertInto('user_settings')
      .values({ user_id: id })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    // The password changed: sessions opened with the old one end.
    await revokeUserSessions({ db: trx, userId: id });
    await recordAudit({
      db: trx,
      actorId: null,
      actorType: 'system',
      action: 'admin.promoted',
      entityType: 'user',
      entityId: id,
      before: {
        status: existing.status,
        isAdmin: existing.is_admin ?? false,
        adminRole: existing.admin_role ?? null,
        name: existing.name ?? null,
      },
      after: {
        status: 'active',
        isAdmin: true,
        adminRole: role,
        name: name ?? existing.name ?? null,
        passwordChanged: true,
      },
    });
    return { userId: id, created: false };
  });
}
