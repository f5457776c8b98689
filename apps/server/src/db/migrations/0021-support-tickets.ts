import { type Kysely, sql } from 'kysely';

/**
 * Support tickets (admin spec "Support & Operations", issue 16, decision 017):
 * - support_tickets: a merchant's ticket (user_id; its name and e-mail are read from the account) or a visitor's
 *   sales inquiry from the landing page (no user_id; the name, e-mail, company and language the visitor gave, and
 *   the client IP the contact form's hourly limit counts). resolved_at is stamped when set to resolved or closed.
 * - support_ticket_messages: the thread; is_staff marks an administrator's reply (author_id the admin), else the
 *   customer wrote it (author_id the merchant, null for a visitor). mailed_at: its notice mail has gone out.
 * - contact_requests (0015) become sales tickets, each with its message as the first of the thread, under the same
 *   random part of their id (ctr_X -> tkt_X, message tkm_X), mailed_at kept; the table is dropped. A queued
 *   "Talk to Sales" mail job is pointed at its ticket.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE support_tickets (
      id text PRIMARY KEY,
      title text NOT NULL,
      category text NOT NULL CHECK (category IN ('general', 'technical', 'billing', 'account', 'sales')),
      priority text NOT NULL DEFAULT 'normal'
        CHECK (priority IN ('normal', 'medium', 'high', 'urgent', 'critical')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
      user_id text REFERENCES users (id) ON DELETE SET NULL,
      customer_name text,
      customer_email text,
      company text,
      language text,
      ip text,
      user_agent text,
      assigned_to text REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      resolved_at timestamptz,
      CHECK ((status IN ('resolved', 'closed')) = (resolved_at IS NOT NULL))
    );
    CREATE INDEX support_tickets_created_idx ON support_tickets (created_at DESC, id DESC);
    CREATE INDEX support_tickets_user_idx ON support_tickets (user_id, created_at DESC) WHERE user_id IS NOT NULL;
    CREATE INDEX support_tickets_unresolved_idx ON support_tickets (status) WHERE status IN ('open', 'in_progress');
    CREATE INDEX support_tickets_ip_idx ON support_tickets (ip, created_at) WHERE ip IS NOT NULL;

    CREATE TABLE support_ticket_messages (
      id text PRIMARY KEY,
      ticket_id text NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
      author_id text REFERENCES users (id) ON DELETE SET NULL,
      is_staff boolean NOT NULL DEFAULT false,
      body text NOT NULL,
      mailed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX support_ticket_messages_ticket_idx ON support_ticket_messages (ticket_id, created_at, id);
    CREATE INDEX support_ticket_messages_author_idx ON support_ticket_messages (author_id, created_at)
      WHERE author_id IS NOT NULL;

    INSERT INTO support_tickets (id, title, category, priority, status, user_id, customer_name, customer_email,
      company, language, ip, user_agent, created_at, updated_at, resolved_at)
    SELECT 'tkt_' || regexp_replace(id, '^[a-z]+_', ''),
      left(regexp_replace('Sales inquiry from ' || name || coalesce(', ' || company, ''), '\\s+', ' ', 'g'), 150),
      'sales', 'normal', status, NULL, name, email, company, language, ip, user_agent, created_at, updated_at,
      CASE WHEN status IN ('resolved', 'closed') THEN updated_at END
    FROM contact_requests;

    INSERT INTO support_ticket_messages (id, ticket_id, author_id, is_staff, body, mailed_at, created_at)
    SELECT 'tkm_' || regexp_replace(id, '^[a-z]+_', ''), 'tkt_' || regexp_replace(id, '^[a-z]+_', ''), NULL,
      false, message, mailed_at, created_at
    FROM contact_requests;

    UPDATE jobs
    SET payload = jsonb_build_object('ticketId', 'tkt_' || regexp_replace(payload ->> 'requestId', '^[a-z]+_', ''))
    WHERE name = 'contact.sales_mail' AND payload ->> 'requestId' IS NOT NULL;

    DROP TABLE contact_requests;
  `.execute(db);
}
