import type {
  TAdminWebhookDeliveryList,
  TAdminWebhookDisableResult,
  TAdminWebhookRetryResult,
  TLogLevel,
  TSystemAlert,
  TSystemAlertList,
  TSystemHealth,
  TSystemLogPage,
} from '@coinlane/core/api/admin-operations';
import { api } from '../../../lib/api-client.ts';

/** Support & Operations (decision 018): Webhook Monitoring, System Logs, Health Monitor, System Alerts. */

export const adminWebhooksKey = ['admin', 'webhooks'] as const;
export const systemLogsKey = (level: TLogLevel | '') => ['admin', 'logs', level] as const;
export const systemHealthKey = ['admin', 'system-health'] as const;
export const systemAlertsKey = ['admin', 'alerts'] as const;

export const fetchAdminWebhooks = (signal?: AbortSignal) =>
  api<TAdminWebhookDeliveryList>('/admin/webhooks', { signal });

export const retryWebhookDelivery = (id: string) =>
  api<TAdminWebhookRetryResult>(`/admin/webhooks/${encodeURIComponent(id)}/retry`, { method: 'POST' });

export const disableWebhookEndpoint = (id: string, reason: string) =>
  api<TAdminWebhookDisableResult>(`/admin/webhooks/${encodeURIComponent(id)}/disable`, {
    method: 'POST',
    body: reason.trim() ? { reason: reason.trim() } : {},
  });

export const fetchSystemLogs = (level: TLogLevel | '', before: number | undefined, signal?: AbortSignal) => {
  const q = new URLSearchParams();
  if (level) q.set('level', level);
  if (before) q.set('before', String(before));
  const qs = q.toString();
  return api<TSystemLogPage>(`/admin/logs${qs ? `?${qs}` : ''}`, { signal });
};

export const fetchSystemHealth = (signal?: AbortSignal) => api<TSystemHealth>('/admin/health', { signal });

export const fetchSystemAlerts = (signal?: AbortSignal) => api<TSystemAlertList>('/admin/alerts', { signal });

export const resolveSystemAlert = (id: string) =>
  api<TSystemAlert>(`/admin/alerts/${encodeURIComponent(id)}/resolve`, { method: 'POST' });
