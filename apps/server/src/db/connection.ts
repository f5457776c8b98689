import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { attachNotices, NoticeSender } from './notices.ts';
import { PGlitePool } from './pglite-pool.ts';
import { PreparingClient } from './prepared-statements.ts';
import { attachReadCaches, ReadCaches } from './read-caches.ts';
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
  /** The handle's read caches (read-caches.ts): off until the process listens on the cache channel. */
  readCaches: ReadCaches;
  /** NOTIFYs sent after the writes they announce committed (notices.ts); flushed before the handle closes. */
  notices: NoticeSender;
  close: () => Promise<void>;
};

/** The handle's Kysely instance, with its read caches and the plugin that drops them on a write. */
function kyselyWithCaches(pool: ConstructorParameters<typeof PostgresDialect>[0]['pool']) {
  const readCaches = new ReadCaches();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [readCaches.plugin()] });
  attachReadCaches(db, readCaches);
  const notices = new NoticeSender(db);
  attachNotices(db, notices);
  return { db, readCaches, notices };
}

// int8 (counts, sums of integers) as a JS number on both engines; numeric stays an exact decimal string.
pg.types.setTypeParser(20, (v) => Number(v));
const PGLITE_PARSERS = { 20: (v: string) => Number(v) };

/**
 * The session settings every connection starts with (PostgreSQL's startup `options`, after any the URL gives):
 * `jit=off`. The server's statements are short, and JIT compilation is chosen by the planner's cost estimate, not by
 * what the statement will take: a dashboard statement estimated at millions (a lateral subquery per day of the
 * series) spent 450 ms compiling to run in 5 ms, a deep page 1.4 s (decision 031). node-postgres lets a URL's own
 * `options` override the pool's, so they are joined in the URL itself.
 */
export function withSessionOptions(databaseUrl: string): { connectionString: string; options: string } {
  const jitOff = '-c jit=off';
  try {
    const url = new URL(databaseUrl);
    const options = [url.searchParams.get('options'), jitOff].filter(Boolean).join(' ');
    url.searchParams.set('options', options);
    return { connectionString: url.toString(), options };
  } catch {
    // not a URL (a socket path and database name): it carries no options of its own
    return { connectionString: databaseUrl, options: jitOff };
  }
}

export async function openPostgres(databaseUrl: string, max = 10): Promise<DbHandle> {
  // PreparingClient: the few statements marked PREPARED run as named prepared statements (prepared-statements.ts)
  const pool = new pg.Pool({ ...withSessionOptions(databaseUrl), max, Client: PreparingClient });
  pool.on('error', () => {}); // idle client errors are reported on the next query
  const { db, readCaches, notices } = kyselyWithCaches(pool);
  const close = async () => {
    await notices.flush();
    await db.destroy();
  };
  return { db, engine: 'postgres', pool, databaseUrl, readCaches, notices, close };
}

/** The embedded database's directory is open in another process (PGlite is one process's database). */
export class DatabaseInUseError extends Error {}

/**
 * A process's start time (clock ticks since boot, /proc/<pid>/stat field 22), so a lock is not mistaken for the
 * process that now has a reused pid; null where /proc is not there (then the pid alone decides).
 */
async function startTimeOf(pid: number): Promise<string | null> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // the command name (field 2) is in parentheses and may hold spaces: count the fields after it
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** Whether the process that wrote `holder` ("pid starttime") still runs. */
async function holderRuns(holder: string): Promise<number | null> {
  const [pidText, started] = holder.trim().split(' ');
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  const now = await startTimeOf(pid);
  if (started && now !== null && now !== started) return null; // the pid was reused by another process
  return pid;
}

/**
 * Takes `<dataDir>.lock` ("pid starttime" of this process) for as long as the embedded database is open:
 * PGlite keeps the database in one process's memory, so a second process on the same directory (a second
 * server, or `npm run admin:create` while the server runs) would not see the first one's writes and could
 * corrupt the files. A lock whose process no longer runs (a crash) is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = `${dataDir}.lock`;
  const mine = `${process.pid} ${(await startTimeOf(process.pid)) ?? ''}`.trim();
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await fs.writeFile(file, mine, { flag: 'wx' });
      return async () => {
        const holder = await fs.readFile(file, 'utf8').catch(() => '');
        if (holder.trim() === mine) await fs.rm(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = await holderRuns(await fs.readFile(file, 'utf8').catch(() => ''));
      if (pid !== null) {
        throw new DatabaseInUseError(
          `The embedded database in ${path.dirname(dataDir)} is in use by process ${pid} (a running Coinlane server?). ` +
            `Stop that process first, or run both on PostgreSQL (DATABASE_URL). The lock is ${file}.`,
        );
      }
      await fs.rm(file, { force: true }); // left by a process that stopped without closing
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${path.dirname(dataDir)} (${file})`);
}

export async function openPGlite(
  opts: { dataDir?: string; loadDataDir?: Blob | File } = {},
): Promise<DbHandle> {
  let unlock = async () => {};
  if (opts.dataDir) {
    await fs.mkdir(path.dirname(opts.dataDir), { recursive: true });
    unlock = await lockDataDir(opts.dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
      parsers: PGLITE_PARSERS,
      // The transaction search's trigram index (migration 0044).
      extensions: { pg_trgm, btree_gin },
    });
  } catch (err) {
    await unlock();
    throw err;
  }
  const { db, readCaches, notices } = kyselyWithCaches(new PGlitePool(pglite));
  return {
    db,
    engine: 'pglite',
    pglite,
    readCaches,
    notices,
    close: async () => {
      await notices.flush();
      await db.destroy();
      await unlock();
    },
  };
}

/** PostgreSQL when a URL is given, otherwise the embedded database kept in `<dataDir>/pgdata`. */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DbHandle> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl)
    : openPGlite({ dataDir: path.join(opts.dataDir, 'pgdata') });
}
