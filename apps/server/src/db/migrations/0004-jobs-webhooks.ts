import { type Kysely, sql } from 'kysely';

/**
 * The job queue and webhooks. Runs unchanged on PGlite (PostgreSQL 18) and PostgreSQL 15+.
 *
 * jobs: taken with FOR UPDATE SKIP LOCKED; a running job holds a lease (locked_until) that its worker
 * extends while it runs, so a job of a crashed process is taken again once the lease has passed.
 * `unique_key` allows one queued-or-running job per key (one delivery worker per webhook endpoint);
 * scheduled runs use a deterministic id (`<name>@<slot start>`), so two instances cannot both run a slot.
 *
 * outbox_events.webhooks_dispatched_at marks the events the webhook dispatcher has turned into deliveries:
 * marking rows (not a seq cursor) never skips an event whose transaction commits after a later seq's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id text PRIMARY KEY,
      name text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}'::jsonb,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'completed', 'dead')),
      unique_key text,
      run_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts >= 1),
      locked_by text,
      locked_until timestamptz,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX jobs_queued_idx ON jobs (run_at) WHERE state = 'queued';
    CREATE INDEX jobs_running_idx ON jobs (locked_until) WHERE state = 'running';
    CREATE INDEX jobs_finished_idx ON jobs (state, updated_at) WHERE state IN ('completed', 'dead');
    CREATE UNIQUE INDEX jobs_unique_key_active ON jobs (unique_key)
      WHERE unique_key IS NOT NULL AND state IN ('queued', 'running');

    CREATE TABLE webhook_endpoints (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2048),
      events jsonb NOT NULL CHECK (jsonb_typeof(events) = 'array'),
      secret_sealed text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      secret_rotated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, mode)
    );

    CREATE TABLE webhook_deliveries (
      id text PRIMARY KEY,
      seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
      endpoint_id text NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
      user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      event_id text NOT NULL,
      event_type text NOT NULL,
      event_created_at timestamptz NOT NULL,
      body text NOT NULL,
      state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'retrying', 'failed')),
      auto_attempts integer NOT NULL DEFAULT 0,
      attempts integer NOT NULL DEFAULT 0,
      last_status_code integer,
      last_attempt_at timestamptz,
      next_attempt_at timestamptz,
      delivered_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (endpoint_id, event_id)
    );
    CREATE INDEX webhook_deliveries_owner_idx ON webhook_deliveries (user_id, mode, seq);
    CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (user_id, mode, event_id);
    CREATE INDEX webhook_deliveries_open_idx ON webhook_deliveries (endpoint_id, seq)
      WHERE state IN ('pending', 'retrying');
    CREATE INDEX webhook_deliveries_recent_idx ON webhook_deliveries (created_at);

    CREATE TABLE webhook_attempts (
      id text PRIMARY KEY,
      delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt_number integer NOT NULL,
      is_resend boolean NOT NULL DEFAULT false,
      url text NOT NULL,
      status_code integer,
      duration_ms integer NOT NULL,
      error text,
      response_excerpt text CHECK (response_excerpt IS NULL OR octet_length(response_excerpt) <= 1024),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, attempt_number);

    ALTER TABLE outbox_events ADD COLUMN webhooks_dispatched_at timestamptz;
    UPDATE outbox_events SET webhooks_dispatched_at = created_at;
    CREATE INDEX outbox_events_webhooks_due_idx ON outbox_events (seq) WHERE webhooks_dispatched_at IS NULL;
  `.execute(db);
}
