import type { TSystemAlert } from '@coinlane/core/api/admin-operations';
import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { presentAlert } from './present-alert.ts';

/**
 * POST /admin/alerts/{id}/resolve: an administrator marks an active alert resolved (stamps resolved_at and
 * resolved_by). Audited (system_alert.resolved). The condition, if it comes back, raises a new alert.
 */
export async function resolveSystemAlert({
  db,
  alertId,
  actor,
  now = new Date(),
}: {
  db: Db;
  alertId: string;
  actor: { id: string; ip: string | null };
  now?: Date;
}): Promise<TSystemAlert> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('system_alerts')
      .selectAll()
      .where('id', '=', alertId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND', { message: T.systemAlertNotFound });
    if (before.status !== 'active')
      throw new AppError('INVALID_STATE', { message: T.systemAlertAlreadyResolved });
    const after = await trx
      .updateTable('system_alerts')
      .set({ status: 'resolved', resolved_at: now, resolved_by: actor.id })
      .where('id', '=', alertId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit({
      db: trx,
      actorId: actor.id,
      actorType: 'admin',
      action: 'system_alert.resolved',
      entityType: 'system_alert',
      entityId: alertId,
      before: { status: before.status, kind: before.kind, title: before.title },
      after: { status: after.status, resolvedAt: now.toISOString() },
      ip: actor.ip,
    });
    return presentAlert(after);
  });
}

/**
 * The system resolves the active alert of a condition that is over (a part healthy again). Audited as the system
 * (system_alert.resolved, actor type system). Returns whether one was resolved.
 */
export async function resolveSystemAlertByKey({
  db,
  kind,
  key,
  now = new Date(),
}: {
  db: Db;
  kind: string;
  key: string;
  now?: Date;
}): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('system_alerts')
      .set({ status: 'resolved', resolved_at: now, resolved_by: null })
      .where('kind', '=', kind)
      .where('dedupe_key', '=', key)
      .where('status', '=', 'active')
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit({
      db: trx,
      actorId: null,
      actorType: 'system',
      action: 'system_alert.resolved',
      entityType: 'system_alert',
      entityId: row.id,
      before: { status: 'active', kind, title: row.title },
      after: { status: 'resolved', resolvedAt: now.toISOString(), reason: 'condition over' },
    });
    return true;
  });
}
