import type { TAuthConfig } from '@coinlane/core/api/auth';
import { OTP_TTL_SECONDS } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { getPasswordPolicy } from '#app/modules/system-settings/get-password-policy.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

/** What the sign-up and sign-in forms need to know before the user types (public). */
export async function getAuthConfig({ db }: { db: Db }): Promise<TAuthConfig> {
  const settings = await getSystemSettings({ db });
  const policy = await getPasswordPolicy({ db });
  return {
    registrationEnabled: settings.general.registration_enabled === true,
    passwordMinLength: policy.minLength,
    passwordRequireSpecial: policy.requireSpecial,
    otpTtlSeconds: OTP_TTL_SECONDS,
  };
}
