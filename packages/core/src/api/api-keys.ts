import { z } from 'zod';
import { MODES, type TMode } from '../options.ts';
import { T } from '../texts.ts';

/** API key permissions (merchant spec 6). */
export const API_KEY_PERMISSIONS = ['read', 'write', 'webhook'] as const;
export type TApiKeyPermission = (typeof API_KEY_PERMISSIONS)[number];

/** Label and explanation of each permission, as the spec words them (merchant spec 6). */
export const API_KEY_PERMISSION_INFO: Record<TApiKeyPermission, { label: string; description: string }> = {
  read: { label: 'Read payments', description: 'View payment status and details' },
  write: { label: 'Create payments', description: 'Create new payment links' },
  webhook: { label: 'Manage webhooks', description: 'Create and manage webhook endpoints' },
};

/** Default permission of a new key (merchant spec 5). */
export const API_KEY_DEFAULT_PERMISSIONS: readonly TApiKeyPermission[] = ['read'];
export const API_KEY_NAME_MAX = 100;
/** Keys that may exist at once per merchant and mode (deleted keys do not count). */
export const API_KEY_MAX_PER_MODE = 50;

/**
 * A key is `cl_test_` or `cl_live_` followed by 43 base62 characters (43 * log2(62) = 256.03 bits of randomness).
 * The first characters of the secret are kept as a prefix for display; the rest is never shown again.
 */
export const API_KEY_MODE_PREFIX: Record<TMode, string> = { test: 'cl_test_', live: 'cl_live_' };
export const API_KEY_SECRET_LENGTH = 43;
export const API_KEY_PATTERN = /^cl_(test|live)_[0-9A-Za-z]{43}$/;
/** Characters of the secret shown after the mode prefix in lists (`cl_test_AbCd…••••`). */
export const API_KEY_VISIBLE_CHARS = 4;

/** `cl_test_AbCd` -> `cl_test_AbCd…••••` */
export const maskApiKey = (keyPrefix: string) => `${keyPrefix}…••••`;

const ZName = z
  .string({ error: T.apiKeyNameRequired })
  .trim()
  .min(1, T.apiKeyNameRequired)
  .max(API_KEY_NAME_MAX, T.apiKeyNameTooLong(API_KEY_NAME_MAX))
  .meta({ description: 'A name to recognise the key by.', example: 'Shop backend' });

const ZPermission = z.enum(API_KEY_PERMISSIONS, { error: T.apiKeyPermissionInvalid });

/** A non-empty set of permissions; duplicates are dropped and the order is read, write, webhook. */
const ZPermissions = z
  .array(ZPermission, { error: T.apiKeyPermissionRequired })
  .min(1, T.apiKeyPermissionRequired)
  .max(10, T.apiKeyPermissionInvalid)
  .transform((list) => API_KEY_PERMISSIONS.filter((p) => list.includes(p)))
  .meta({
    description:
      'read: view payment status and details; write: create payments and payment links; webhook: manage webhook endpoints.',
    example: ['read', 'write'],
  });

/** The spec's client sends merchantId: a matching one is accepted and ignored, another one is refused (403). */
const ZMerchantId = z.string().max(100).optional().meta({
  description:
    "Optional. When given it must be the signed-in merchant's id (403 otherwise); a key always belongs to the signed-in merchant.",
});

/** POST /api-keys. */
export const ZCreateApiKeyRequest = z
  .object({
    name: ZName,
    permissions: ZPermissions.default([...API_KEY_DEFAULT_PERMISSIONS]),
    merchantId: ZMerchantId,
  })
  .strict();
export type TCreateApiKeyRequest = z.input<typeof ZCreateApiKeyRequest>;

/** PUT /api-keys/{id}: a new name, new permissions, or both. */
export const ZUpdateApiKeyRequest = z
  .object({ name: ZName.optional(), permissions: ZPermissions.optional(), merchantId: ZMerchantId })
  .strict()
  .refine((v) => v.name !== undefined || v.permissions !== undefined, { message: T.apiKeyNothingToUpdate });
export type TUpdateApiKeyRequest = z.input<typeof ZUpdateApiKeyRequest>;

export const ZApiKeyParams = z.object({
  id: z.string().min(1).max(100).meta({ description: 'The key id (key_...).', example: 'key_3x7...' }),
});

/** A key as listed: never the secret, only its prefix and a masked tail. */
export const ZApiKey = z.object({
  id: z.string().meta({ example: 'key_mfrgg2lomfzgk4tfmvzgk3tpnzsa' }),
  name: z.string(),
  mode: z.enum(MODES),
  keyPrefix: z
    .string()
    .meta({ description: 'Mode prefix and the first characters of the key.', example: 'cl_test_AbCd' }),
  maskedKey: z.string().meta({ example: 'cl_test_AbCd…••••' }),
  permissions: z.array(ZPermission),
  status: z.enum(['active', 'expired']),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable().meta({ description: 'Null when the key never expires.' }),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The reply of create and rotate: the full key, shown this once. */
export const ZCreatedApiKey = ZApiKey.extend({
  key: z.string().meta({
    description: 'The full secret key. It is shown only in this reply: store it now.',
    example: 'cl_test_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg',
  }),
});
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

export const ZApiKeyList = z.array(ZApiKey);
export type TApiKeyList = z.infer<typeof ZApiKeyList>;

export const ZDeletedApiKey = z.object({ id: z.string(), deleted: z.literal(true) });
export type TDeletedApiKey = z.infer<typeof ZDeletedApiKey>;

/** POST /api-keys/revoke-all and POST /auth/revoke-api-keys: every key of the account, both modes, revoked. */
export const ZRevokedAllApiKeys = z.object({ revoked: z.number().int().min(0), message: z.string() });
export type TRevokedAllApiKeys = z.infer<typeof ZRevokedAllApiKeys>;
export const ZRevokeApiKeysByLinkRequest = z.object({ token: z.string().min(1).max(200) });
