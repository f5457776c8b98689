import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DbHandle, openPGlite, openPostgres } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';

/**
 * A fresh, migrated database for one test file. PGlite (default): a migrated snapshot, made once per run by the
 * global setup (or once per process when run without it), loaded into a new in-memory instance. PostgreSQL
 * (TEST_DATABASE_URL set): CREATE DATABASE ... TEMPLATE of a database migrated once per run by the global setup.
 */
let snapshot: Promise<Blob> | null = null;

/** A new PGlite, migrated, dumped: what every test file's embedded database is loaded from. */
export async function makePgliteSnapshot(): Promise<Blob> {
  const handle = await openPGlite();
  await migrateToLatest(handle.db);
  const blob = await handle.pglite!.dumpDataDir('none');
  await handle.close();
  return blob;
}

async function pgliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const file = process.env.COINLANE_TEST_PGLITE_SNAPSHOT;
    return file ? new Blob([await fs.readFile(file)]) : makePgliteSnapshot();
  })();
  return snapshot;
}

export async function createTestDb(): Promise<DbHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return openPGlite({ loadDataDir: await pgliteSnapshot() });
  const template = process.env.COINLANE_TEST_TEMPLATE_DB;
  if (!template) throw new Error('COINLANE_TEST_TEMPLATE_DB missing: run through vitest (global setup)');
  const name = `coinlane_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 5);
  const close = handle.close;
  return {
    ...handle,
    close: async () => {
      await close();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

export const usingPostgres = () => !!process.env.TEST_DATABASE_URL;
export { PGlite };

/**
 * A write that does not go through the handle's Kysely instance (as psql or a script would make it): only the table's
 * triggers and their notifications can tell the server about it (the read caches, decision 029).
 */
export async function rawWrite(handle: DbHandle, text: string, params: unknown[]): Promise<void> {
  if (handle.pglite) {
    await handle.pglite.query(text, params);
    return;
  }
  const c = new pg.Client({ connectionString: handle.databaseUrl });
  await c.connect();
  try {
    await c.query(text, params);
  } finally {
    await c.end();
  }
}
