import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { Mailer } from '#app/mail/mailer.ts';
import { listAdminContacts } from '#app/modules/admin/list-admin-contacts.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { postToUrl } from '#app/modules/webhooks/send-webhook.ts';
import { assertWebhookTarget } from '#app/modules/webhooks/target-guard.ts';
import { NOTIFY_TOGGLE, type TAlertChannel } from './alert-kinds.ts';
import { alertChatText, alertMail } from './alert-mail.ts';
import { presentAlert } from './present-alert.ts';

/** Slack and Discord calls give up after this long (the merchant webhooks' own timeout is the admin's setting). */
export const ALERT_POST_TIMEOUT_MS = 10_000;

export type AlertDeliveryOutcome = 'sent' | 'skipped';

/**
 * Sends one alert to one channel, as the notification settings say now (a channel turned off, or a kind whose
 * notify_* setting was turned off, since the alert was raised: skipped):
 * - email: to the support e-mail of the settings and every active administrator holding support.read;
 * - slack: POST `{ text }` to the Slack incoming webhook URL; discord: POST `{ content }` to the Discord webhook URL,
 *   each through the merchant webhooks' SSRF guard (https outside development, no private, loopback or link-local
 *   address unless ALLOW_PRIVATE_WEBHOOKS, checked again at connect time; no redirects).
 * Throws when the channel refuses or cannot be reached, so the job queue retries it with backoff.
 */
export async function deliverSystemAlert({
  db,
  config,
  mailer,
  alertId,
  channel,
}: {
  db: Db;
  config: Config;
  mailer: Mailer;
  alertId: string;
  channel: TAlertChannel;
}): Promise<AlertDeliveryOutcome> {
  const row = await db.selectFrom('system_alerts').selectAll().where('id', '=', alertId).executeTakeFirst();
  if (!row) return 'skipped';
  const settings = await getSystemSettings({ db });
  const n = settings.notifications;
  const toggle = NOTIFY_TOGGLE[row.kind];
  if (toggle && n[toggle] === false) return 'skipped';
  const alert = presentAlert(row);
  const platform = settings.general.platform_name || 'Coinlane';
  const url = `${config.appUrl}/admin/support`;
  if (channel === 'email') {
    if (!n.email_notifications) return 'skipped';
    const to = [
      ...new Set([
        settings.general.support_email,
        ...(await listAdminContacts({ db, permission: 'support.read' })),
      ]),
    ]
      .map((a) => a.trim())
      .filter(Boolean);
    if (to.length === 0) return 'skipped';
    await mailer.send({ to: to.join(', '), ...alertMail(alert, platform, url) });
    return 'sent';
  }
  const target = channel === 'slack' ? n.slack_webhook.trim() : n.discord_webhook.trim();
  if (!target) return 'skipped';
  await assertWebhookTarget({ url: target, config });
  const text = alertChatText(alert, platform, url);
  const body = JSON.stringify(channel === 'slack' ? { text } : { content: text.slice(0, 2000) });
  const result = await postToUrl({
    url: target,
    body,
    timeoutMs: ALERT_POST_TIMEOUT_MS,
    allowPrivate: config.allowPrivateWebhooks,
  });
  if (!result.ok) throw new Error(`${channel} webhook: ${result.error ?? `HTTP ${result.statusCode}`}`);
  return 'sent';
}
