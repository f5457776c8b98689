import type { TFeeStructure } from '@coinlane/core/api/admin';
import {
  API_VERSIONS,
  AVAILABLE_API_VERSIONS,
  SETTING_NUMBER_LIMITS,
  SETTING_TEXT_LIMITS,
  type TNumberSettingKey,
  type TSettingCategory,
  type TSystemSettings,
} from '@coinlane/core/system-settings';
import { T } from '@coinlane/core/texts';
import type { TSettingsChanges } from '../api/settings-api.ts';

/** The six tabs of System Settings, in the spec's order (admin spec 2). */
export const SETTINGS_TABS = [
  'general',
  'cryptocurrencies',
  'fees',
  'security',
  'notifications',
  'api',
] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

export type SettingKind = 'text' | 'email' | 'url' | 'number' | 'switch' | 'select';

/** One key of packages/core/src/system-settings.ts as the page edits it. Its id is `category.key`, as the server's `error.fields`. */
export type SettingField = {
  id: string;
  category: TSettingCategory;
  key: string;
  kind: SettingKind;
  /** Number fields: the server's bounds. */
  min?: number;
  max?: number;
  /** Text fields: the longest value the server takes. */
  maxLength?: number;
  options?: readonly string[];
  /** Stored, but nothing in the platform acts on it yet: the page says so. */
  notApplied?: boolean;
  /** No provider behind it (SMS): shown off and disabled, with the reason. */
  notConfigured?: boolean;
  /** Select options shown but not selectable (api_version v2 (Beta): no API yet; decision 020). */
  unavailableOptions?: readonly string[];
};

const field = (
  category: TSettingCategory,
  key: string,
  kind: SettingKind,
  extra: Partial<SettingField> = {},
): SettingField => {
  const limits = kind === 'number' ? SETTING_NUMBER_LIMITS[key as TNumberSettingKey] : undefined;
  const maxLength = SETTING_TEXT_LIMITS[key as keyof typeof SETTING_TEXT_LIMITS];
  return {
    id: `${category}.${key}`,
    category,
    key,
    kind,
    ...limits,
    ...(maxLength ? { maxLength } : {}),
    ...extra,
  };
};

/** Every system setting in its tab (the spec's categories: general, security, notifications, api). */
export const SETTINGS_FIELDS: Record<Exclude<TSettingsTab, 'cryptocurrencies' | 'fees'>, SettingField[]> = {
  general: [
    field('general', 'platform_name', 'text'),
    field('general', 'support_email', 'email'),
    field('general', 'max_daily_transactions', 'number'),
    field('general', 'maintenance_mode', 'switch'),
    field('general', 'registration_enabled', 'switch'),
    field('general', 'kyc_required', 'switch'),
  ],
  security: [
    field('security', 'session_timeout', 'number'),
    field('security', 'max_login_attempts', 'number'),
    field('security', 'lockout_duration', 'number'),
    field('security', 'password_min_length', 'number'),
    field('security', 'password_require_special', 'switch'),
  ],
  notifications: [
    field('notifications', 'slack_webhook', 'url'),
    field('notifications', 'discord_webhook', 'url'),
    field('notifications', 'large_transaction_threshold', 'number'),
    field('notifications', 'email_notifications', 'switch'),
    field('notifications', 'sms_notifications', 'switch', { notConfigured: true }),
    field('notifications', 'notify_high_risk_transactions', 'switch'),
    field('notifications', 'notify_failed_transactions', 'switch'),
    field('notifications', 'notify_large_transactions', 'switch'),
  ],
  api: [
    field('api', 'rate_limit_per_minute', 'number'),
    field('api', 'rate_limit_per_hour', 'number'),
    field('api', 'webhook_timeout', 'number'),
    field('api', 'webhook_retries', 'number'),
    field('api', 'api_version', 'select', {
      options: API_VERSIONS,
      unavailableOptions: API_VERSIONS.filter((v) => !AVAILABLE_API_VERSIONS.includes(v)),
    }),
  ],
};

/** The tab a field id belongs to (`general.platform_name`, `fees.platform.percentage`). */
export function tabOfField(id: string): TSettingsTab | null {
  if (id.startsWith('fees.')) return 'fees';
  if (id.startsWith('crypto.')) return 'cryptocurrencies';
  for (const [tab, fields] of Object.entries(SETTINGS_FIELDS)) {
    if (fields.some((f) => f.id === id)) return tab as TSettingsTab;
  }
  return null;
}

/** What the form holds: text as typed, switches as booleans. */
export type FormValue = string | boolean;
export type Edits = Readonly<Record<string, FormValue>>;

/** A setting as the form shows it. */
export function settingValue(settings: TSystemSettings, f: SettingField): FormValue {
  const value = (settings[f.category] as Record<string, unknown>)[f.key];
  if (f.kind === 'switch') return value === true;
  return value === undefined || value === null ? '' : String(value);
}

/** A typed number as sent: empty or not a number is sent as null, and the server says what it takes. */
const numberOf = (text: string): number | null => {
  const n = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(n) ? null : n;
};

/** The body of PUT /admin/settings: the edited keys whose value differs from the stored one, and their ids. */
export function settingsChanges(
  settings: TSystemSettings,
  edits: Edits,
): { changes: TSettingsChanges; ids: string[] } {
  const changes: TSettingsChanges = {};
  const ids: string[] = [];
  for (const f of Object.values(SETTINGS_FIELDS).flat()) {
    if (!(f.id in edits) || f.notConfigured) continue;
    const edited = edits[f.id]!;
    const stored = settingValue(settings, f);
    if (typeof edited === 'boolean' ? edited === stored : edited.trim() === String(stored).trim()) continue;
    const value =
      typeof edited === 'boolean' ? edited : f.kind === 'number' ? numberOf(edited) : edited.trim();
    const category = changes[f.category] ?? {};
    category[f.key] = value;
    changes[f.category] = category;
    ids.push(f.id);
  }
  return { changes, ids };
}

// ---------------------------------------------------------------------------------------------------------
// Fees & Pricing: the fee structures (admin spec 3 and 7: platform percentage, minimum and maximum; withdrawal
// percentage; processing fixed amount).

export type FeeFieldName = 'percentage' | 'minimumFee' | 'maximumFee' | 'fixedAmount';
export type FeeField = {
  id: string;
  type: TFeeStructure['type'];
  name: FeeFieldName;
  /** Minimum and maximum: empty means no bound (sent as null). */
  optional: boolean;
};
const fee = (type: TFeeStructure['type'], name: FeeFieldName): FeeField => ({
  id: `fees.${type}.${name}`,
  type,
  name,
  optional: name === 'minimumFee' || name === 'maximumFee',
});

export const FEE_FIELDS: Record<TFeeStructure['type'], FeeField[]> = {
  platform: [fee('platform', 'percentage'), fee('platform', 'minimumFee'), fee('platform', 'maximumFee')],
  withdrawal: [fee('withdrawal', 'percentage')],
  processing: [fee('processing', 'fixedAmount')],
};

export const feeValue = (structure: TFeeStructure, f: FeeField): string => structure[f.name] ?? '';

/** One PUT /admin/fees/:type per structure with a changed field, with only the changed fields. */
export function feeChanges(
  structures: readonly TFeeStructure[],
  edits: Edits,
): { type: TFeeStructure['type']; changes: Record<string, string | null>; ids: string[] }[] {
  const out: { type: TFeeStructure['type']; changes: Record<string, string | null>; ids: string[] }[] = [];
  for (const structure of structures) {
    const changes: Record<string, string | null> = {};
    const ids: string[] = [];
    for (const f of FEE_FIELDS[structure.type] ?? []) {
      const edited = edits[f.id];
      if (typeof edited !== 'string') continue;
      const text = edited.trim();
      if (text === feeValue(structure, f)) continue;
      changes[f.name] = f.optional && text === '' ? null : text;
      ids.push(f.id);
    }
    if (ids.length > 0) out.push({ type: structure.type, changes, ids });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The server's messages, in the reader's language when they are the spec's texts.

type Translate = (key: string, options?: Record<string, unknown>) => string;

const NUMBER_FIELDS = Object.values(SETTINGS_FIELDS)
  .flat()
  .filter((f) => f.kind === 'number');

const KNOWN: [string, string][] = [
  [T.platformNameRequired, 'errors.platformNameRequired'],
  [T.emailInvalid, 'errors.emailInvalid'],
  [T.invalidUrl, 'errors.invalidUrl'],
  [T.feePercentageRange, 'errors.feePercentageRange'],
  [T.feeAmountInvalid, 'errors.feeAmountInvalid'],
  [T.feeMaximumBelowMinimum, 'errors.feeMaximumBelowMinimum'],
  [T.apiVersionUnavailable, 'errors.apiVersionUnavailable'],
  [T.smsNotificationsUnavailable, 'errors.smsNotificationsUnavailable'],
];

/**
 * A message of the server (a field's or the reply's) in the reader's language: the spec's texts and the
 * number ranges are translated, anything else is shown as sent. `formatNumber` writes the bounds.
 */
export function serverMessageText(
  message: string,
  t: Translate,
  formatNumber: (n: number) => string,
): string {
  for (const [text, key] of KNOWN) if (message === text) return t(key);
  for (const f of NUMBER_FIELDS) {
    if (f.min !== undefined && f.max !== undefined && message === T.settingNumberRange(f.min, f.max)) {
      return t('errors.numberRange', { min: formatNumber(f.min), max: formatNumber(f.max) });
    }
  }
  return message;
}
