import type { TPasswordPolicy } from '@coinlane/core/api/auth';
import type { Db } from '#app/db/connection.ts';
import { getSystemSettings } from './get-system-settings.ts';

/** The password policy configured by the admins (security settings), for passwordSchema(). */
export async function getPasswordPolicy({ db }: { db: Db }): Promise<TPasswordPolicy> {
  const { security } = await getSystemSettings({ db });
  return {
    minLength: Math.max(6, Number(security.password_min_length) || 6),
    requireSpecial: security.password_require_special === true,
  };
}
