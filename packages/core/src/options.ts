/** Choice lists and defaults of the merchant spec (sections 3 and 9). */
export const LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

export const THEMES = ['dark', 'light', 'auto'] as const;
export type TTheme = (typeof THEMES)[number];

export const DEFAULT_CURRENCIES = ['BTC', 'ETH', 'USDT', 'LTC', 'BCH'] as const;
export const API_KEY_EXPIRY_DAYS = [30, 60, 90, 365, -1] as const;
export const CONVERSION_CURRENCIES = [
  'USDT',
  'USDC',
  'DAI',
  'FDUSD',
  'USDe',
  'PYUSD',
  'TUSD',
  'FRAX',
  'USDD',
  'EURC',
] as const;

/**
 * Wallet and payout-rule currencies (merchant spec 9, 21 of them). A rule converts FROM one of these; Coinlane must
 * also be able to receive it (a chain family for its network: modules/payouts, decision 024).
 */
export const PAYOUT_RULE_CURRENCIES = [
  'BTC',
  'ETH',
  'USDT',
  'USDC',
  'DAI',
  'FDUSD',
  'USDe',
  'PYUSD',
  'TUSD',
  'FRAX',
  'USDD',
  'EURC',
  'LTC',
  'BCH',
  'DOGE',
  'SOL',
  'ADA',
  'MATIC',
  'LINK',
  'BNB',
  'AVAX',
] as const;

export const BUSINESS_TYPES = [
  'e-commerce',
  'saas',
  'retail',
  'services',
  'nonprofit',
  'marketplace',
  'gaming',
  'other',
] as const;
export const COUNTRIES = ['US', 'CA', 'GB', 'DE', 'FR', 'AU', 'JP', 'SG', 'NL', 'other'] as const;

export const MODES = ['test', 'live'] as const;
export type TMode = (typeof MODES)[number];

export const ACCOUNT_STATUSES = ['pending', 'active', 'suspended'] as const;
export type TAccountStatus = (typeof ACCOUNT_STATUSES)[number];
export const KYC_STATUSES = ['pending', 'verified', 'rejected'] as const;

export const USER_SETTINGS_DEFAULTS = {
  autoConversionEnabled: false,
  conversionCurrency: 'USDT',
  emailNotifications: true,
  webhookNotifications: true,
  paymentAlerts: true,
  apiKeyExpiryDays: 90,
  defaultCurrency: 'BTC',
  theme: 'dark',
  language: 'en',
  autoPayoutEnabled: true,
} as const;

/** Auth timings (merchant spec 9). */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_WRONG = 5;
export const SIGNUP_REDIRECT_MS = 2000;
export const RESET_TOKEN_TTL_SECONDS = 3600;
export const CONFIRM_TOKEN_TTL_SECONDS = 48 * 3600;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** Admin dashboard (admin spec 9): the newest users listed, and the window that counts as new. */
export const ADMIN_RECENT_USERS = 10;
export const ADMIN_NEW_USER_DAYS = 7;
/** Admin health checks (admin spec 9): a check slower than this counts as failed. */
export const HEALTH_TIMEOUT_MS = 5000;
/** Admin user management (admin spec 9): risk score scale and colour bands. */
export const RISK_SCORE_MAX = 10;
export const RISK_LOW_MAX = 3;
export const RISK_MEDIUM_MAX = 6;
