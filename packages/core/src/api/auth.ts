import { z } from 'zod';
import { ACCOUNT_STATUSES, MODES, OTP_LENGTH } from '../options.ts';
import { ADMIN_PERMISSIONS, ADMIN_ROLES } from '../permissions.ts';
import { T } from '../texts.ts';

export const ZEmail = z
  .string({ error: T.emailRequired })
  .trim()
  .min(1, T.emailRequired)
  .max(254, T.emailInvalid)
  .pipe(z.email({ error: T.emailInvalid }))
  .transform((v) => v.toLowerCase());

/** Password rules come from system settings; this builds the schema for the configured policy. */
export type TPasswordPolicy = { minLength: number; requireSpecial: boolean };
export const DEFAULT_PASSWORD_POLICY: TPasswordPolicy = { minLength: 8, requireSpecial: true };
const SPECIAL = /[^A-Za-z0-9]/;

export const passwordSchema = (policy: TPasswordPolicy) =>
  z
    .string({ error: T.passwordRequired })
    .min(1, T.passwordRequired)
    .max(256, 'Password must be at most 256 characters long')
    .refine((v) => v.length >= policy.minLength, { message: T.passwordTooShort(policy.minLength) })
    .refine((v) => !policy.requireSpecial || SPECIAL.test(v), { message: T.passwordNeedsSpecial });

export const registerSchema = (policy: TPasswordPolicy) =>
  z
    .object({
      name: z
        .string({ error: T.nameRequired })
        .trim()
        .min(1, T.nameRequired)
        .max(120, 'Full name is too long'),
      email: ZEmail,
      password: passwordSchema(policy),
      confirmPassword: z.string({ error: T.passwordRequired }).min(1, T.passwordRequired),
    })
    .refine((v) => v.password === v.confirmPassword, {
      message: T.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
export const ZRegisterRequest = registerSchema(DEFAULT_PASSWORD_POLICY);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZConfirmEmailRequest = z.object({ token: z.string().min(1).max(200) });

export const ZLoginRequest = z.object({
  email: ZEmail,
  password: z.string({ error: T.passwordRequired }).min(1, T.passwordRequired).max(256),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZLoginChallenge = z.object({
  challengeId: z.string(),
  email: z.string(),
  expiresAt: z.string(),
  expiresIn: z.number().int(),
  message: z.string(),
});
export type TLoginChallenge = z.infer<typeof ZLoginChallenge>;

export const ZOtpCode = z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), T.otpInvalid);

export const ZLoginVerifyRequest = z.object({ challengeId: z.string().min(1).max(100), code: ZOtpCode });
export const ZLoginResendRequest = z.object({ challengeId: z.string().min(1).max(100) });

export const ZPasswordResetRequest = z.object({ email: ZEmail });
export const resetPasswordConfirmSchema = (policy: TPasswordPolicy) =>
  z
    .object({
      token: z.string().min(1).max(200),
      password: passwordSchema(policy),
      confirmPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, {
      message: T.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
export const ZPasswordResetConfirmRequest = resetPasswordConfirmSchema(DEFAULT_PASSWORD_POLICY);

export const changePasswordSchema = (policy: TPasswordPolicy) =>
  z
    .object({
      currentPassword: z.string().min(1, T.passwordRequired),
      newPassword: passwordSchema(policy),
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: T.passwordsDoNotMatch,
      path: ['confirmPassword'],
    });
export const ZChangePasswordRequest = changePasswordSchema(DEFAULT_PASSWORD_POLICY);

export const ZModeRequest = z.object({ mode: z.enum(MODES) });

export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  mode: z.enum(MODES),
  status: z.enum(ACCOUNT_STATUSES),
  isAdmin: z.boolean(),
  adminRole: z.enum(ADMIN_ROLES).optional(),
  permissions: z.array(z.enum(ADMIN_PERMISSIONS)).optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

/** Public auth configuration the sign-up form needs (password policy, registration open). */
export const ZAuthConfig = z.object({
  registrationEnabled: z.boolean(),
  passwordMinLength: z.number().int(),
  passwordRequireSpecial: z.boolean(),
  otpTtlSeconds: z.number().int(),
});
export type TAuthConfig = z.infer<typeof ZAuthConfig>;

/** Replies of the auth routes that carry only a message (register, confirm, reset, change password, logout). */
export const ZAuthMessageReply = z.object({ message: z.string() });
export type TAuthMessageReply = z.infer<typeof ZAuthMessageReply>;

/** GET /auth/session and POST /auth/mode. */
export const ZSessionReply = z.object({ user: ZSessionUser });
export type TSessionReply = z.infer<typeof ZSessionReply>;
/** GET /auth/current-user: the signed-in user, or null for a guest (a guest is not an error). */
export const ZCurrentUserReply = z.object({ user: ZSessionUser.nullable() });
export type TCurrentUserReply = z.infer<typeof ZCurrentUserReply>;

/** POST /auth/login/verify: the signed-in user (the session itself travels in an httpOnly cookie). */
export const ZLoginVerifyReply = z.object({ user: ZSessionUser, message: z.string() });
export type TLoginVerifyReply = z.infer<typeof ZLoginVerifyReply>;
