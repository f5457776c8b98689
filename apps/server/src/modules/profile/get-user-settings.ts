import type { TUserSettings } from '@coinlane/core/api/settings';
import type { Db } from '#app/db/connection.ts';
import { selectUserSettings, toUserSettings } from './queries.ts';

/** The caller's own preferences (GET /settings); the defaults when none were saved yet. */
export async function getUserSettings({ db, userId }: { db: Db; userId: string }): Promise<TUserSettings> {
  return toUserSettings(await selectUserSettings(db, userId));
}
