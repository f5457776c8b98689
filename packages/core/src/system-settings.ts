/** System settings (admin spec sections 3 and 9) with their defaults. Values are stored as JSON text. */
export const SYSTEM_SETTING_DEFAULTS = {
  general: {
    platform_name: 'Coinlane',
    support_email: 'support@coinlane.local',
    maintenance_mode: false,
    registration_enabled: true,
    kyc_required: true,
    max_daily_transactions: 1000,
  },
  security: {
    session_timeout: 30, // minutes of idleness
    max_login_attempts: 5,
    lockout_duration: 15, // minutes
    password_min_length: 8,
    password_require_special: true,
  },
  notifications: {
    email_notifications: true,
    sms_notifications: false,
    slack_webhook: '',
    discord_webhook: '',
    notify_high_risk_transactions: true,
    notify_failed_transactions: true,
    notify_large_transactions: true,
    large_transaction_threshold: 10000,
  },
  api: {
    rate_limit_per_minute: 60,
    rate_limit_per_hour: 1000,
    webhook_timeout: 30, // seconds
    webhook_retries: 3,
    api_version: 'v1',
  },
} as const;

type Defaults = typeof SYSTEM_SETTING_DEFAULTS;
export type TSettingCategory = keyof Defaults;
type Widen<T> = T extends boolean ? boolean : T extends number ? number : T extends string ? string : T;
export type TSystemSettings = {
  [C in TSettingCategory]: { -readonly [K in keyof Defaults[C]]: Widen<Defaults[C][K]> };
};
export type TSettingKey = { [C in TSettingCategory]: keyof Defaults[C] }[TSettingCategory];

/** Flat key -> category map (keys are unique across categories). */
export const SETTING_CATEGORY: Record<string, TSettingCategory> = Object.fromEntries(
  Object.entries(SYSTEM_SETTING_DEFAULTS).flatMap(([category, keys]) =>
    Object.keys(keys).map((key) => [key, category as TSettingCategory]),
  ),
);
