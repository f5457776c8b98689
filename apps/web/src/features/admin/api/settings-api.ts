import type {
  TClearCacheResult,
  TFeeStructure,
  TForceLogoutResult,
  TResetRateLimitsResult,
  TUpdateFeeStructureRequest,
} from '@coinlane/core/api/admin';
import type {
  TCreateCryptocurrencyRequest,
  TCryptocurrency,
  TUpdateCryptocurrencyRequest,
} from '@coinlane/core/api/admin-cryptocurrencies';
import type { TSettingCategory, TSystemSettings } from '@coinlane/core/system-settings';
import { api } from '../../../lib/api-client.ts';

export const systemSettingsKey = ['admin', 'system-settings'] as const;
export const feeStructuresKey = ['admin', 'fee-structures'] as const;

/** GET /admin/settings (settings.read): every key, stored over default. */
export const fetchSystemSettings = (signal?: AbortSignal) =>
  api<TSystemSettings>('/admin/settings', { signal });

/**
 * PUT /admin/settings (settings.write): the keys sent change. Values are sent as typed (a number field left
 * empty is sent as null); the server checks each and answers every field it refuses (`error.fields`).
 */
export type TSettingsChanges = Partial<
  Record<TSettingCategory, Record<string, string | number | boolean | null>>
>;
export const saveSystemSettings = (changes: TSettingsChanges) =>
  api<TSystemSettings>('/admin/settings', { method: 'PUT', body: changes });

/** GET /admin/fees (settings.read or settings.fees): platform, withdrawal, processing. */
export const fetchFeeStructures = (signal?: AbortSignal) => api<TFeeStructure[]>('/admin/fees', { signal });

/** PUT /admin/fees/:type (settings.write or settings.fees): only the fields sent change; null drops a bound. */
export const updateFeeStructure = (type: TFeeStructure['type'], changes: TUpdateFeeStructureRequest) =>
  api<TFeeStructure>(`/admin/fees/${type}`, { method: 'PUT', body: changes });

/** Cryptocurrency management (decision 020): settings.read to read, settings.write to change. */
export const cryptocurrenciesKey = ['admin', 'cryptocurrencies'] as const;
export const fetchCryptocurrencies = (signal?: AbortSignal) =>
  api<TCryptocurrency[]>('/admin/cryptocurrencies', { signal });
export const createCryptocurrency = (body: TCreateCryptocurrencyRequest) =>
  api<TCryptocurrency>('/admin/cryptocurrencies', { method: 'POST', body });
/** Only the fields sent change (enabled, min, max and fee from Save Changes). */
export const updateCryptocurrency = (id: string, body: TUpdateCryptocurrencyRequest) =>
  api<TCryptocurrency>(`/admin/cryptocurrencies/${encodeURIComponent(id)}`, { method: 'PUT', body });
export const deleteCryptocurrency = (id: string) =>
  api<{ id: string; deleted: true }>(`/admin/cryptocurrencies/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });

/** The Danger Zone (system.maintenance): each answers what it did. */
export const forceLogoutAll = () =>
  api<TForceLogoutResult>('/admin/maintenance/force-logout', { method: 'POST' });
export const resetRateLimits = () =>
  api<TResetRateLimitsResult>('/admin/maintenance/reset-rate-limits', { method: 'POST' });
export const clearAllCache = () =>
  api<TClearCacheResult>('/admin/maintenance/clear-cache', { method: 'POST' });
