import type { TUpdateSystemSettingsRequest } from '@coinlane/core/api/admin';
import type { TSystemSettings } from '@coinlane/core/system-settings';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';

/**
 * Saves the keys an admin changed (PUT /admin/settings), each with its audit row; keys sent with their
 * current value are not rewritten. Returns every setting as it now is.
 */
export async function updateSystemSettings({
  db,
  actorId,
  changes,
}: {
  db: Db;
  actorId: string;
  changes: TUpdateSystemSettingsRequest;
}): Promise<TSystemSettings> {
  const current = (await getSystemSettings({ db })) as unknown as Record<string, Record<string, unknown>>;
  for (const [category, values] of Object.entries(changes)) {
    for (const [key, value] of Object.entries(values ?? {})) {
      if (value === undefined || current[category]?.[key] === value) continue;
      await setSystemSetting({ db, key, value, updatedBy: actorId });
    }
  }
  return getSystemSettings({ db });
}
