import { z } from 'zod';
import { MODES } from '../options.ts';
import { OVERALL_STATUSES, SERVICE_STATUSES } from '../system-health.ts';
import { T } from '../texts.ts';

/**
 * The back-office's Support & Operations tabs other than the tickets (issue 16, admin spec 2, 3, 7, 9; decision
 * 018): Webhook Monitoring, System Logs, Health Monitor and System Alerts.
 */

// ---- Webhook Monitoring ----

/** Admin spec 9: the latest 50 deliveries. */
export const ADMIN_WEBHOOKS_LIMIT = 50;
/** Admin spec 4: success, failed, pending; a delivery with a next retry also counts as retrying. */
export const ADMIN_WEBHOOK_STATUSES = ['success', 'failed', 'pending'] as const;
export const WEBHOOK_DISABLE_REASON_MAX = 500;

export const ZAdminWebhookDelivery = z.object({
  /** The delivery (`whd_...`): what Retry and Disable act on. */
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  mode: z.enum(MODES),
  merchantId: z.string(),
  /** Business name, else name, else 'Unknown Merchant' (admin spec 7). */
  merchantLabel: z.string(),
  endpointId: z.string(),
  url: z.string(),
  /** When the Coinlane team turned the endpoint off (Disable); null while it is on. */
  endpointDisabledAt: z.string().nullable(),
  status: z.enum(ADMIN_WEBHOOK_STATUSES),
  /** A failed attempt with a next retry planned (admin spec 4). */
  retrying: z.boolean(),
  responseCode: z.number().int().nullable(),
  attempts: z.number().int(),
  lastAttemptAt: z.string().nullable(),
  nextRetryAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminWebhookDelivery = z.infer<typeof ZAdminWebhookDelivery>;

/** GET /admin/webhooks: the latest 50, newest first, and how many of them failed (the tab's badge). */
export const ZAdminWebhookDeliveryList = z.object({
  items: z.array(ZAdminWebhookDelivery),
  failedCount: z.number().int(),
});
export type TAdminWebhookDeliveryList = z.infer<typeof ZAdminWebhookDeliveryList>;

export const ZAdminWebhookParams = z.object({ id: z.string().trim().min(1).max(100) });

/** POST /admin/webhooks/{id}/retry: the attempt made now and the delivery as it now is. */
export const ZAdminWebhookRetryResult = z.object({
  delivery: ZAdminWebhookDelivery,
  attempt: z.object({
    attemptNumber: z.number().int(),
    statusCode: z.number().int().nullable(),
    ok: z.boolean(),
    error: z.string().nullable(),
    durationMs: z.number().int(),
  }),
});
export type TAdminWebhookRetryResult = z.infer<typeof ZAdminWebhookRetryResult>;

/** POST /admin/webhooks/{id}/disable: an optional reason, told to the merchant. */
export const ZAdminWebhookDisableRequest = z
  .object({
    reason: z
      .string({ error: T.webhookDisableReasonTooLong(WEBHOOK_DISABLE_REASON_MAX) })
      .trim()
      .max(WEBHOOK_DISABLE_REASON_MAX, T.webhookDisableReasonTooLong(WEBHOOK_DISABLE_REASON_MAX))
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .strict();
export type TAdminWebhookDisableRequest = z.infer<typeof ZAdminWebhookDisableRequest>;

export const ZAdminWebhookDisableResult = z.object({
  endpointId: z.string(),
  merchantId: z.string(),
  mode: z.enum(MODES),
  url: z.string(),
  disabledAt: z.string(),
  reason: z.string().nullable(),
});
export type TAdminWebhookDisableResult = z.infer<typeof ZAdminWebhookDisableResult>;

// ---- System Logs ----

/** Admin spec 4: the log levels. Only warn and error lines are stored (decision 018). */
export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];
export const STORED_LOG_LEVELS = ['error', 'warn'] as const satisfies readonly TLogLevel[];
/** The process roles that write log lines. */
export const LOG_SERVICES = ['api', 'watcher', 'webhooks', 'scheduler'] as const;
/** Admin spec 9: 50 lines per page. */
export const SYSTEM_LOGS_PAGE = 50;

/** GET /admin/logs. Empty values mean no filter; `before` is the cursor of the next page (a line's id). */
export const ZSystemLogQuery = z
  .object({
    level: z
      .enum([...LOG_LEVELS, ''], { error: T.systemLogLevelInvalid })
      .optional()
      .transform((v) => (v ? v : undefined)),
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(SYSTEM_LOGS_PAGE),
  })
  .strict();
export type TSystemLogQuery = z.infer<typeof ZSystemLogQuery>;

export const ZSystemLogEntry = z.object({
  id: z.number().int(),
  level: z.enum(LOG_LEVELS),
  service: z.string(),
  message: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type TSystemLogEntry = z.infer<typeof ZSystemLogEntry>;

export const ZSystemLogPage = z.object({
  items: z.array(ZSystemLogEntry),
  /** Pass as `before` for the next, older page; null at the end. */
  nextCursor: z.number().int().nullable(),
  /** How long lines are kept (days): the prune job's bound. */
  retentionDays: z.number().int(),
});
export type TSystemLogPage = z.infer<typeof ZSystemLogPage>;

// ---- Health Monitor ----

/** What a check is of, for the screen's label and icon. */
export const HEALTH_CHECK_KINDS = ['api', 'watcher', 'webhooks', 'jobs', 'mail', 'rates'] as const;
export type THealthCheckKind = (typeof HEALTH_CHECK_KINDS)[number];

const ZCheckDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/** One check (admin spec 3, "Health result"): name, status, responseTime, error, details. */
export const ZHealthResult = z.object({
  name: z.string(),
  kind: z.enum(HEALTH_CHECK_KINDS),
  status: z.enum(SERVICE_STATUSES),
  /** Milliseconds the check took; null when it was not run. */
  responseTime: z.number().int().nullable(),
  /** 'Timeout after {n}ms', 'HTTP {status}: {text}', 'Network error' or the check's own reason. */
  error: z.string().nullable(),
  details: ZCheckDetails,
});
export type THealthResult = z.infer<typeof ZHealthResult>;

export const ZCoreCheck = z.object({
  status: z.enum(SERVICE_STATUSES),
  responseTime: z.number().int().nullable(),
  error: z.string().nullable(),
  details: ZCheckDetails,
});

/** GET /admin/health (admin spec 3, "System health"). */
export const ZSystemHealth = z.object({
  overallStatus: z.enum(OVERALL_STATUSES),
  overallScore: z.number().int().min(0).max(100),
  services: z.array(ZHealthResult),
  database: ZCoreCheck,
  authentication: ZCoreCheck,
  timestamp: z.string(),
});
export type TSystemHealth = z.infer<typeof ZSystemHealth>;

// ---- System Alerts ----

export const ALERT_LEVELS = ['critical', 'error', 'warning', 'info'] as const;
export type TAlertLevel = (typeof ALERT_LEVELS)[number];
export const ALERT_STATUSES = ['active', 'resolved'] as const;
/** Admin spec 9: the 10 newest active alerts. */
export const ACTIVE_ALERTS_LIMIT = 10;

export const ZSystemAlert = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  level: z.enum(ALERT_LEVELS),
  status: z.enum(ALERT_STATUSES),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type TSystemAlert = z.infer<typeof ZSystemAlert>;

/** GET /admin/alerts: the 10 newest active alerts and how many are active in all. */
export const ZSystemAlertList = z.object({ items: z.array(ZSystemAlert), activeCount: z.number().int() });
export type TSystemAlertList = z.infer<typeof ZSystemAlertList>;

export const ZSystemAlertParams = z.object({ id: z.string().trim().min(1).max(100) });
