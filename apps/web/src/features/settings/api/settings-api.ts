import type { TRevokedAllApiKeys } from '@coinlane/core/api/api-keys';
import type { TAuthConfig } from '@coinlane/core/api/auth';
import type {
  TMerchantProfile,
  TUpdateProfileRequest,
  TUpdateSettingsRequest,
  TUserSettings,
} from '@coinlane/core/api/settings';
import { api } from '../../../lib/api-client.ts';

export const profileKey = ['merchant', 'profile'] as const;
export const settingsKey = ['settings'] as const;
export const authConfigKey = ['auth', 'config'] as const;

export const fetchProfile = () => api<TMerchantProfile>('/merchant/profile');
export const fetchSettings = () => api<TUserSettings>('/settings');
export const fetchAuthConfig = () => api<TAuthConfig>('/auth/config');

export const updateProfile = (body: TUpdateProfileRequest) =>
  api<TMerchantProfile>('/merchant/profile', { method: 'PUT', body });

export const updateSettings = (body: TUpdateSettingsRequest) =>
  api<TUserSettings>('/settings', { method: 'PUT', body });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return api<{ avatarUrl: string }>('/merchant/avatar', { method: 'POST', form });
}

export const removeAvatar = () => api<unknown>('/merchant/avatar', { method: 'DELETE' });

export type TChangePasswordBody = { currentPassword: string; newPassword: string; confirmPassword: string };
export const changePassword = (body: TChangePasswordBody) =>
  api<{ message?: string }>('/auth/password', { method: 'POST', body });

/** Every API key of the account, in test and live mode, stops working (POST /api-keys/revoke-all). */
export const revokeAllApiKeys = () => api<TRevokedAllApiKeys>('/api-keys/revoke-all', { method: 'POST' });
