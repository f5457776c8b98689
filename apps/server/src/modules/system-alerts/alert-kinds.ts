import type { TSystemSettings } from '@coinlane/core/system-settings';

/**
 * The kinds of system alert, each one condition. Other modules raise theirs through raiseSystemAlert with one of
 * these (high-risk transactions and sanctions hits: the risk engine's).
 */
export const SYSTEM_ALERT_KINDS = {
  /** A part of the system failed its health check (the health sweep); key: the check's name. */
  serviceUnhealthy: 'service_unhealthy',
  /** The share of failed webhook attempts of the last hour is over the threshold (the health sweep); key 'all'. */
  webhookFailureRate: 'webhook_failure_rate',
  /** A live payment confirmed at or above large_transaction_threshold USD; key: the payment id. */
  largeTransaction: 'large_transaction',
  /** A live payment expired or failed; key: the payment id. */
  failedTransaction: 'failed_transaction',
  /** A payment scored high risk (7 or more) by the risk rules; key: the payment id. */
  highRiskTransaction: 'high_risk_transaction',
  /** A payer address found on the sanctions list; key: the payment id (or the address). */
  sanctionsHit: 'sanctions_hit',
} as const;
export type TSystemAlertKind = (typeof SYSTEM_ALERT_KINDS)[keyof typeof SYSTEM_ALERT_KINDS];

type NotifyToggle = keyof Pick<
  TSystemSettings['notifications'],
  'notify_high_risk_transactions' | 'notify_failed_transactions' | 'notify_large_transactions'
>;

/**
 * The notification setting that governs a kind (admin spec 3, notifications): with it off, that kind is neither
 * raised nor sent. A sanctions hit is always raised and sent; the operations kinds (health, webhooks) too.
 */
export const NOTIFY_TOGGLE: Partial<Record<string, NotifyToggle>> = {
  [SYSTEM_ALERT_KINDS.largeTransaction]: 'notify_large_transactions',
  [SYSTEM_ALERT_KINDS.failedTransaction]: 'notify_failed_transactions',
  [SYSTEM_ALERT_KINDS.highRiskTransaction]: 'notify_high_risk_transactions',
};

/** Where alerts go (decision 018): e-mail, a Slack incoming webhook, a Discord webhook. No SMS provider exists. */
export const ALERT_CHANNELS = ['email', 'slack', 'discord'] as const;
export type TAlertChannel = (typeof ALERT_CHANNELS)[number];

/** The channels the notification settings turn on now. */
export function channelsOf(n: TSystemSettings['notifications']): TAlertChannel[] {
  return [
    ...(n.email_notifications ? (['email'] as const) : []),
    ...(n.slack_webhook.trim() ? (['slack'] as const) : []),
    ...(n.discord_webhook.trim() ? (['discord'] as const) : []),
  ];
}
