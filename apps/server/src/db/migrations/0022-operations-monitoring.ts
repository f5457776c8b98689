import { type Kysely, sql } from 'kysely';

/**
 * The back-office's operations (issue 16, decision 018):
 * - system_logs: the warn and error lines of every process role (api, watcher, webhooks, scheduler), written in
 *   batches by the log stream (modules/system-logs), kept for a bounded time (the prune job).
 * - system_alerts: conditions worth an operator's attention (a part unhealthy, webhook failures, large or failed
 *   transactions, later high-risk transactions and sanctions hits). One active alert per (kind, dedupe_key): a
 *   condition that persists raises one alert, not one per check; resolving it lets the next occurrence raise anew.
 * - webhook_endpoints.disabled_*: Webhook Monitoring's Disable turns a merchant's endpoint off (nothing is sent, the
 *   deliveries wait in order) until the merchant turns it back on from Settings.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE system_logs (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      level text NOT NULL CHECK (level IN ('error', 'warn', 'info', 'debug')),
      service text NOT NULL,
      message text NOT NULL,
      metadata jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX system_logs_created_idx ON system_logs (created_at);
    CREATE INDEX system_logs_level_idx ON system_logs (level, id);

    CREATE TABLE system_alerts (
      id text PRIMARY KEY,
      kind text NOT NULL,
      dedupe_key text NOT NULL,
      level text NOT NULL CHECK (level IN ('critical', 'error', 'warning', 'info')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'resolved')),
      title text NOT NULL,
      description text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      resolved_by text
    );
    CREATE UNIQUE INDEX system_alerts_active_key ON system_alerts (kind, dedupe_key) WHERE status = 'active';
    CREATE INDEX system_alerts_status_idx ON system_alerts (status, created_at DESC);

    ALTER TABLE webhook_endpoints ADD COLUMN disabled_at timestamptz;
    ALTER TABLE webhook_endpoints ADD COLUMN disabled_by text;
    ALTER TABLE webhook_endpoints ADD COLUMN disabled_reason text;
  `.execute(db);
}
