import type { TPaymentAnalytics } from '@coinlane/core/api/analytics';
import type { TCurrencyOption } from '@coinlane/core/api/currencies';
import type { TCreatePaymentLinkRequest, TPaymentLink } from '@coinlane/core/api/payment-links';
import type { TPagination } from '@coinlane/core/api/payments';
import type { TUserSettings } from '@coinlane/core/api/settings';
import { FIAT_CODES } from '@coinlane/core/currencies';
import { api, apiEnvelope } from '../../../lib/api-client.ts';

/** Recent links shown on the page (merchant spec 9: request limit=10). */
export const RECENT_LINKS = 10;

export const fetchRecentLinks = () =>
  apiEnvelope<{ data: TPaymentLink[]; pagination: TPagination }>(`/payment-links?limit=${RECENT_LINKS}`);

/** The merchant's preferences (GET /settings): the link form starts from its default currency. */
export const fetchPreferences = () => api<TUserSettings>('/settings');

export const fetchCurrencies = (mode: 'test' | 'live') => api<TCurrencyOption[]>(`/currencies?mode=${mode}`);

/** Units of each coin and fiat currency per 1 USD (GET /exchange-rates). */
export async function fetchRates(cryptos: readonly string[]): Promise<Record<string, string>> {
  const codes = [...new Set([...cryptos, ...FIAT_CODES])].join(',');
  return api<Record<string, string>>(`/exchange-rates?base=USD&currencies=${encodeURIComponent(codes)}`);
}

export const createPaymentLink = (body: TCreatePaymentLinkRequest) =>
  api<TPaymentLink>('/payment-links', { method: 'POST', body });

export const fetchPaymentAnalytics = (timeZone: string) =>
  api<TPaymentAnalytics>(`/analytics/payments?timeZone=${encodeURIComponent(timeZone)}`);
