import type { TAlertLevel, TSystemAlert } from '@coinlane/core/api/admin-operations';
import { randomId } from '@coinlane/core/ids';
import type { Db } from '#app/db/connection.ts';
import { enqueueJob } from '#app/jobs/queue.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { channelsOf, NOTIFY_TOGGLE } from './alert-kinds.ts';
import { presentAlert } from './present-alert.ts';

export const DELIVER_SYSTEM_ALERT_JOB = 'system-alerts.deliver';
const TITLE_MAX = 200;
const DESCRIPTION_MAX = 2000;

/**
 * Raises a system alert for the operators, the one way any module does (the health sweep, the payment lifecycle
 * handlers, the risk rules): stored active, listed on the Health Monitor, and sent to every channel the
 * notification settings turn on (e-mail, Slack, Discord), each by its own job of the queue. One condition raises
 * one alert: while an alert of the same `kind` and `key` is active, nothing is raised and null comes back; once it
 * is resolved, the condition may raise a new one. A kind governed by a notify_* setting that is off is not raised
 * (null). Only writes rows and enqueues jobs, so it may run inside the caller's transaction (a payment's).
 */
export async function raiseSystemAlert({
  db,
  kind,
  key,
  level,
  title,
  description,
  now,
}: {
  db: Db;
  /** One of SYSTEM_ALERT_KINDS (alert-kinds.ts), or a new kind of the caller's. */
  kind: string;
  /** What makes the condition one: a payment id, a check's name. */
  key: string;
  level: TAlertLevel;
  title: string;
  description: string;
  /** The time raised (default: the database's clock, which orders the list; to the microsecond on PostgreSQL, the
   *  millisecond on PGlite, where alerts raised within one millisecond are listed by id). */
  now?: Date;
}): Promise<TSystemAlert | null> {
  const settings = (await getSystemSettings({ db })).notifications;
  const toggle = NOTIFY_TOGGLE[kind];
  if (toggle && settings[toggle] === false) return null;
  const row = await db
    .insertInto('system_alerts')
    .values({
      id: randomId('alr'),
      kind,
      dedupe_key: key.slice(0, 200),
      level,
      title: title.slice(0, TITLE_MAX),
      description: description.slice(0, DESCRIPTION_MAX),
      ...(now ? { created_at: now } : {}),
    })
    .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).where('status', '=', 'active').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  for (const channel of channelsOf(settings)) {
    await enqueueJob({
      db,
      name: DELIVER_SYSTEM_ALERT_JOB,
      payload: { alertId: row.id, channel },
      uniqueKey: `${DELIVER_SYSTEM_ALERT_JOB}:${row.id}:${channel}`,
      maxAttempts: 6,
    });
  }
  return presentAlert(row);
}
