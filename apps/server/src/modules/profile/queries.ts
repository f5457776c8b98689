import type { TMerchantProfile, TUserSettings } from '@coinlane/core/api/settings';
import { USER_SETTINGS_DEFAULTS } from '@coinlane/core/options';
import type { Kysely, Selectable } from 'kysely';
import type { Database, UserSettingsTable } from '#app/db/schema.ts';

type Q = Kysely<Database>;

/** The caller's profile joined with the account it belongs to; `forUpdate` locks both rows. */
export function selectProfile(db: Q, userId: string, { forUpdate = false } = {}) {
  let q = db
    .selectFrom('user_profiles')
    .innerJoin('users', 'users.id', 'user_profiles.id')
    .select([
      'user_profiles.id',
      'users.email',
      'users.status',
      'users.kyc_status',
      'user_profiles.is_admin',
      'user_profiles.first_name',
      'user_profiles.last_name',
      'user_profiles.name',
      'user_profiles.business_name',
      'user_profiles.website',
      'user_profiles.phone',
      'user_profiles.business_type',
      'user_profiles.description',
      'user_profiles.address',
      'user_profiles.city',
      'user_profiles.country',
      'user_profiles.postal_code',
      'user_profiles.avatar_url',
      'user_profiles.created_at',
    ])
    .where('user_profiles.id', '=', userId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}
export type ProfileRow = NonNullable<Awaited<ReturnType<typeof selectProfile>>>;

export function toMerchantProfile(row: ProfileRow): TMerchantProfile {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: row.name,
    businessName: row.business_name,
    website: row.website,
    phone: row.phone,
    businessType: row.business_type,
    description: row.description,
    address: row.address,
    city: row.city,
    country: row.country,
    postalCode: row.postal_code,
    avatarUrl: row.avatar_url,
    isAdmin: row.is_admin,
    status: row.status,
    kycStatus: row.kyc_status,
    createdAt: row.created_at.toISOString(),
  };
}

/** The fields a merchant edits on the settings page, as recorded in audit rows. */
export function editableFields(p: TMerchantProfile) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    name: p.name,
    businessName: p.businessName,
    website: p.website,
    phone: p.phone,
    businessType: p.businessType,
    description: p.description,
    address: p.address,
    city: p.city,
    country: p.country,
    postalCode: p.postalCode,
  };
}

export function selectUserSettings(db: Q, userId: string, { forUpdate = false } = {}) {
  let q = db.selectFrom('user_settings').selectAll().where('user_id', '=', userId);
  if (forUpdate) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A stored settings row as the API shows it; no row yet means the defaults. */
export function toUserSettings(row: Selectable<UserSettingsTable> | undefined): TUserSettings {
  if (!row) return { ...USER_SETTINGS_DEFAULTS };
  return {
    autoConversionEnabled: row.auto_conversion_enabled,
    conversionCurrency: row.conversion_currency as TUserSettings['conversionCurrency'],
    emailNotifications: row.email_notifications,
    webhookNotifications: row.webhook_notifications,
    paymentAlerts: row.payment_alerts,
    apiKeyExpiryDays: row.api_key_expiry_days as TUserSettings['apiKeyExpiryDays'],
    defaultCurrency: row.default_currency as TUserSettings['defaultCurrency'],
    theme: row.theme,
    language: row.language,
    autoPayoutEnabled: row.auto_payout_enabled,
  };
}
