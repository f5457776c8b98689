import type { TAuditPage } from '@coinlane/core/api/audit';
import { api } from '../../../lib/api-client.ts';

/** The Audit Log's filters as the page holds them (empty: no filter). */
export type TAuditFilters = {
  action: string;
  entityType: string;
  entityId: string;
  actor: string;
  from: string;
  to: string;
};

export const EMPTY_AUDIT_FILTERS: TAuditFilters = {
  action: '',
  entityType: '',
  entityId: '',
  actor: '',
  from: '',
  to: '',
};

export const auditKey = (filters: TAuditFilters) => ['admin', 'audit', filters] as const;

/** GET /admin/audit: one page, older than `before` when given. */
export function fetchAudit(filters: TAuditFilters, before: number | null, signal?: AbortSignal) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v.trim()) query.set(k, v.trim());
  if (before !== null) query.set('before', String(before));
  const qs = query.toString();
  return api<TAuditPage>(`/admin/audit${qs ? `?${qs}` : ''}`, { signal });
}
