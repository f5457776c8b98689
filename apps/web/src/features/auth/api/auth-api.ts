import type { TRevokedAllApiKeys } from '@coinlane/core/api/api-keys';
import type {
  TAuthConfig,
  TAuthMessageReply,
  TLoginChallenge,
  TLoginRequest,
  TLoginVerifyReply,
  TRegisterRequest,
} from '@coinlane/core/api/auth';
import { api } from '../../../lib/api-client.ts';

// Sign-in calls answer 401 for wrong credentials: that is a form error here, not an expired session.
const guest = { redirectOn401: false } as const;

export const authConfigKey = ['auth', 'config'] as const;
export const fetchAuthConfig = () => api<TAuthConfig>('/auth/config', guest);

export const startLogin = (body: TLoginRequest) => api<TLoginChallenge>('/auth/login', { body, ...guest });

export const verifyLogin = (body: { challengeId: string; code: string }) =>
  api<TLoginVerifyReply>('/auth/login/verify', { body, ...guest });

export const resendLoginCode = (challengeId: string) =>
  api<TLoginChallenge>('/auth/login/resend', { body: { challengeId }, ...guest });

export const register = (body: TRegisterRequest) =>
  api<TAuthMessageReply>('/auth/register', { body, ...guest });

export const confirmEmail = (token: string) =>
  api<TAuthMessageReply>('/auth/confirm-email', { body: { token }, ...guest });

/** The link of the password-reset notice: revokes every API key of its account. */
export const revokeApiKeysByLink = (token: string) =>
  api<TRevokedAllApiKeys>('/auth/revoke-api-keys', { body: { token }, ...guest });

export const requestPasswordReset = (email: string) =>
  api<TAuthMessageReply>('/auth/password-reset', { body: { email }, ...guest });

export const confirmPasswordReset = (body: { token: string; password: string; confirmPassword: string }) =>
  api<TAuthMessageReply>('/auth/password-reset/confirm', { body, ...guest });
