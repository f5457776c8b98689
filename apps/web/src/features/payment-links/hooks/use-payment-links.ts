import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth.ts';
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import {
  createPaymentLink,
  fetchCurrencies,
  fetchPaymentAnalytics,
  fetchRates,
  fetchRecentLinks,
} from '../api/payment-links-api.ts';

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Keys under the live-update root, so a payment confirming a link refreshes the list and the figures. */
const linksKey = (mode: string | undefined) => [...LIVE_KEYS.analytics, 'payment-links', mode] as const;

export function useRecentLinks() {
  const { user } = useSession();
  return useQuery({ queryKey: linksKey(user?.mode), queryFn: fetchRecentLinks });
}

export function useLinkAnalytics() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...LIVE_KEYS.analytics, 'payments', user?.mode],
    queryFn: () => fetchPaymentAnalytics(timeZone()),
  });
}

/** The coins and networks links can be created in, in the session's mode (live: only chains with a node). */
export function useCurrencies() {
  const { user } = useSession();
  const mode = user?.mode ?? 'test';
  return useQuery({
    queryKey: ['currencies', mode],
    queryFn: () => fetchCurrencies(mode),
    staleTime: 5 * 60_000,
  });
}

export function useRates(cryptos: readonly string[]) {
  const { user } = useSession();
  return useQuery({
    queryKey: ['exchange-rates', user?.mode, cryptos],
    queryFn: () => fetchRates(cryptos),
    enabled: cryptos.length > 0,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useCreateLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPaymentLink,
    onSuccess: () => void client.invalidateQueries({ queryKey: LIVE_KEYS.analytics }),
  });
}
