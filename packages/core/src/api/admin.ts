import { z } from 'zod';
import { ACCOUNT_EVENTS } from '../account-status.ts';
import { ACCOUNT_STATUSES, BUSINESS_TYPES, COUNTRIES, KYC_STATUSES } from '../options.ts';
import { ADMIN_ROLES } from '../permissions.ts';
import {
  API_VERSIONS,
  AVAILABLE_API_VERSIONS,
  SETTING_NUMBER_LIMITS,
  SETTING_TEXT_LIMITS,
  type TNumberSettingKey,
  type TSystemSettings,
} from '../system-settings.ts';
import { T } from '../texts.ts';
import { optEnum, optText } from './settings.ts';

// ---------------------------------------------------------------------------------------------------------
// User management (admin spec sections 2, 3, 4)

export const ZAdminUser = z.object({
  id: z.string(),
  /** Display name: business name, else first and last name, else the e-mail (admin spec 3). */
  name: z.string(),
  email: z.string(),
  businessName: z.string().nullable(),
  businessType: z.string().nullable(),
  country: z.string().nullable(),
  status: z.enum(ACCOUNT_STATUSES),
  kycStatus: z.enum(KYC_STATUSES),
  isAdmin: z.boolean(),
  adminRole: z.enum(ADMIN_ROLES).nullable(),
  riskScore: z.number().int(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  totalTransactions: z
    .number()
    .int()
    .meta({ description: 'Live payments of every status (test mode left out).' }),
  totalVolume: z.string().meta({
    description: 'USD of the confirmed money of confirmed live payments, at each payment’s locked rate.',
    example: '1250.00',
  }),
  monthlyVolume: z.string().meta({
    description: 'The same for payments confirmed in the current calendar month (UTC).',
    example: '310.50',
  }),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/**
 * PUT /admin/users/:id (users.write; admin.manage for an administrator's account): the details an admin may
 * edit. A field left out is kept; an empty one is cleared. Limits as the merchant's own settings.
 */
export const ZUpdateAdminUserRequest = z
  .object({
    firstName: optText(80).optional(),
    lastName: optText(80).optional(),
    businessName: optText(160).optional(),
    businessType: optEnum(BUSINESS_TYPES).optional(),
    country: optEnum(COUNTRIES).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: T.adminEditNothing });
export type TUpdateAdminUserRequest = z.infer<typeof ZUpdateAdminUserRequest>;

/** PUT /admin/users/:id/role (admin.manage): one of the four roles, or null to make the account a merchant. */
export const ZSetAdminRoleRequest = z.object({ role: z.enum(ADMIN_ROLES).nullable() }).strict();
export type TSetAdminRoleRequest = z.infer<typeof ZSetAdminRoleRequest>;

export const ZAdminUserList = z.array(ZAdminUser);

export const ZUserIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** POST /admin/users/bulk. Every id must exist; rows not in the action's starting state are skipped. */
export const ZBulkUserActionRequest = z
  .object({
    ids: z.array(z.string().trim().min(1).max(100)).min(1, 'Select at least one user').max(1000),
    action: z.enum(ACCOUNT_EVENTS),
  })
  .strict();
export type TBulkUserActionRequest = z.infer<typeof ZBulkUserActionRequest>;

export const ZBulkUserActionResult = z.object({
  action: z.enum(ACCOUNT_EVENTS),
  /** The users changed, as they are now. */
  updated: z.array(ZAdminUser),
  /** Users left as they were, with the reason. */
  skipped: z.array(z.object({ id: z.string(), status: z.enum(ACCOUNT_STATUSES), reason: z.string() })),
});
export type TBulkUserActionResult = z.infer<typeof ZBulkUserActionResult>;

// ---------------------------------------------------------------------------------------------------------
// System settings (admin spec sections 3 and 9). Replies carry every key; an update sends any subset.

/** GET /admin/settings: every key with its current value (stored over default). */
export const ZSystemSettings = z.object({
  general: z.object({
    platform_name: z.string(),
    support_email: z.string(),
    maintenance_mode: z.boolean(),
    registration_enabled: z.boolean(),
    kyc_required: z.boolean(),
    max_daily_transactions: z.number(),
  }),
  security: z.object({
    session_timeout: z.number(),
    max_login_attempts: z.number(),
    lockout_duration: z.number(),
    password_min_length: z.number(),
    password_require_special: z.boolean(),
  }),
  notifications: z.object({
    email_notifications: z.boolean(),
    sms_notifications: z.boolean(),
    slack_webhook: z.string(),
    discord_webhook: z.string(),
    notify_high_risk_transactions: z.boolean(),
    notify_failed_transactions: z.boolean(),
    notify_large_transactions: z.boolean(),
    large_transaction_threshold: z.number(),
  }),
  api: z.object({
    rate_limit_per_minute: z.number(),
    rate_limit_per_hour: z.number(),
    webhook_timeout: z.number(),
    webhook_retries: z.number(),
    api_version: z.string(),
  }),
});

const flag = z.boolean();
/** A whole number within the setting's bounds; any failure (not a number, a fraction, out of range) says so. */
const count = (key: TNumberSettingKey) => {
  const { min, max } = SETTING_NUMBER_LIMITS[key];
  const message = T.settingNumberRange(min, max);
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};
const webhookUrl = z
  .string({ error: T.invalidUrl })
  .trim()
  .max(SETTING_TEXT_LIMITS.slack_webhook, T.invalidUrl)
  .refine((v) => v === '' || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(v), { message: T.invalidUrl });

/** PUT /admin/settings: any categories, any keys of each, each checked for its type; unknown keys are refused. */
export const ZUpdateSystemSettingsRequest = z
  .object({
    general: z
      .object({
        platform_name: z
          .string({ error: T.platformNameRequired })
          .trim()
          .min(1, T.platformNameRequired)
          .max(SETTING_TEXT_LIMITS.platform_name),
        support_email: z
          .string({ error: T.emailInvalid })
          .trim()
          .max(SETTING_TEXT_LIMITS.support_email, T.emailInvalid)
          .pipe(z.email({ error: T.emailInvalid })),
        maintenance_mode: flag,
        registration_enabled: flag,
        kyc_required: flag,
        max_daily_transactions: count('max_daily_transactions'),
      })
      .partial()
      .strict()
      .optional(),
    security: z
      .object({
        session_timeout: count('session_timeout'),
        max_login_attempts: count('max_login_attempts'),
        lockout_duration: count('lockout_duration'),
        password_min_length: count('password_min_length'),
        password_require_special: flag,
      })
      .partial()
      .strict()
      .optional(),
    notifications: z
      .object({
        email_notifications: flag,
        // No SMS provider exists (decision 018): turning SMS on would promise alerts nobody sends. Off is accepted.
        sms_notifications: flag.refine((on) => !on, T.smsNotificationsUnavailable),
        slack_webhook: webhookUrl,
        discord_webhook: webhookUrl,
        notify_high_risk_transactions: flag,
        notify_failed_transactions: flag,
        notify_large_transactions: flag,
        large_transaction_threshold: count('large_transaction_threshold'),
      })
      .partial()
      .strict()
      .optional(),
    api: z
      .object({
        rate_limit_per_minute: count('rate_limit_per_minute'),
        rate_limit_per_hour: count('rate_limit_per_hour'),
        webhook_timeout: count('webhook_timeout'),
        webhook_retries: count('webhook_retries'),
        api_version: z
          .enum(API_VERSIONS)
          .refine((v) => AVAILABLE_API_VERSIONS.includes(v), T.apiVersionUnavailable),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type TUpdateSystemSettingsRequest = z.infer<typeof ZUpdateSystemSettingsRequest>;

// Both schemas and the defaults table describe the same keys, with compatible types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Keys<S> = { [C in keyof S]-?: keyof NonNullable<S[C]> };
type TUpdate = TUpdateSystemSettingsRequest;
const schemasMatchDefaults: Same<Keys<z.infer<typeof ZSystemSettings>>, Keys<TSystemSettings>> &
  Same<Keys<TUpdate>, Keys<TSystemSettings>> &
  Same<z.infer<typeof ZSystemSettings>, TSystemSettings> &
  ({ [C in keyof TUpdate]-?: Required<NonNullable<TUpdate[C]>> } extends TSystemSettings ? true : false) =
  true;
void schemasMatchDefaults;

// ---------------------------------------------------------------------------------------------------------
// Fee structures (admin spec sections 3 and 5: fee_structures). The platform row is the fee recorded on every
// confirmed payment and the one the landing page states.

export const FEE_STRUCTURE_TYPES = ['platform', 'withdrawal', 'processing'] as const;

export const ZFeeStructure = z.object({
  type: z.enum(FEE_STRUCTURE_TYPES),
  /** Percent, exact decimal string. */
  percentage: z.string(),
  /** USD decimal strings; null: no bound. */
  minimumFee: z.string().nullable(),
  maximumFee: z.string().nullable(),
  fixedAmount: z.string(),
  currency: z.string(),
  updatedAt: z.string(),
});
export type TFeeStructure = z.infer<typeof ZFeeStructure>;
export const ZFeeStructureList = z.array(ZFeeStructure);

export const ZFeeTypeParams = z.object({ type: z.enum(FEE_STRUCTURE_TYPES) });

const feeAmount = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, message);

/** PUT /admin/fees/{type}: any of the fields; null removes a minimum or maximum. */
export const ZUpdateFeeStructureRequest = z
  .object({
    percentage: z
      .string({ error: T.feePercentageRange })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,6})?$/, T.feePercentageRange)
      .refine((v) => Number(v) <= 100, T.feePercentageRange),
    minimumFee: feeAmount(T.feeAmountInvalid).nullable(),
    maximumFee: feeAmount(T.feeAmountInvalid).nullable(),
    fixedAmount: feeAmount(T.feeAmountInvalid),
  })
  .partial()
  .strict();
export type TUpdateFeeStructureRequest = z.infer<typeof ZUpdateFeeStructureRequest>;

// ---------------------------------------------------------------------------------------------------------
// Danger Zone (admin spec 2: system.maintenance). Each action answers what it did.

/** POST /admin/maintenance/force-logout: every session but the caller's own ended. */
export const ZForceLogoutResult = z.object({
  sessionsEnded: z.number().int().meta({ description: 'Sessions ended (the caller’s own is kept).' }),
  /** Sign-ins under way (a code mailed, not yet entered) that were cancelled as well. */
  signInsCancelled: z.number().int(),
});
export type TForceLogoutResult = z.infer<typeof ZForceLogoutResult>;

/** POST /admin/maintenance/reset-rate-limits: the request counters of this server process emptied. */
export const ZResetRateLimitsResult = z.object({
  countersCleared: z
    .number()
    .int()
    .meta({ description: 'Counters (one per client and limit) that were dropped.' }),
});
export type TResetRateLimitsResult = z.infer<typeof ZResetRateLimitsResult>;

/** The in-process caches a server has; each is named by this id in the reply of clear-cache. */
export const PROCESS_CACHES = [
  'api_rate_limit_settings',
  'settlement_figures',
  'forwarder_factories',
  'api_keys',
  'system_settings',
  'cryptocurrencies',
  'exchange_rates',
  'platform_fee',
] as const;
export type TProcessCache = (typeof PROCESS_CACHES)[number];

/**
 * POST /admin/maintenance/clear-cache: every in-process cache emptied; the counts are the answering process's, and
 * every other process is told to empty its own.
 */
export const ZClearCacheResult = z.object({
  caches: z.array(
    z.object({
      name: z.enum(PROCESS_CACHES),
      entriesCleared: z.number().int(),
    }),
  ),
});
export type TClearCacheResult = z.infer<typeof ZClearCacheResult>;
