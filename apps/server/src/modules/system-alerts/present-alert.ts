import type { TSystemAlert } from '@coinlane/core/api/admin-operations';
import type { Selectable } from 'kysely';
import type { SystemAlertsTable } from '#app/db/schema.ts';

export type SystemAlertRow = Selectable<SystemAlertsTable>;

export const presentAlert = (r: SystemAlertRow): TSystemAlert => ({
  id: r.id,
  kind: r.kind,
  title: r.title,
  description: r.description,
  level: r.level,
  status: r.status,
  createdAt: r.created_at.toISOString(),
  resolvedAt: r.resolved_at ? r.resolved_at.toISOString() : null,
  resolvedBy: r.resolved_by,
});
