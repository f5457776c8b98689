import type { TAccountEvent } from '@coinlane/core/account-status';
import type { TAdminUser, TBulkUserActionResult } from '@coinlane/core/api/admin';
import { api } from '../../../lib/api-client.ts';

/**
 * A user row of GET /admin/users. Transaction figures and documents are read only if the server sends them
 * (they come with payments); until then the screens say so instead of inventing numbers.
 */
export type TUserRow = TAdminUser &
  Partial<{
    totalTransactions: number;
    totalVolume: number | string;
    monthlyVolume: number | string;
    documents: string[];
  }>;

export const adminUsersKey = ['admin', 'users'] as const;
export const healthKey = ['admin', 'health'] as const;

export const fetchUsers = (signal?: AbortSignal) => api<TUserRow[]>('/admin/users', { signal });

export const changeUserStatus = (id: string, action: TAccountEvent) =>
  api<TUserRow>(`/admin/users/${encodeURIComponent(id)}/${action}`, { method: 'POST' });

export const bulkChangeUserStatus = (ids: string[], action: TAccountEvent) =>
  api<TBulkUserActionResult>('/admin/users/bulk', { body: { ids, action } });

/** GET /health (see apps/server/src/modules/health/routes.ts). */
export type THealth = {
  status: 'healthy' | 'unhealthy';
  database: { status: 'healthy' | 'unhealthy'; engine: string; responseTime: number; error?: string };
  uptime: number;
  timestamp: string;
};

export const fetchHealth = (signal?: AbortSignal) => api<THealth>('/health', { signal });
