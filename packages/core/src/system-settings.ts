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

/**
 * The bounds of each numeric setting (whole numbers, both ends included): checked by PUT /admin/settings and
 * given to the back-office's inputs.
 */
export const SETTING_NUMBER_LIMITS = {
  max_daily_transactions: { min: 1, max: 100_000_000 },
  /** Minutes of idleness before a session ends. */
  session_timeout: { min: 1, max: 7 * 24 * 60 },
  max_login_attempts: { min: 1, max: 100 },
  /** Minutes. */
  lockout_duration: { min: 1, max: 7 * 24 * 60 },
  /** Never below the merchant spec's floor of 6 characters. */
  password_min_length: { min: 6, max: 128 },
  /** USD. */
  large_transaction_threshold: { min: 1, max: 1_000_000_000_000 },
  rate_limit_per_minute: { min: 1, max: 1_000_000 },
  rate_limit_per_hour: { min: 1, max: 100_000_000 },
  /** Seconds. */
  webhook_timeout: { min: 1, max: 120 },
  webhook_retries: { min: 0, max: 20 },
} as const;
export type TNumberSettingKey = keyof typeof SETTING_NUMBER_LIMITS;

/** The longest text of each text setting. */
export const SETTING_TEXT_LIMITS = {
  platform_name: 100,
  support_email: 254,
  slack_webhook: 2048,
  discord_webhook: 2048,
} as const;

/** api_version: v1, and v2 (Beta) (admin spec 9). */
export const API_VERSIONS = ['v1', 'v2'] as const;
/**
 * The versions this server has an API for (decision 020): only v1 (/api/v1). v2 (Beta) is listed as the spec lists
 * it, and refused on save until it exists.
 */
export const AVAILABLE_API_VERSIONS: readonly (typeof API_VERSIONS)[number][] = ['v1'];

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
