import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { makePgliteSnapshot } from './test-db.ts';

/**
 * One migrated database per run, which every test file's database starts from (test-db.ts):
 * - with TEST_DATABASE_URL, a template database (CREATE DATABASE … TEMPLATE), dropped at the end;
 * - otherwise a PGlite snapshot in a temporary file, removed at the end. Made in each test process instead, it was
 *   made again for every process (a new PGlite, initdb, about 4 s of CPU, and the migrations, about 1 s) before a
 *   file could load it (about 1 s).
 */
export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return pgliteSnapshotFile();
  const name = `coinlane_tpl_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 2);
  await migrateToLatest(handle.db);
  await handle.close();
  process.env.COINLANE_TEST_TEMPLATE_DB = name;
  return async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  };
}

async function pgliteSnapshotFile() {
  const blob = await makePgliteSnapshot();
  const file = path.join(os.tmpdir(), `coinlane-test-pglite-${randomBytes(5).toString('hex')}.tar`);
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  process.env.COINLANE_TEST_PGLITE_SNAPSHOT = file;
  return async () => {
    await fs.rm(file, { force: true });
  };
}
