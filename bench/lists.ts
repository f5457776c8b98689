// Lists at a million payments: dashboard, transactions (pages, filters, search), balances, analytics, CSV export.
//
// On a fresh PostgreSQL database (created and dropped here), migrates, then seeds with set-based SQL
// (INSERT ... SELECT FROM generate_series): 1,000 merchants (accounts made like the tests make them), 1,000,000
// payments (one merchant with 200,000 live ones and 20,000 test ones, the rest spread over the other 999, 90 %
// live), spread over a year: statuses (confirmed, some overpaid; expired, some partly or late paid; cancelled;
// pending and partial ones opened in the last minutes), coins on their networks with their decimals and
// confirmations, amounts priced in USD / EUR or in crypto, customer e-mails (column or metadata), descriptions;
// one confirmed transfer per paid payment. Then it starts the real server (apps/server/src/main.ts, its own
// process, ROLES=api) and, signed in as the big merchant and as a small one (live mode, session cookie), times
// N sequential calls of each list endpoint: p50 / p95 / max. Last, the CSV export of every live row of the big
// merchant (200,000): time, bytes, rows, and the server process's RSS (sampled from /proc/<pid>/status every
// 10 ms) before and at its peak.
//
//   npm run bench -- lists [--payments=1000000] [--merchants=1000] [--calls=40] [--explain] [--keep]
//   --explain: prints EXPLAIN (ANALYZE, BUFFERS) of the list queries as the server builds them (big merchant)
//   --keep: leaves the database in place (its name is printed) instead of dropping it
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default postgres://postgres@127.0.0.1:5432/postgres)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { VOLUME_SERIES_DAYS } from '@coinlane/core/api/analytics';
import { addDays, zonedDateTime } from '@coinlane/core/api/transactions';
import { getCryptoCurrency, NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import {
  findMerchantPayments,
  iterateMerchantPayments,
} from '../apps/server/src/modules/payments/find-merchant-payments.ts';
import {
  sumConfirmedByCoin,
  summarizeMerchantPayments,
} from '../apps/server/src/modules/payments/summarize-merchant-payments.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.trunc(value);
};
const PAYMENTS = arg('payments', 1_000_000);
const MERCHANTS = Math.max(2, arg('merchants', 1_000));
const CALLS = arg('calls', 40);
const EXPLAIN = process.argv.includes('--explain');
const KEEP = process.argv.includes('--keep');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The big merchant's share: a fifth of all payments live, a fiftieth in test mode. */
const BIG_LIVE = Math.trunc(PAYMENTS / 5);
const BIG_TEST = Math.trunc(PAYMENTS / 50);
/** Rows seeded per statement (progress is printed after each). */
const CHUNK = 100_000;

const dbUrl = (name: string) => {
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
};
async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Coins as merchants use them, with a USD price for the amounts and a share of the payments (weights sum 100). */
const COINS: { symbol: string; network: TNetworkId; usd: string; weight: number }[] = [
  { symbol: 'USDT', network: 'tron', usd: '1', weight: 25 },
  { symbol: 'USDT', network: 'ethereum', usd: '1', weight: 15 },
  { symbol: 'BTC', network: 'bitcoin', usd: '95000', weight: 20 },
  { symbol: 'ETH', network: 'ethereum', usd: '3500', weight: 12 },
  { symbol: 'USDC', network: 'ethereum', usd: '1', weight: 10 },
  { symbol: 'USDT', network: 'binance-smart-chain', usd: '1', weight: 6 },
  { symbol: 'LTC', network: 'litecoin', usd: '90', weight: 7 },
  { symbol: 'BNB', network: 'binance-smart-chain', usd: '600', weight: 5 },
];
const PRODUCTS = [
  'Pro plan, annual subscription',
  'Basic plan, monthly subscription',
  'Blue hoodie (L)',
  'Wireless headphones',
  'Mechanical keyboard',
  'Consulting hour',
  'Conference ticket',
  'E-book: Rust in practice',
  'Gift card 50',
  'Domain renewal',
  'VPS hosting, 3 months',
  'Coffee beans 1 kg',
  'Donation',
  'Course: Intro to Solidity',
  'Sticker pack',
  'Laptop stand',
  'Game credits 1000',
  'Design review',
  'Newsletter sponsorship',
  'Tip',
];

/** The coins as a VALUES list: lo/hi bounds of a uniform draw, symbol, network, decimals, price, confirmations. */
function coinValues() {
  let lo = 0;
  const rows = COINS.map((c) => {
    const info = getCryptoCurrency(c.symbol, c.network);
    if (!info) throw new Error(`${c.symbol} on ${c.network} is not in the catalogue`);
    const row = `(${lo / 100}, ${(lo + c.weight) / 100}, '${c.symbol}', '${c.network}', ${info.decimals}, ${c.usd}::numeric, ${
      NETWORKS[c.network].requiredConfirmations
    }, ${info.native ? 'NULL' : `'0x' || left(md5('${c.symbol} on ${c.network}'), 40)`})`;
    lo += c.weight;
    return row;
  });
  if (lo !== 100) throw new Error('coin weights must sum to 100');
  return rows.join(',\n');
}

/**
 * One chunk of payments, rows [from, to) of the whole seed. Row i belongs to merchant 0 (the big one) for
 * i < BIG_LIVE + BIG_TEST, else to merchant 1 + (i mod (MERCHANTS - 1)). Randomness from random() after setseed,
 * so a run is repeatable.
 */
function paymentsChunkSql(from: number, to: number) {
  return `
  WITH coins (lo, hi, symbol, network, decimals, price, confs, contract) AS (VALUES ${coinValues()}),
  draws AS (
    SELECT i,
           random() AS r_coin, random() AS r_status, random() AS r_usd, random() AS r_age, random() AS r_fiat,
           random() AS r_mail, random() AS r_desc, random() AS r_mode, random() AS r_exc, random() AS r_min,
           (random() * 200000)::int AS customer, (random() * ${PRODUCTS.length - 1})::int AS product
    FROM generate_series(${from}, ${to - 1}) AS i
  ),
  shaped AS (
    SELECT d.*, c.*, m.user_id,
           CASE WHEN d.i < ${BIG_LIVE} THEN 'live' WHEN d.i < ${BIG_LIVE + BIG_TEST} THEN 'test'
                WHEN d.r_mode < 0.9 THEN 'live' ELSE 'test' END AS mode,
           -- 1 % still open (opened in the last 10 minutes), the rest over the past year
           CASE WHEN d.r_status < 0.01 THEN now() - d.r_age * interval '10 minutes'
                ELSE now() - interval '20 minutes' - d.r_age * interval '365 days' END AS created,
           round((5 + d.r_usd * d.r_usd * 1995)::numeric, 2) AS usd
    FROM draws d
    JOIN coins c ON d.r_coin >= c.lo AND d.r_coin < c.hi
    JOIN bench_merchants m ON m.n = CASE WHEN d.i < ${BIG_LIVE + BIG_TEST} THEN 0
                                         ELSE 1 + (d.i % ${MERCHANTS - 1}) END
  ),
  priced AS (
    SELECT s.*,
           ceil(s.usd / s.price * 10 ^ s.decimals)::numeric(78, 0) AS due,
           CASE WHEN s.r_status < 0.008 THEN 'pending'
                WHEN s.r_status < 0.01 THEN 'partial'
                WHEN s.r_status < 0.75 THEN 'confirmed'
                WHEN s.r_status < 0.97 THEN 'expired'
                ELSE 'failed' END AS status
    FROM shaped s
  ),
  paid AS (
    SELECT p.*,
           CASE WHEN p.status = 'confirmed' AND p.r_exc < 0.03 THEN 'paid_over'
                WHEN p.status = 'expired' AND p.r_exc < 0.12 THEN 'paid_partial'
                WHEN p.status = 'expired' AND p.r_exc < 0.16 THEN 'paid_late'
                ELSE 'none' END AS exception
    FROM priced p
  ),
  amounts AS (
    SELECT p.*,
           CASE WHEN p.exception = 'paid_over' THEN p.due + p.due / 20
                WHEN p.status = 'confirmed' OR p.exception = 'paid_late' THEN p.due
                WHEN p.status = 'partial' OR p.exception = 'paid_partial' THEN greatest(p.due * 2 / 5, 1)
                ELSE 0 END AS received
    FROM paid p
  )
  INSERT INTO payments (
    id, user_id, mode, status, exception, failure_reason, currency, network, decimals, contract_address,
    amount, amount_received, amount_confirmed, amount_late, confirmations, required_confirmations, tx_hash,
    address, fiat_amount, fiat_currency, usd_amount, locked_crypto_rate, locked_fiat_rate, rate_source,
    rate_locked_at, description, customer_email, metadata, expires_at, confirmed_at, created_at, updated_at,
    risk_score, risk_scored_at
  )
  SELECT
    'pay_' || translate(left(md5('payment ' || a.i), 26), '0189', 'wxyz'),
    a.user_id, a.mode, a.status, a.exception,
    CASE WHEN a.status = 'failed' THEN 'cancelled' END,
    a.symbol, a.network, a.decimals, a.contract,
    a.due, a.received,
    -- a partial payment's part is still waiting for its confirmations
    CASE WHEN a.status = 'partial' THEN 0 ELSE a.received END,
    CASE WHEN a.exception = 'paid_late' THEN a.received ELSE 0 END,
    CASE WHEN a.received > 0 AND a.status <> 'partial' THEN a.confs ELSE 0 END,
    a.confs,
    CASE WHEN a.received > 0 THEN md5('tx ' || a.i) || md5('tx2 ' || a.i) END,
    'bench_' || a.network || '_' || a.i,
    CASE WHEN a.r_fiat < 0.7 THEN a.usd WHEN a.r_fiat < 0.8 THEN round(a.usd * 0.92, 2) END,
    CASE WHEN a.r_fiat < 0.7 THEN 'USD' WHEN a.r_fiat < 0.8 THEN 'EUR' END,
    a.usd,
    a.price::text,
    CASE WHEN a.r_fiat < 0.7 THEN '1' WHEN a.r_fiat < 0.8 THEN '0.92' END,
    'coingecko', a.created,
    CASE WHEN a.r_desc < 0.6 THEN 'Order #' || (100000 + a.i)
         WHEN a.r_desc < 0.9 THEN (ARRAY[${PRODUCTS.map((p) => `'${p}'`).join(', ')}])[a.product + 1] END,
    CASE WHEN a.r_mail < 0.7 THEN 'customer' || a.customer || '@example.com' END,
    CASE WHEN a.r_mail >= 0.7 AND a.r_mail < 0.75
         THEN jsonb_build_object('customerEmail', 'buyer' || a.customer || '@example.org', 'orderId', a.i::text)
         ELSE jsonb_build_object('orderId', a.i::text) END,
    -- open payments get a window that outlives the run, so that expiry-on-read changes nothing mid-run
    CASE WHEN a.status IN ('pending', 'partial') THEN now() + interval '3 hours' ELSE a.created + interval '15 minutes' END,
    CASE WHEN a.status = 'confirmed' THEN a.created + (1 + a.r_min * 14) * interval '1 minute' END,
    a.created,
    CASE WHEN a.status = 'confirmed' THEN a.created + (1 + a.r_min * 14) * interval '1 minute'
         WHEN a.status IN ('expired', 'failed') THEN a.created + interval '15 minutes'
         ELSE a.created END,
    1 + (a.r_exc * 10)::int % 5,
    a.created
  FROM amounts a`;
}

/** One transfer per payment that received money, as the watcher records it (confirmed unless still partial). */
const TRANSFERS_SQL = `
  INSERT INTO transfers (id, user_id, mode, payment_id, network, currency, decimals, txid, output_index, address,
    amount, confirmations, status, is_late, block_height, block_hash, seen_at, confirmed_at, created_at, updated_at)
  SELECT 'trf_' || translate(left(md5('transfer ' || p.id), 26), '0189', 'wxyz'),
         p.user_id, p.mode, p.id, p.network, p.currency, p.decimals, p.tx_hash, 0, p.address,
         p.amount_received, p.confirmations,
         CASE WHEN p.amount_confirmed > 0 THEN 'confirmed' ELSE 'pending' END,
         p.exception = 'paid_late',
         CASE WHEN p.amount_confirmed > 0 THEN 800000 + (extract(epoch from p.created_at)::bigint / 600) % 100000 END,
         CASE WHEN p.amount_confirmed > 0 THEN md5('block ' || p.id) || md5('block2 ' || p.id) END,
         CASE WHEN p.exception = 'paid_late' THEN p.created_at + interval '20 minutes' ELSE p.created_at + interval '1 minute' END,
         CASE WHEN p.amount_confirmed > 0 THEN coalesce(p.confirmed_at, p.created_at + interval '30 minutes') END,
         p.created_at, p.updated_at
  FROM payments p
  WHERE p.amount_received > 0`;

type ServerProcess = { base: string; child: ChildProcess; dataDir: string };

async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `coinlane-bench-lists-${port}`);
  // node itself (no shell in between): child.pid is the server's pid, whose RSS is sampled.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Plain http on loopback: the production server accepts it only when told that TLS ends elsewhere.
      TLS_TERMINATED_BY_PROXY: 'true',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      // Production refuses to start without SMTP and a secret key; nothing in this run sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
      APP_SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ROLES: 'api',
      DATA_DIR: dataDir,
      // No price API is reachable: live balances are valued at the payments' locked rates.
      RATES_API_URL: 'http://127.0.0.1:9',
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      API_RATE_LIMIT_PER_HOUR: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become ready in 90 s');
    await sleep(200);
  }
  return { base, child, dataDir };
}

async function stopServer(s: ServerProcess | null) {
  if (!s) return;
  if (s.child.exitCode === null) {
    const exited = new Promise((r) => s.child.once('exit', r));
    s.child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (s.child.exitCode === null) s.child.kill('SIGKILL');
  }
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

const rssOf = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : Number.NaN;
};

async function get(base: string, cookie: string, url: string) {
  const res = await fetch(`${base}${url}`, { headers: { cookie } });
  const text = await res.text();
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

type Timing = { label: string; who: string; sorted: number[]; note: string };

/** `calls` sequential calls of `once` after 3 unmeasured ones; milliseconds, sorted. */
async function time(calls: number, once: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await once();
  const out: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await once();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

/** The cursor a page ending on this row hands on (nextCursor), if the server pages by keyset. */
async function cursorAt(db: pg.Client, userId: string, offset: number) {
  const r = await db.query<{ micros: string; id: string }>(
    `SELECT (extract(epoch FROM created_at) * 1000000)::bigint::text AS micros, id FROM payments
     WHERE user_id = $1 AND mode = 'live' ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
    [userId, offset],
  );
  const row = r.rows[0];
  return row ? `${row.micros}_${row.id}` : null;
}

/** EXPLAIN (ANALYZE, BUFFERS) of every query the list functions send for the big merchant. */
async function explainAll(
  databaseUrl: string,
  userId: string,
  probe: { id: string; email: string; deepCursor: string | null },
) {
  const captured: { label: string; sql: string; parameters: readonly unknown[] }[] = [];
  let label = '';
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (e) => {
      if (e.level === 'query') captured.push({ label, sql: e.query.sql, parameters: e.query.parameters });
    },
  });
  const page = (filter: Parameters<typeof findMerchantPayments>[0]['filter'], offset = 0) =>
    findMerchantPayments({ db, userId, mode: 'live', filter, limit: 25, offset });
  const [micros, ...idParts] = (probe.deepCursor ?? '0_x').split('_');
  const today = zonedDateTime(new Date(), 'Europe/Paris').date;
  const steps: [string, () => Promise<unknown>][] = [
    ['transactions, first page', () => page({})],
    ['transactions, page at offset 150,000', () => page({}, 150_000)],
    [
      'transactions, page after the cursor of row 150,000',
      () =>
        findMerchantPayments({
          db,
          userId,
          mode: 'live',
          filter: {},
          limit: 25,
          after: { micros: micros!, id: idParts.join('_') },
        }),
    ],
    ['status=confirmed', () => page({ statuses: ['confirmed'] })],
    ['status=pending', () => page({ statuses: ['pending', 'partial'] })],
    ['crypto=BTC', () => page({ currency: 'BTC' })],
    ['search id', () => page({ search: probe.id })],
    ['search e-mail', () => page({ search: probe.email })],
    ['search description', () => page({ search: 'hoodie' })],
    [
      'CSV export, first two batches',
      async () => {
        let n = 0;
        for await (const _ of iterateMerchantPayments({ db, userId, mode: 'live', filter: {} })) {
          if (++n === 2) break;
        }
      },
    ],
    [
      'dashboard figures',
      () =>
        summarizeMerchantPayments({
          db,
          userId,
          mode: 'live',
          timeZone: 'Europe/Paris',
          sinceDay: addDays(today, -(VOLUME_SERIES_DAYS - 1)),
        }),
    ],
    ['balances', () => sumConfirmedByCoin({ db, userId, mode: 'live' })],
  ];
  for (const [name, run] of steps) {
    label = name;
    await run();
  }
  await db.destroy();
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    await c.query('SET jit = off'); // as the server's own connections (db/connection.ts, decision 031)
    // Only the reads: the dashboard's figures run in a transaction of their own (begin, set, commit).
    for (const q of captured.filter((c) => /^\s*(select|with)\b/i.test(c.sql))) {
      const plan = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.parameters as unknown[]);
      const lines = plan.rows.map((r) => String(r['QUERY PLAN']));
      console.log(`\n--- ${q.label}: ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}...`);
      console.log(lines.join('\n'));
    }
  } finally {
    await c.end();
  }
}

async function main() {
  const dbName = `coinlane_bench_${randomBytes(4).toString('hex')}`;
  const databaseUrl = dbUrl(dbName);
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  let server: ServerProcess | null = null;
  try {
    const pgVersion = await admin(async (c) => (await c.query('show server_version')).rows[0].server_version);
    console.log(
      `Coinlane lists benchmark: ${PAYMENTS.toLocaleString('en')} payments over ${MERCHANTS} merchants ` +
        `(the big one: ${BIG_LIVE.toLocaleString('en')} live + ${BIG_TEST.toLocaleString('en')} test), ` +
        `${CALLS} calls each; PostgreSQL ${pgVersion}, Node ${process.version}, ${os.cpus().length} CPUs\n` +
        `Fresh database ${dbName}${KEEP ? ' (kept at the end)' : ''}`,
    );

    // 1. Schema and merchants.
    const setup = await openPostgres(databaseUrl, 8);
    await migrateToLatest(setup.db);
    const t0 = performance.now();
    const users: string[] = [];
    for (let i = 0; i < MERCHANTS; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, MERCHANTS - i) }, (_, k) =>
          createUser({ db: setup.db, name: `Merchant ${i + k}`, email: `merchant${i + k}@bench.example` }),
        ),
      );
      users.push(...batch.map((u) => u.id));
    }
    const big = users[0]!;
    const small = users[1]!;
    const session = async (userId: string) =>
      `${SESSION_COOKIE}=${(await createSession({ db: setup.db, userId, mode: 'live', ip: null, userAgent: 'bench' })).token}`;
    const bigCookie = await session(big);
    const smallCookie = await session(small);
    await setup.close();
    console.log(`merchants: ${MERCHANTS} accounts in ${secs(performance.now() - t0)}`);

    // 2. Payments and transfers, set-based.
    const seed = new pg.Client({ connectionString: databaseUrl });
    // Dropping the database at the end ends this connection: not an error to die of (it hid the run's own error).
    seed.on('error', () => {});
    await seed.connect();
    const tSeed = performance.now();
    await seed.query('SET synchronous_commit = off');
    await seed.query('CREATE TEMP TABLE bench_merchants (n int PRIMARY KEY, user_id text NOT NULL)');
    await seed.query(
      'INSERT INTO bench_merchants SELECT n - 1, u FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n)',
      [users],
    );
    await seed.query('SELECT setseed(0.21)');
    // Bulk load as a restore does: the secondary indexes are dropped and built again afterwards (one sorted build
    // each instead of a million insertions into each), and foreign-key triggers are off for this session (the rows
    // reference the merchants made above and the payments just inserted, by construction).
    const indexes = await seed.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
       WHERE i.schemaname = 'public' AND i.tablename IN ('payments', 'transfers')
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    );
    for (const i of indexes.rows) await seed.query(`DROP INDEX ${i.name}`);
    await seed.query(`SET session_replication_role = replica`);
    for (let from = 0; from < PAYMENTS; from += CHUNK) {
      const to = Math.min(PAYMENTS, from + CHUNK);
      const t = performance.now();
      await seed.query(paymentsChunkSql(from, to));
      process.stdout.write(
        `\rpayments: ${to.toLocaleString('en')} (last ${CHUNK.toLocaleString('en')} in ${secs(performance.now() - t)})   `,
      );
    }
    const tTransfers = performance.now();
    const transfers = await seed.query(TRANSFERS_SQL);
    // The merchants' hours, totals and volume (migrations 0041-0043), as their triggers, off in this session, would have
    // kept them; the same statements as the migrations' own for the payments that existed before them (the hours as
    // the rollup job leaves them: each hour in its folded stripe, migration 0046).
    const tRollups = performance.now();
    await seed.query(
      `INSERT INTO payment_usd_hours (user_id, mode, hour, stripe, payments, usd)
       SELECT user_id, mode, date_trunc('hour', created_at, 'UTC'), 64, count(*), sum(usd_amount)
       FROM payments WHERE usd_amount IS NOT NULL GROUP BY 1, 2, 3`,
    );
    await seed.query(
      `INSERT INTO payment_totals
         (user_id, mode, status, currency, decimals, payments, confirmed_cents, kept_units, kept_cents, holding)
       SELECT user_id, mode, status, currency, decimals, count(*),
              sum(div(2 * coalesce(usd_amount, 0) * 100 * amount_confirmed + amount, 2 * amount)),
              coalesce(sum(amount_confirmed - amount_refunded) FILTER (WHERE amount_confirmed > 0), 0),
              coalesce(sum(div(2 * coalesce(usd_amount, 0) * 100 * (amount_confirmed - amount_refunded) + amount,
                               2 * amount)) FILTER (WHERE amount_confirmed > 0), 0),
              count(*) FILTER (WHERE amount_confirmed > 0)
       FROM payments GROUP BY 1, 2, 3, 4, 5`,
    );
    for (const [table, grain] of [
      [
        'payment_volume_slots',
        `to_timestamp(floor(extract(epoch FROM coalesce(confirmed_at, updated_at)) / 900) * 900)`,
      ],
      ['payment_volume_days', `date_trunc('day', coalesce(confirmed_at, updated_at), 'UTC')`],
    ]) {
      await seed.query(
        `INSERT INTO ${table} (user_id, mode, at, payments, cents)
         SELECT user_id, mode, ${grain}, count(*),
                sum(div(2 * coalesce(usd_amount, 0) * 100 * amount_confirmed + amount, 2 * amount))
         FROM payments WHERE status = 'confirmed' GROUP BY 1, 2, 3`,
      );
    }
    console.log(`\nmerchant hours, totals and volume built in ${secs(performance.now() - tRollups)}`);
    await seed.query(`SET session_replication_role = origin`);
    const tIndexes = performance.now();
    await seed.query(`SET maintenance_work_mem = '256MB'`);
    for (const i of indexes.rows) await seed.query(i.def);
    console.log(
      `\npayments seeded in ${secs(tTransfers - tSeed)}; ${transfers.rowCount?.toLocaleString('en')} transfers in ` +
        `${secs(tIndexes - tTransfers)}; ${indexes.rows.length} indexes built again in ${secs(performance.now() - tIndexes)}`,
    );
    // As autovacuum would leave a table that has been written to: statistics and the visibility map.
    const tVacuum = performance.now();
    await seed.query('VACUUM (ANALYZE) payments');
    await seed.query('VACUUM (ANALYZE) transfers');
    await seed.query(
      'ANALYZE payment_usd_hours, payment_totals, payment_totals_log, payment_volume_slots, payment_volume_days, payment_volume_log',
    );
    const sizes = await seed.query<{ rel: string; size: string }>(
      `SELECT c.relname AS rel, pg_size_pretty(pg_total_relation_size(c.oid)) AS size FROM pg_class c
       WHERE c.relname IN ('payments', 'transfers') ORDER BY 1`,
    );
    console.log(
      `VACUUM ANALYZE in ${secs(performance.now() - tVacuum)}; sizes with indexes: ${sizes.rows.map((r) => `${r.rel} ${r.size}`).join(', ')}`,
    );
    const counts = await seed.query<{ user_id: string; n: string }>(
      `SELECT user_id, count(*)::text AS n FROM payments WHERE user_id = ANY($1) AND mode = 'live' GROUP BY 1`,
      [[big, small]],
    );
    const liveOf = (u: string) => Number(counts.rows.find((r) => r.user_id === u)?.n ?? 0);
    // Probes: an id and a customer e-mail of the big merchant, taken from the middle of its list.
    const probe = (
      await seed.query<{ id: string; email: string }>(
        `SELECT id, customer_email AS email FROM payments WHERE user_id = $1 AND mode = 'live'
         AND customer_email IS NOT NULL ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
        [big, Math.trunc(liveOf(big) / 2)],
      )
    ).rows[0]!;
    const smallProbe = (
      await seed.query<{ id: string; email: string }>(
        `SELECT id, customer_email AS email FROM payments WHERE user_id = $1 AND mode = 'live'
         AND customer_email IS NOT NULL ORDER BY created_at DESC OFFSET least(10, $2) LIMIT 1`,
        [small, Math.max(0, Math.trunc(liveOf(small) / 2) - 1)],
      )
    ).rows[0]!;
    const deepOffset = Math.trunc(liveOf(big) * 0.75);
    const deepCursor = await cursorAt(seed, big, deepOffset - 1);
    const smallDeep = Math.trunc(liveOf(small) * 0.75);
    const smallCursor = await cursorAt(seed, small, smallDeep - 1);
    console.log(
      `live rows: big merchant ${liveOf(big).toLocaleString('en')}, small merchant ${liveOf(small)}\n`,
    );

    if (EXPLAIN) {
      console.log('EXPLAIN (ANALYZE, BUFFERS) of the list queries, big merchant, live mode:');
      await explainAll(databaseUrl, big, { ...probe, deepCursor: await cursorAt(seed, big, 149_999) });
      console.log('');
    }

    // 3. The real server, through its HTTP API.
    server = await startServer(databaseUrl);
    const { base } = server;
    // Does this build page by keyset (nextCursor)? Check the bench's cursor against the server's own.
    const firstPage = JSON.parse(await get(base, bigCookie, '/api/v1/transactions?limit=25')) as {
      pagination: { nextCursor?: string | null };
    };
    const keyset = firstPage.pagination.nextCursor !== undefined;
    if (keyset && firstPage.pagination.nextCursor !== (await cursorAt(seed, big, 24))) {
      throw new Error(
        `the server's nextCursor ${firstPage.pagination.nextCursor} is not the bench's cursor format`,
      );
    }
    await seed.end();

    const tz = encodeURIComponent('Europe/Paris');
    const cases = (who: 'big' | 'small') => {
      const p = who === 'big' ? probe : smallProbe;
      const deep = who === 'big' ? deepOffset : smallDeep;
      const cursor = who === 'big' ? deepCursor : smallCursor;
      const deepPage = Math.trunc(deep / 25) + 1;
      const list: [string, string[], string][] = [
        [
          'dashboard (its 4 calls at once)',
          [
            `/api/v1/analytics/payments?timeZone=${tz}`,
            '/api/v1/analytics/balances',
            '/api/v1/transactions?limit=10',
            '/api/v1/exchange-rates/status',
          ],
          '',
        ],
        ['analytics (GET /analytics/payments)', [`/api/v1/analytics/payments?timeZone=${tz}`], ''],
        ['balances (GET /analytics/balances)', ['/api/v1/analytics/balances'], ''],
        ['transactions, first page', ['/api/v1/transactions?page=1&limit=25'], ''],
        [
          `transactions, page ${deepPage} by offset`,
          [`/api/v1/transactions?page=${deepPage}&limit=25`],
          `row ${deep}`,
        ],
      ];
      if (keyset && cursor)
        list.push([
          `transactions, page ${deepPage} by cursor`,
          [`/api/v1/transactions?page=${deepPage}&limit=25&cursor=${encodeURIComponent(cursor)}`],
          `row ${deep}`,
        ]);
      list.push(
        ['filter status=confirmed', ['/api/v1/transactions?limit=25&status=confirmed'], ''],
        ['filter status=pending', ['/api/v1/transactions?limit=25&status=pending'], ''],
        ['filter status=failed', ['/api/v1/transactions?limit=25&status=failed'], ''],
        ['filter crypto=BTC', ['/api/v1/transactions?limit=25&crypto=BTC'], ''],
        [
          'filter status=confirmed + crypto=USDT',
          ['/api/v1/transactions?limit=25&status=confirmed&crypto=USDT'],
          '',
        ],
        ['search id', [`/api/v1/transactions?limit=25&search=${encodeURIComponent(p.id)}`], ''],
        ['search e-mail', [`/api/v1/transactions?limit=25&search=${encodeURIComponent(p.email)}`], ''],
        ['search description (hoodie)', ['/api/v1/transactions?limit=25&search=hoodie'], ''],
        ['search description (Order #1234)', ['/api/v1/transactions?limit=25&search=Order%20%231234'], ''],
      );
      return list;
    };

    const timings: Timing[] = [];
    for (const who of ['big', 'small'] as const) {
      const cookie = who === 'big' ? bigCookie : smallCookie;
      for (const [label, urls, note] of cases(who)) {
        const sorted = await time(CALLS, () => Promise.all(urls.map((u) => get(base, cookie, u))));
        timings.push({ label, who, sorted, note });
        process.stdout.write('.');
      }
    }
    console.log('\n');
    const cell = (v: number) => `${v.toFixed(1)} ms`.padStart(10);
    console.log(
      `${'call'.padEnd(44)} ${'merchant'.padEnd(9)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'max'.padStart(10)}`,
    );
    for (const t of timings) {
      console.log(
        `${t.label.padEnd(44)} ${t.who.padEnd(9)} ${cell(percentile(t.sorted, 50))} ${cell(percentile(t.sorted, 95))} ` +
          `${cell(t.sorted[t.sorted.length - 1]!)}${t.note ? `   (${t.note})` : ''}`,
      );
    }

    // 4. The CSV export of every live row of the big merchant: time, size, and the server's RSS.
    const pid = server.child.pid!;
    await sleep(1000);
    const rssBefore = rssOf(pid);
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    const tCsv = performance.now();
    const res = await fetch(`${base}/api/v1/transactions/export.csv?timeZone=${tz}`, {
      headers: { cookie: bigCookie },
    });
    if (!res.ok || !res.body) throw new Error(`the export answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    let firstByte = Number.NaN;
    for await (const chunk of res.body) {
      if (Number.isNaN(firstByte)) firstByte = performance.now() - tCsv;
      bytes += chunk.length;
      for (const b of chunk) if (b === 10) lines++;
    }
    const csvMs = performance.now() - tCsv;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    console.log(
      `\nCSV export, big merchant: ${(lines - 1).toLocaleString('en')} rows, ${mb(bytes)} in ${secs(csvMs)} ` +
        `(first byte after ${firstByte.toFixed(0)} ms; ${Math.round(((lines - 1) / csvMs) * 1000).toLocaleString('en')} rows/s); ` +
        `server RSS ${mb(rssBefore)} before, ${mb(peak)} at its peak (+${mb(peak - rssBefore)})`,
    );
    if (lines - 1 !== liveOf(big))
      throw new Error(`the export has ${lines - 1} rows, expected ${liveOf(big)}`);
  } finally {
    await stopServer(server);
    if (KEEP) console.log(`\ndatabase kept: ${dbUrl(dbName)}`);
    else await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
