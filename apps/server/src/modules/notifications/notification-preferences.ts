import { USER_SETTINGS_DEFAULTS } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import type { MailLanguage } from '#app/mail/templates.ts';

/**
 * Which merchant setting governs which message (Settings → Notifications; docs/decisions/014-merchant-notifications.md):
 * - `security`: sign-in codes, e-mail confirmation, password reset and change notices, wallet verification codes.
 *   Always sent: they are answers to what the user just did, or warnings about their account.
 * - `notice`: other account mails (the wallet gap-limit notice). Sent while email_notifications is on.
 * - `payment`: mails about payments (confirmed, late, underpaid, overpaid, reversed; a refund's address given by the
 *   customer, modules/refunds). Sent while
 *   email_notifications (the master switch) and payment_alerts are both on.
 * A refund's address link mailed to the merchant to pass on (an admin or an API key refunded a payment without a
 * customer e-mail; modules/refunds) is sent whatever the toggles, like `security`: the link is nowhere else.
 * webhook_notifications does not govern mail: off, it pauses automatic webhook deliveries (kept, and sent in
 * order when it is on again; modules/webhooks).
 */
export type MailCategory = 'security' | 'notice' | 'payment';

export type NotificationPreferences = {
  userId: string;
  email: string;
  name: string | null;
  emailNotifications: boolean;
  paymentAlerts: boolean;
  webhookNotifications: boolean;
  language: MailLanguage;
};

/** The account's address, name, toggles and language; undefined when the account does not exist. */
export async function getNotificationPreferences(
  db: Db,
  userId: string,
): Promise<NotificationPreferences | undefined> {
  const row = await db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.id', 'users.id')
    .leftJoin('user_settings', 'user_settings.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'user_profiles.name',
      'user_settings.email_notifications',
      'user_settings.payment_alerts',
      'user_settings.webhook_notifications',
      'user_settings.language',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    emailNotifications: row.email_notifications ?? USER_SETTINGS_DEFAULTS.emailNotifications,
    paymentAlerts: row.payment_alerts ?? USER_SETTINGS_DEFAULTS.paymentAlerts,
    webhookNotifications: row.webhook_notifications ?? USER_SETTINGS_DEFAULTS.webhookNotifications,
    language: row.language ?? 'en',
  };
}

/** Why a mail of `category` is not sent to this account now; null when it is sent. */
export function mailRefusal(
  prefs: Pick<NotificationPreferences, 'emailNotifications' | 'paymentAlerts'>,
  category: MailCategory,
): 'email_notifications_off' | 'payment_alerts_off' | null {
  if (category === 'security') return null;
  if (!prefs.emailNotifications) return 'email_notifications_off';
  if (category === 'payment' && !prefs.paymentAlerts) return 'payment_alerts_off';
  return null;
}
