import type { TLogLevel } from '@coinlane/core/api/admin-operations';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminWebhooksKey,
  disableWebhookEndpoint,
  fetchAdminWebhooks,
  fetchSystemAlerts,
  fetchSystemHealth,
  fetchSystemLogs,
  resolveSystemAlert,
  retryWebhookDelivery,
  systemAlertsKey,
  systemHealthKey,
  systemLogsKey,
} from '../api/operations-api.ts';

/** Webhook Monitoring's list; its failedCount is the tab's badge (the page shell reads the same query). */
export function useAdminWebhooks() {
  return useQuery({ queryKey: adminWebhooksKey, queryFn: ({ signal }) => fetchAdminWebhooks(signal) });
}

export function useRetryWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryWebhookDelivery(id),
    onSettled: () => qc.invalidateQueries({ queryKey: adminWebhooksKey }),
  });
}

export function useDisableWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => disableWebhookEndpoint(id, reason),
    onSettled: () => qc.invalidateQueries({ queryKey: adminWebhooksKey }),
  });
}

/** System Logs: 50 lines a page, newest first; the next page starts before the last line shown. */
export function useSystemLogs(level: TLogLevel | '') {
  return useInfiniteQuery({
    queryKey: systemLogsKey(level),
    queryFn: ({ pageParam, signal }) => fetchSystemLogs(level, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The Health Monitor (GET /admin/health): the Support page's tab and the dashboard's service panels. */
export function useSystemHealth() {
  return useQuery({
    queryKey: systemHealthKey,
    queryFn: ({ signal }) => fetchSystemHealth(signal),
    refetchInterval: 30_000,
    retry: false,
  });
}

export function useSystemAlerts() {
  return useQuery({ queryKey: systemAlertsKey, queryFn: ({ signal }) => fetchSystemAlerts(signal) });
}

export function useResolveAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => resolveSystemAlert(id),
    onSettled: () => qc.invalidateQueries({ queryKey: systemAlertsKey }),
  });
}
