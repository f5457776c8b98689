import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPGlite, openPostgres } from '#app/db/connection.ts';
import { migrateTo, migrateToLatest } from '#app/db/migrate.ts';

// Migration 0021 on the contact form's messages written under 0020: each becomes a sales ticket with the message
// as the first of its thread, nothing lost, and a mail job still queued follows its ticket.

let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the schema before 0021 is not db/schema.ts's
let db: Kysely<any>;
let dropDatabase: (() => Promise<void>) | null = null;

async function freshDatabase(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPGlite();
  const name = `coinlane_m21_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
  const url = new URL(base);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), 2);
}

const sent = new Date('2026-11-01T10:00:00Z');
const answered = new Date('2026-11-02T09:30:00Z');

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  await migrateTo(db, '0020-account-deletion');
  await db
    .insertInto('contact_requests')
    .values([
      {
        id: 'ctr_mailedandresolved',
        status: 'resolved',
        name: 'Grace  Hopper',
        email: 'grace@example.com',
        company: 'Navy Labs',
        message: 'Volume pricing?\nThanks.',
        ip: '203.0.113.7',
        user_agent: 'Firefox',
        language: 'fr',
        mailed_at: sent,
        created_at: sent,
        updated_at: answered,
      },
      {
        id: 'ctr_stillqueued',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: null,
        message: 'Hello',
        ip: null,
        user_agent: null,
        language: null,
        mailed_at: null,
        created_at: answered,
        updated_at: answered,
      },
    ])
    .execute();
  await db
    .insertInto('jobs')
    .values({
      id: 'contact.sales_mail:ctr_stillqueued',
      name: 'contact.sales_mail',
      payload: JSON.stringify({ requestId: 'ctr_stillqueued' }),
    })
    .execute();
  await migrateToLatest(db);
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
});

describe('migration 0021', () => {
  it('turns every contact request into a sales ticket, its message the first of the thread', async () => {
    const tickets = await db.selectFrom('support_tickets').selectAll().orderBy('id').execute();
    expect(tickets).toEqual([
      {
        id: 'tkt_mailedandresolved',
        title: 'Sales inquiry from Grace Hopper, Navy Labs',
        category: 'sales',
        priority: 'normal',
        status: 'resolved',
        user_id: null,
        customer_name: 'Grace  Hopper',
        customer_email: 'grace@example.com',
        company: 'Navy Labs',
        language: 'fr',
        ip: '203.0.113.7',
        user_agent: 'Firefox',
        assigned_to: null,
        created_at: sent,
        updated_at: answered,
        resolved_at: answered,
      },
      expect.objectContaining({
        id: 'tkt_stillqueued',
        title: 'Sales inquiry from Ada Lovelace',
        status: 'open',
        resolved_at: null,
      }),
    ]);
    const messages = await db.selectFrom('support_ticket_messages').selectAll().orderBy('id').execute();
    expect(messages).toEqual([
      {
        id: 'tkm_mailedandresolved',
        ticket_id: 'tkt_mailedandresolved',
        author_id: null,
        is_staff: false,
        body: 'Volume pricing?\nThanks.',
        mailed_at: sent,
        created_at: sent,
      },
      expect.objectContaining({ id: 'tkm_stillqueued', ticket_id: 'tkt_stillqueued', mailed_at: null }),
    ]);
  });

  it('points a queued Talk to Sales mail at its ticket, and drops contact_requests', async () => {
    const job = await db
      .selectFrom('jobs')
      .select('payload')
      .where('id', '=', 'contact.sales_mail:ctr_stillqueued')
      .executeTakeFirstOrThrow();
    expect(job.payload).toEqual({ ticketId: 'tkt_stillqueued' });
    await expect(db.selectFrom('contact_requests').selectAll().execute()).rejects.toThrow(/contact_requests/);
  });

  it('keeps resolved_at exactly while a ticket is resolved or closed', async () => {
    await expect(
      db
        .updateTable('support_tickets')
        .set({ status: 'open' })
        .where('id', '=', 'tkt_mailedandresolved')
        .execute(),
    ).rejects.toThrow(/check/i);
  });
});
