import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlitePool } from './pglite-pool.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
export type DbHandle = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The raw PGlite instance, when embedded (LISTEN/NOTIFY and snapshots use it). */
  pglite?: PGlite;
  /** The pg pool, when on a server. */
  pool?: pg.Pool;
  databaseUrl?: string;
  close: () => Promise<void>;
};

// int8 (counts, sums of integers) as a JS number on both engines; numeric stays an exact decimal string.
pg.types.setTypeParser(20, (v) => Number(v));
const PGLITE_PARSERS = { 20: (v: string) => Number(v) };

export async function openPostgres(databaseUrl: string, max = 10): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max });
  pool.on('error', () => {}); // idle client errors are reported on the next query
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', pool, databaseUrl, close: () => db.destroy() };
}

export async function openPGlite(
  opts: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<DbHandle> {
  if (opts.dataDir) await fs.mkdir(path.dirname(opts.dataDir), { recursive: true });
  const pglite = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers: PGLITE_PARSERS,
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  return { db, engine: 'pglite', pglite, close: () => db.destroy() };
}

/** PostgreSQL when a URL is given, otherwise the embedded database kept in `<dataDir>/pgdata`. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPGlite({ dataDir: path.join(opts.dataDir, 'pgdata') });
}
