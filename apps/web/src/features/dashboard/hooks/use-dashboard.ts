import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth.ts';
import { LIVE_KEYS } from '../../../lib/use-live-payments.ts';
import {
  fetchBalances,
  fetchPaymentAnalytics,
  fetchRatesStatus,
  fetchRecentTransactions,
} from '../api/dashboard-api.ts';

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** The dashboard's three reads, under the live-update keys so payments move the figures without reload. */
export function useDashboard() {
  const { user } = useSession();
  const enabled = Boolean(user);
  const analytics = useQuery({
    queryKey: [...LIVE_KEYS.analytics, 'payments', user?.mode],
    queryFn: () => fetchPaymentAnalytics(timeZone()),
    enabled,
  });
  const balances = useQuery({
    queryKey: [...LIVE_KEYS.analytics, 'balances', user?.mode],
    queryFn: fetchBalances,
    enabled,
  });
  const recent = useQuery({
    queryKey: [...LIVE_KEYS.transactions, 'recent', user?.mode],
    queryFn: fetchRecentTransactions,
    enabled,
  });
  // Stale rates are a live-mode concern (test mode prices from built-in tables): asked only in live mode.
  const rates = useQuery({
    queryKey: ['exchange-rates', 'status'],
    queryFn: fetchRatesStatus,
    enabled: enabled && user?.mode === 'live',
    refetchInterval: 60_000,
  });
  return { analytics, balances, recent, rates };
}
