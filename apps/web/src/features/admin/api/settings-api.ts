import type {
  TClearCacheResult,
  TFeeStructure,
  TForceLogoutResult,
  TResetRateLimitsResult,
  TUpdateFeeStructureRequest,
} from '@coinlane/core/api/admin';
import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import type { TSettingCategory, TSystemSettings } from '@coinlane/core/system-settings';
import { api } from '../../../lib/api-client.ts';

export const systemSettingsKey = ['admin', 'system-settings'] as const;
export const feeStructuresKey = ['admin', 'fee-structures'] as const;
export const currenciesKey = (mode: 'test' | 'live') => ['admin', 'currencies', mode] as const;

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

/**
 * GET /currencies: the enabled coins and networks (test: every one; live: those with a node connected). There is
 * no admin API for the catalogue yet (adding, enabling, limits, deleting): the tab shows it read-only.
 */
export const fetchCurrencies = (mode: 'test' | 'live', signal?: AbortSignal) =>
  api<TCurrencyOption[]>(`/currencies?mode=${mode}`, { signal });

/** The Danger Zone (system.maintenance): each answers what it did. */
export const forceLogoutAll = () =>
  api<TForceLogoutResult>('/admin/maintenance/force-logout', { method: 'POST' });
export const resetRateLimits = () =>
  api<TResetRateLimitsResult>('/admin/maintenance/reset-rate-limits', { method: 'POST' });
export const clearAllCache = () =>
  api<TClearCacheResult>('/admin/maintenance/clear-cache', { method: 'POST' });
