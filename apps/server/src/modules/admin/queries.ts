import type { TAdminUser } from '@coinlane/core/api/admin';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import {
  type MerchantVolume,
  NO_VOLUME,
  summarizeMerchantVolumes,
} from '#app/modules/payments/summarize-merchant-volumes.ts';

/** Accounts with their profiles, newest first; only `ids` when given; `forUpdate` locks the rows. */
export function selectUsers(
  db: Kysely<Database>,
  { ids, forUpdate = false }: { ids?: string[]; forUpdate?: boolean } = {},
) {
  let q = db
    .selectFrom('users')
    .innerJoin('user_profiles', 'user_profiles.id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.status',
      'users.kyc_status',
      'users.last_login_at',
      'users.created_at',
      'user_profiles.name',
      'user_profiles.first_name',
      'user_profiles.last_name',
      'user_profiles.business_name',
      'user_profiles.business_type',
      'user_profiles.country',
      'user_profiles.is_admin',
      'user_profiles.admin_role',
      'user_profiles.risk_score',
    ])
    .where('users.deleted_at', 'is', null)
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc');
  if (ids) q = q.where('users.id', 'in', ids);
  if (forUpdate) q = q.forUpdate();
  return q.execute();
}
export type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

/**
 * Display name (admin spec 3): the business name, else first and last name, else the name given at sign-up
 * (kept when no first or last name was entered yet), else the e-mail.
 */
export function displayName(
  row: Pick<UserRow, 'business_name' | 'first_name' | 'last_name' | 'name' | 'email'>,
) {
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return row.business_name || fullName || row.name || row.email;
}

/** The reply of an account: its row and its live figures (summarizeMerchantVolumes; NO_VOLUME without payments). */
export function toAdminUser(row: UserRow, volume: MerchantVolume = NO_VOLUME): TAdminUser {
  return {
    id: row.id,
    name: displayName(row),
    email: row.email,
    businessName: row.business_name,
    businessType: row.business_type,
    country: row.country,
    status: row.status,
    kycStatus: row.kyc_status,
    isAdmin: row.is_admin,
    adminRole: row.admin_role,
    // From its payments (the highest score of its live payments of the last 30 days; decision 021), else the default.
    riskScore: volume.riskScore ?? row.risk_score,
    firstName: row.first_name,
    lastName: row.last_name,
    totalTransactions: volume.totalTransactions,
    totalVolume: volume.totalVolume,
    monthlyVolume: volume.monthlyVolume,
    lastLogin: row.last_login_at ? row.last_login_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The replies of accounts with their live figures, in one more query. */
export async function toAdminUsers(db: Kysely<Database>, rows: readonly UserRow[]): Promise<TAdminUser[]> {
  const volumes = await summarizeMerchantVolumes({ db, userIds: rows.map((r) => r.id) });
  return rows.map((r) => toAdminUser(r, volumes.get(r.id)));
}
