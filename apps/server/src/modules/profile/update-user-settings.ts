import type { TUpdateSettingsRequest, TUserSettings } from '@coinlane/core/api/settings';
import type { Updateable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { UserSettingsTable } from '#app/db/schema.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { selectUserSettings, toUserSettings } from './queries.ts';

const COLUMNS = {
  autoConversionEnabled: 'auto_conversion_enabled',
  conversionCurrency: 'conversion_currency',
  emailNotifications: 'email_notifications',
  webhookNotifications: 'webhook_notifications',
  paymentAlerts: 'payment_alerts',
  apiKeyExpiryDays: 'api_key_expiry_days',
  defaultCurrency: 'default_currency',
  theme: 'theme',
  language: 'language',
  autoPayoutEnabled: 'auto_payout_enabled',
} as const satisfies Record<keyof TUserSettings, keyof UserSettingsTable>;

/** Changes any subset of the caller's preferences (PUT /settings); the others keep their values. */
export async function updateUserSettings({
  db,
  userId,
  changes,
  ip,
}: {
  db: Db;
  userId: string;
  changes: TUpdateSettingsRequest;
  ip: string | null;
}): Promise<TUserSettings> {
  const set: Updateable<UserSettingsTable> = {};
  for (const [key, value] of Object.entries(changes) as [keyof TUserSettings, unknown][]) {
    if (value !== undefined) (set as Record<string, unknown>)[COLUMNS[key]] = value;
  }
  return db.transaction().execute(async (trx) => {
    const beforeRow = await selectUserSettings(trx, userId, { forUpdate: true });
    const before = toUserSettings(beforeRow);
    if (Object.keys(set).length === 0) return before;
    await trx
      .insertInto('user_settings')
      .values({ ...set, user_id: userId })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: new Date() }))
      .execute();
    const after = toUserSettings(await selectUserSettings(trx, userId));
    await recordAudit({
      db: trx,
      actorId: userId,
      actorType: 'user',
      action: 'settings.updated',
      entityType: 'user_settings',
      entityId: userId,
      before,
      after,
      ip,
    });
    return after;
  });
}
