import { type Kysely, sql } from 'kysely';

/**
 * The public site (landing page, "Talk to Sales"):
 * - contact_requests: what a visitor sent through the landing page's contact form, mailed to the operator
 *   (SALES_EMAIL) and kept for the admins' support screen (admin spec "Support & Operations"). status follows
 *   the support tickets' statuses; mailed_at is set once the operator's mail has gone out (one mail per request).
 * - dev_mail.reply_to: the development outbox shows a mail's Reply-To (the contact form's mails have one).
 * - payments_settled_idx: the landing page's settlement time is measured over recently confirmed live payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contact_requests (
      id text PRIMARY KEY,
      category text NOT NULL DEFAULT 'sales' CHECK (category IN ('sales')),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'in_progress', 'resolved', 'closed')),
      name text NOT NULL,
      email text NOT NULL,
      company text,
      message text NOT NULL,
      ip text,
      user_agent text,
      language text,
      mailed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX contact_requests_created_idx ON contact_requests (created_at DESC);
    CREATE INDEX contact_requests_ip_idx ON contact_requests (ip, created_at);

    ALTER TABLE dev_mail ADD COLUMN reply_to text;

    CREATE INDEX payments_settled_idx ON payments (confirmed_at) WHERE mode = 'live' AND status = 'confirmed';
  `.execute(db);
}
