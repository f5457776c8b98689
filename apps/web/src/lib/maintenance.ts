import type { TPublicOverview } from '@coinlane/core/api/public';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Whether the platform is under maintenance (the system setting maintenance_mode, read from GET /public/overview;
 * decision 020): the merchant app shows a banner while it is on. Asked again every 30 s and when the window
 * regains focus, so the banner comes and goes without a reload.
 */
export function useMaintenanceMode(): boolean {
  const overview = useQuery({
    queryKey: ['public', 'overview'],
    queryFn: () => api<TPublicOverview>('/public/overview', { redirectOn401: false }),
    staleTime: 30_000,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });
  return overview.data?.maintenanceMode === true;
}
