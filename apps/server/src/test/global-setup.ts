import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';

/** With TEST_DATABASE_URL: one migrated template database per run, dropped at the end. */
export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
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
