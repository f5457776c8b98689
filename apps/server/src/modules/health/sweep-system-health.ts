import type { TSystemHealth } from '@coinlane/core/api/admin-operations';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { SYSTEM_ALERT_KINDS } from '#app/modules/system-alerts/alert-kinds.ts';
import { raiseSystemAlert } from '#app/modules/system-alerts/raise-system-alert.ts';
import { resolveSystemAlertByKey } from '#app/modules/system-alerts/resolve-system-alert.ts';
import { getWebhookHealth } from '#app/modules/webhooks/get-webhook-health.ts';
import { getSystemHealth } from './get-system-health.ts';

/** The webhook failure-rate alert (decision 018): a quarter or more of the last hour's attempts failed... */
export const WEBHOOK_FAILURE_RATE_LIMIT = 0.25;
/** ...out of at least this many attempts (a few failures of a quiet hour are not a trend). */
export const WEBHOOK_FAILURE_MIN_ATTEMPTS = 20;

/** Parts whose failure stops the platform: their alert is critical; the others' an error. */
const CRITICAL = new Set(['database', 'authentication', 'api']);

/**
 * The scheduled health sweep (every minute, scheduler role): runs the Health Monitor's checks and keeps the alerts
 * true to them. A part found unhealthy raises a service_unhealthy alert keyed by its name (one while it stays
 * so); a part found healthy again resolves its alert (as the system). A part that is unknown changes nothing.
 * Then the webhook failure rate of the last hour: 25 % or more failed out of 20 or more attempts raises
 * webhook_failure_rate; below, it is resolved. Returns the health it found.
 */
export async function sweepSystemHealth({
  db,
  config,
  mailer,
  apiUrl,
  now = () => new Date(),
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  apiUrl?: string;
  now?: () => Date;
}): Promise<TSystemHealth> {
  const health = await getSystemHealth({ db, config, mailer, apiUrl, now });
  if (health.database.status !== 'healthy') return health; // nothing can be stored; the next sweep will tell
  const parts = [
    ...health.services.map((s) => ({ name: s.name, status: s.status, error: s.error })),
    { name: 'authentication', status: health.authentication.status, error: health.authentication.error },
  ];
  for (const part of parts) {
    if (part.status === 'unhealthy') {
      await raiseSystemAlert({
        db,
        kind: SYSTEM_ALERT_KINDS.serviceUnhealthy,
        key: part.name,
        level: CRITICAL.has(part.name) ? 'critical' : 'error',
        title: `Service unhealthy: ${part.name}`,
        description: `The health check of ${part.name} failed${part.error ? `: ${part.error}` : ''}. Overall health ${health.overallStatus} (score ${health.overallScore}).`,
      });
    } else if (part.status === 'healthy') {
      await resolveSystemAlertByKey({
        db,
        kind: SYSTEM_ALERT_KINDS.serviceUnhealthy,
        key: part.name,
        now: now(),
      });
    }
  }
  const w = await getWebhookHealth({ db, now: now() });
  if (w.attempts >= WEBHOOK_FAILURE_MIN_ATTEMPTS && w.failureRate >= WEBHOOK_FAILURE_RATE_LIMIT) {
    const percent = Math.round(w.failureRate * 100);
    await raiseSystemAlert({
      db,
      kind: SYSTEM_ALERT_KINDS.webhookFailureRate,
      key: 'all',
      level: 'warning',
      title: `Webhook failure rate ${percent}%`,
      description: `${w.failedAttempts} of the ${w.attempts} webhook attempts of the last hour failed (threshold ${WEBHOOK_FAILURE_RATE_LIMIT * 100}% of at least ${WEBHOOK_FAILURE_MIN_ATTEMPTS}). See Webhook Monitoring.`,
    });
  } else {
    await resolveSystemAlertByKey({
      db,
      kind: SYSTEM_ALERT_KINDS.webhookFailureRate,
      key: 'all',
      now: now(),
    });
  }
  return health;
}
