import { z } from 'zod';
import {
  BUSINESS_TYPES,
  CONVERSION_CURRENCIES,
  COUNTRIES,
  DEFAULT_CURRENCIES,
  LANGUAGES,
  THEMES,
} from '../options.ts';
import { T } from '../texts.ts';

/** Optional text: trimmed, and an empty value is stored as null (merchant spec 5). */
export const optText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const optUrl = z
  .string()
  .trim()
  .max(2048)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), { message: T.invalidUrl });

export const optEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null));

export const ZMerchantProfile = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  businessName: z.string().nullable(),
  website: z.string().nullable(),
  phone: z.string().nullable(),
  businessType: z.string().nullable(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  postalCode: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  status: z.string(),
  kycStatus: z.string(),
  createdAt: z.string(),
});
export type TMerchantProfile = z.infer<typeof ZMerchantProfile>;

/** PUT /merchant/profile. The e-mail is read-only and refused if sent with another value. */
export const ZUpdateProfileRequest = z
  .object({
    email: z.string().optional(),
    firstName: optText(80),
    lastName: optText(80),
    businessName: optText(160),
    website: optUrl,
    phone: optText(40).refine(
      (v) => v === null || (/^\+?[()\d\s.-]{4,40}$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 4),
      { message: T.phoneInvalid },
    ),
    businessType: optEnum(BUSINESS_TYPES),
    description: optText(2000),
    address: optText(200),
    city: optText(100),
    country: optEnum(COUNTRIES),
    postalCode: optText(20),
  })
  .strict();
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZUserSettings = z.object({
  autoConversionEnabled: z.boolean(),
  conversionCurrency: z.enum(CONVERSION_CURRENCIES),
  emailNotifications: z.boolean(),
  webhookNotifications: z.boolean(),
  paymentAlerts: z.boolean(),
  apiKeyExpiryDays: z.union([z.literal(30), z.literal(60), z.literal(90), z.literal(365), z.literal(-1)]),
  defaultCurrency: z.enum(DEFAULT_CURRENCIES),
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  autoPayoutEnabled: z.boolean(),
});
export type TUserSettings = z.infer<typeof ZUserSettings>;

/** PUT /settings: any subset of the settings. */
export const ZUpdateSettingsRequest = ZUserSettings.partial().strict();
export type TUpdateSettingsRequest = z.infer<typeof ZUpdateSettingsRequest>;

/** POST /merchant/avatar (multipart field `avatar`) and DELETE /merchant/avatar. */
export const ZAvatarResponse = z.object({ avatarUrl: z.string().nullable() });
export type TAvatarResponse = z.infer<typeof ZAvatarResponse>;
