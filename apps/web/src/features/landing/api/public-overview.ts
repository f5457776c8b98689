import type { TPublicOverview } from '@coinlane/core/api/public';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const overviewKey = ['public', 'overview'] as const;

/** The platform's real configuration for the landing page: fee, coins and networks (GET /public/overview). */
export function usePublicOverview() {
  return useQuery({
    queryKey: overviewKey,
    queryFn: () => api<TPublicOverview>('/public/overview', { redirectOn401: false }),
    staleTime: 5 * 60_000,
  });
}
