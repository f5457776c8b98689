import { type Kysely, sql } from 'kysely';

/**
 * Merchant mails about payments (modules/notifications, docs/decisions/014-merchant-notifications.md):
 * - outbox_events.mails_dispatched_at marks the events the payment-mail dispatcher has read (like
 *   webhooks_dispatched_at). Events written before this migration are marked read: merchants get no mails
 *   about their past payments.
 * - payment_mails: one row per payment, kind and round, written when the event that calls for the mail is read;
 *   it makes the mail go out once (a job that runs again finds it sent) and says what became of it.
 *   round: how many reversals the payment had before the event, so a payment a reorganisation reversed and that
 *   confirms again gets a new "confirmed" mail.
 * - The merchant's reversal mail was a job of its own (payments.reversed_mail); queued ones become payment mails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE outbox_events ADD COLUMN mails_dispatched_at timestamptz;
    UPDATE outbox_events SET mails_dispatched_at = created_at;
    CREATE INDEX outbox_events_mails_due_idx ON outbox_events (seq) WHERE mails_dispatched_at IS NULL;

    CREATE TABLE payment_mails (
      payment_id text NOT NULL REFERENCES payments (id),
      kind text NOT NULL CHECK (kind IN ('confirmed', 'late', 'underpaid', 'overpaid', 'reversed')),
      round integer NOT NULL DEFAULT 0 CHECK (round >= 0),
      user_id text NOT NULL REFERENCES users (id),
      mode text NOT NULL CHECK (mode IN ('test', 'live')),
      -- The outbox event whose payment snapshot the mail describes (null for a mail queued before 0016).
      event_id text,
      state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'skipped')),
      -- Why a mail was not sent: email_notifications_off, payment_alerts_off, in_confirmed_mail, no_account.
      skip_reason text,
      claimed_at timestamptz,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (payment_id, kind, round)
    );
    CREATE INDEX payment_mails_owner_idx ON payment_mails (user_id, created_at);

    INSERT INTO payment_mails (payment_id, kind, round, user_id, mode)
      SELECT payload->>'paymentId', 'reversed', 0, payload->>'userId', payload->>'mode'
      FROM jobs
      WHERE name = 'payments.reversed_mail' AND state IN ('queued', 'running')
        AND payload->>'paymentId' IN (SELECT id FROM payments)
      ON CONFLICT DO NOTHING;
    UPDATE jobs SET
      name = 'notifications.payment_mail',
      payload = jsonb_build_object('paymentId', payload->>'paymentId', 'kind', 'reversed', 'round', 0),
      state = 'queued', locked_by = NULL, locked_until = NULL, attempts = 0
    WHERE name = 'payments.reversed_mail' AND state IN ('queued', 'running');
  `.execute(db);
}
