import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbHandle, openPGlite, openPostgres } from '#app/db/connection.ts';
import { migrateTo, migrateToLatest } from '#app/db/migrate.ts';

// Migration 0019 on accounts written under 0018: the role becomes the one source of admin access, is_admin is
// derived from it, and an admin of no role keeps what the spec's client gave it (super_admin).

let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the schema before 0019 is not db/schema.ts's
let db: Kysely<any>;
let dropDatabase: (() => Promise<void>) | null = null;

async function freshDatabase(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPGlite();
  const name = `coinlane_m19_${randomBytes(5).toString('hex')}`;
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

beforeAll(async () => {
  handle = await freshDatabase();
  db = handle.db;
  await migrateTo(db, '0018-payment-chain-details');
  const account = async (id: string, isAdmin: boolean, role: string | null) => {
    await db
      .insertInto('users')
      .values({ id, email: `${id}@example.com`, password_hash: 'x', status: 'active' })
      .execute();
    await db
      .insertInto('user_profiles')
      .values({ id, email: `${id}@example.com`, is_admin: isAdmin, admin_role: role })
      .execute();
  };
  await account('usr_old_admin', true, null);
  await account('usr_finance', true, 'finance_admin');
  await account('usr_stray_role', false, 'support_admin');
  await account('usr_merchant', false, null);
  await migrateToLatest(db);
});
afterAll(async () => {
  await handle?.close();
  await dropDatabase?.();
});

describe('migration 0019', () => {
  it('keeps every admin what it could do, and derives is_admin from the role', async () => {
    const rows = await db
      .selectFrom('user_profiles')
      .select(['id', 'is_admin', 'admin_role'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'usr_finance', is_admin: true, admin_role: 'finance_admin' },
      { id: 'usr_merchant', is_admin: false, admin_role: null },
      { id: 'usr_old_admin', is_admin: true, admin_role: 'super_admin' },
      { id: 'usr_stray_role', is_admin: false, admin_role: null },
    ]);
  });

  it('refuses to set is_admin by hand: only a role makes an admin', async () => {
    await expect(
      db.updateTable('user_profiles').set({ is_admin: true }).where('id', '=', 'usr_merchant').execute(),
    ).rejects.toThrow(/generated|is_admin/i);
    await db
      .updateTable('user_profiles')
      .set({ admin_role: 'support_admin' })
      .where('id', '=', 'usr_merchant')
      .execute();
    const row = await db
      .selectFrom('user_profiles')
      .select('is_admin')
      .where('id', '=', 'usr_merchant')
      .executeTakeFirst();
    expect(row?.is_admin).toBe(true);
  });
});
