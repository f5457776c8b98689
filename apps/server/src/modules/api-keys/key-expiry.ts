import type { Db } from '#app/db/connection.ts';
import { getUserSettings } from '#app/modules/profile/get-user-settings.ts';

/**
 * When a key made (or rotated) now expires: the merchant's `api_key_expiry_days` setting (30, 60, 90, 365 days
 * from now; -1 = never, stored as null).
 */
export async function expiryForNewKey({
  db,
  userId,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  now?: Date;
}) {
  const { apiKeyExpiryDays } = await getUserSettings({ db, userId });
  return apiKeyExpiryDays > 0 ? new Date(now.getTime() + apiKeyExpiryDays * 86_400_000) : null;
}
