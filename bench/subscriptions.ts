// Renewal invoices of 100,000 subscriptions falling due in the same hour, issued by two scheduler processes.
//
// On a fresh PostgreSQL database (created and dropped here): migrates, makes two test-mode merchants with a USD and
// a BTC monthly plan each (through createPlan), starts two servers with ROLES=scheduler (apps/server/src/main.ts,
// each its own process: its job worker and schedule, as production runs the role), then inserts N active
// subscriptions in one statement (generate_series) whose renewal invoice fell due within the last hour, each row
// as a paid first period leaves it (anchor_at, period_index 0, the period's start and end, next_action
// 'issue_renewal' at the end less the plan's lead days, clock_offset_ms 0; every row checked against scheduleOf
// and periodEnd before the clock starts). The clock runs from that insert's commit until every subscription has
// its period-1 invoice. Then the invariants: no (subscription, period) issued twice, exactly one period-1 invoice
// per subscription, exactly one payment link per invoice with something to pay, one audit row, one
// invoice.created event and one renewal mail job per invoice, every subscription pointing at its invoice with
// 'end_period' next. Exits with 1 when one fails. Also printed: the CPU the worker processes and their PostgreSQL
// backends used per invoice (read from /proc when the database server runs on this machine), which holds better
// than invoices/s when other work shares the machine, and the load average that says whether it did.
//
//   npm run bench -- subscriptions [--subscriptions=100000] [--workers=2] [--stored-rates]
//   (--stored-rates: the rate table as a working rate refresh leaves it, every enabled coin in the 8 fiat
//   currencies from a market source, so invoices are priced from stored quotes instead of the built-in test prices)
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_CPU_PROF=<dir>   the workers write their V8 CPU profiles there when they stop (node --cpu-prof)
// However it ends, Ctrl-C (SIGINT) and SIGTERM included, it stops the worker processes, removes their data
// directories and drops its database (then exits 130 or 143).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIAT_CODES, FIAT_CURRENCIES } from '@coinlane/core/currencies';
import { periodEnd } from '@coinlane/core/subscription-status';
import { sql } from 'kysely';
import pg from 'pg';
import { type Db, type DbHandle, openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { listCurrencySymbols } from '../apps/server/src/modules/currencies/list-currency-symbols.ts';
import { SYSTEM_ACTOR } from '../apps/server/src/modules/payments/actor.ts';
import { TEST_PRICES_USD } from '../apps/server/src/modules/rates/static-sources.ts';
import { upsertQuotes } from '../apps/server/src/modules/rates/store-rate-quotes.ts';
import { ADVANCE_BATCH_JOB } from '../apps/server/src/modules/subscriptions/advance-subscriptions.job.ts';
import { createPlan } from '../apps/server/src/modules/subscriptions/create-plan.ts';
import type { PlanRow, SubscriptionRow } from '../apps/server/src/modules/subscriptions/queries.ts';
import { SUBSCRIBER_MAIL_JOB } from '../apps/server/src/modules/subscriptions/queue-subscriber-mail.ts';
import { scheduleOf } from '../apps/server/src/modules/subscriptions/schedule.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
};
const SUBSCRIPTIONS = arg('subscriptions', 100_000);
const WORKERS = arg('workers', 2);
const STORED_RATES = process.argv.includes('--stored-rates');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Given up after this long (the run should take a small part of it). */
const TIMEOUT_MS = 20 * 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Each merchant's plans; subscribers of a USD plan pay with one of USD_COINS in turn, of a BTC plan with BTC. */
const PLANS = [
  { name: 'Pro monthly', price: '29.99', currency: 'USD' as const },
  { name: 'Node rental', price: '0.0015', currency: 'BTC' as const },
];
const USD_COINS = [
  { currency: 'BTC', network: 'bitcoin' },
  { currency: 'ETH', network: 'ethereum' },
  { currency: 'USDT', network: 'ethereum' },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
const fmt = (n: number) => n.toLocaleString('en-US');
/** The bench's own connections, told apart from the workers' in pg_stat_activity. */
const APP_NAME = 'coinlane-bench';

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;
/** CPU seconds a process of this machine has used so far (all its threads), or null when it is not readable. */
function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
  } catch {
    return null;
  }
}

/**
 * CPU used from a start on by a changing set of processes (the workers' PostgreSQL backends: a pool opens and
 * closes them): those seen at the start count from their figure then, those seen later from zero, each up to its
 * last sample. A backend that came and went between two samples is missed (pools here keep theirs while busy).
 */
class CpuMeter {
  readonly #from = new Map<number, number>();
  readonly #last = new Map<number, number>();
  #readable = true;
  sample(pids: readonly number[], { start = false } = {}) {
    for (const pid of pids) {
      const used = cpuSecondsOf(pid);
      if (used === null) {
        this.#readable = false;
        continue;
      }
      if (!this.#from.has(pid)) this.#from.set(pid, start ? used : 0);
      this.#last.set(pid, used);
    }
  }
  /** Seconds used, or null when some process could not be read (a database server on another machine). */
  seconds(): number | null {
    if (!this.#readable) return null;
    let total = 0;
    for (const [pid, last] of this.#last) total += last - (this.#from.get(pid) ?? 0);
    return total;
  }
}

const dbUrl = (name: string, applicationName?: string) => {
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  if (applicationName) u.searchParams.set('application_name', applicationName);
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

type Worker = { child: ChildProcess; dataDir: string };

/** Whether a worker process has ended, by itself or by a signal (then its exitCode stays null). */
const hasExited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;
const howExited = (child: ChildProcess) =>
  child.signalCode ? `by ${child.signalCode}` : `with code ${child.exitCode}`;

/**
 * The production server with the scheduler role only (its HTTP app answers /health, nothing else is asked). Added
 * to `workers` as it is spawned, before it is ready, so that an interrupted or failed start is cleaned up like the
 * others.
 */
async function startWorker(databaseUrl: string, workers: Worker[]): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  // From the directory to the push nothing awaits: a signal's handler cannot run in between and miss either.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-bench-subscriptions-'));
  const child = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'apps/server/src/main.ts', '--roles', 'scheduler'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Plain http on loopback: the production server accepts it only when told that TLS ends elsewhere.
        TLS_TERMINATED_BY_PROXY: 'true',
        // Each server's metrics port (on by default in production, 9464) on a free port: several servers run here.
        METRICS_PORT: process.env.BENCH_METRICS_PORT ?? '0',
        DATABASE_URL: databaseUrl,
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: base,
        // Production refuses to start without SMTP and a secret key; the mails stay queued (no webhooks role here).
        SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
        APP_SECRET_KEY: randomBytes(32).toString('base64'),
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        DATA_DIR: dataDir,
        // No price API is reachable: test mode prices from the built-in test prices.
        RATES_API_URL: 'http://127.0.0.1:9',
      },
    },
  );
  workers.push({ child, dataDir });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (hasExited(child)) throw new Error(`a worker exited ${howExited(child)}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('a worker did not become ready in 90 s');
    await sleep(200);
  }
}

/** Stops a worker (SIGTERM, SIGKILL after 15 s) and removes its data directory. */
async function stopWorker(w: Worker) {
  if (!hasExited(w.child)) {
    const exited = new Promise((r) => w.child.once('exit', r));
    w.child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (!hasExited(w.child)) w.child.kill('SIGKILL');
  }
  fs.rmSync(w.dataDir, { recursive: true, force: true });
}

/** Stops every worker of the list at once and empties it. */
const stopWorkers = (workers: Worker[]) => Promise.all(workers.splice(0).map(stopWorker));

/**
 * The first anchor of the hour of subscriptions and the plans' lead days: the renewal of an anchor `a` falls due
 * at periodEnd(a, monthly, 0) less the lead days, and the first row's must be an hour before `now`. A period end
 * on the 29th to 31st after a shorter month has no anchor (the end is clamped), so the lead days grow from the
 * default until both ends of the hour have one. Rows are anchored `step` ms apart from there.
 */
function firstAnchor(now: Date): { anchor: Date; leadDays: number } {
  const dueFrom = now.getTime() - HOUR_MS;
  for (let leadDays = 3; leadDays <= 28; leadDays++) {
    const end = new Date(dueFrom + leadDays * DAY_MS);
    const anchor = new Date(end);
    anchor.setUTCMonth(anchor.getUTCMonth() - 1);
    const last = new Date(anchor.getTime() + HOUR_MS);
    if (
      periodEnd(anchor, 'monthly', 0).getTime() === end.getTime() &&
      periodEnd(last, 'monthly', 0).getTime() === end.getTime() + HOUR_MS
    )
      return { anchor, leadDays };
  }
  throw new Error('no anchor found for renewals due in the last hour');
}

/**
 * N active subscriptions in one statement, spread over the plans and coins, due_at from an hour ago to now. The
 * period end is the anchor plus one calendar month in UTC (PostgreSQL clamps the day as periodEnd does); the
 * schedule is scheduleOf's for an active subscription with no open invoice (the end less the lead days).
 */
async function insertSubscriptions(
  db: Db,
  plans: PlanRow[],
  anchor: Date,
  now: Date,
  n: number,
): Promise<{ committedAt: number }> {
  const kinds = plans.flatMap((p) =>
    (p.currency === 'USD' ? USD_COINS : [{ currency: p.currency, network: 'bitcoin' }]).map((c) => ({
      plan: p,
      ...c,
    })),
  );
  const stepMs = HOUR_MS / n;
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    await sql`
      WITH kind AS (
        SELECT * FROM unnest(
          ${kinds.map((k) => k.plan.id)}::text[], ${kinds.map((k) => k.plan.user_id)}::text[],
          ${kinds.map((k) => k.currency)}::text[], ${kinds.map((k) => k.network)}::text[]
        ) WITH ORDINALITY AS k (plan_id, user_id, currency, network, no)
      ),
      row AS (
        SELECT g, kind.*, p.renewal_lead_days,
          ${anchor}::timestamptz + (g - 1) * ${stepMs}::double precision * interval '1 millisecond' AS anchor_at
        FROM generate_series(1, ${n}::int) AS g
        JOIN kind ON kind.no = 1 + g % ${kinds.length}::int
        JOIN subscription_plans p ON p.id = kind.plan_id
      ),
      dated AS (SELECT row.*, anchor_at + interval '1 month' AS period_end FROM row)
      INSERT INTO subscriptions (
        id, user_id, mode, plan_id, email, language, currency, network, status, cancel_at_period_end,
        anchor_at, anchor_period, period_index, current_period_start, current_period_end, open_invoice_id,
        grace_reminded, credit, clock_offset_ms, next_action, next_action_at, due_at, created_via,
        created_at, updated_at
      )
      SELECT
        'sub_bench' || lpad(g::text, 8, '0'), user_id, 'test', plan_id, 'subscriber' || g || '@example.com', 'en',
        currency, network, 'active', false,
        anchor_at, 0, 0, anchor_at, period_end, NULL,
        false, 0, 0, 'issue_renewal', period_end - renewal_lead_days * interval '1 day',
        period_end - renewal_lead_days * interval '1 day', 'subscribe_page',
        anchor_at - interval '10 minutes', anchor_at
      FROM dated
    `.execute(trx);
    // Checked before the commit: the workers take the rows as soon as they see them.
    const checked = await checkSeed(trx, plans, now);
    if (checked !== n) throw new Error(`${checked} subscriptions inserted, not ${n}`);
  });
  return { committedAt: performance.now() };
}

/** Every inserted row against the product's own schedule and period arithmetic; throws at the first difference. */
async function checkSeed(db: Db, plans: PlanRow[], now: Date) {
  const byId = new Map(plans.map((p) => [p.id, p]));
  const rows: SubscriptionRow[] = await db.selectFrom('subscriptions').selectAll().execute();
  for (const row of rows) {
    const plan = byId.get(row.plan_id)!;
    const expected = scheduleOf(row, plan);
    const end = periodEnd(row.anchor_at!, plan.interval, row.period_index - row.anchor_period);
    const problem =
      row.current_period_end?.getTime() !== end.getTime()
        ? `period end ${row.current_period_end?.toISOString()} is not periodEnd's ${end.toISOString()}`
        : expected.next_action !== row.next_action ||
            expected.next_action_at?.getTime() !== row.next_action_at?.getTime() ||
            expected.due_at?.getTime() !== row.due_at?.getTime()
          ? `schedule ${row.next_action} ${row.due_at?.toISOString()} is not scheduleOf's ${expected.next_action} ${expected.due_at?.toISOString()}`
          : row.due_at!.getTime() < now.getTime() - HOUR_MS || row.due_at!.getTime() > now.getTime()
            ? `due at ${row.due_at!.toISOString()}, not within the hour before ${now.toISOString()}`
            : null;
    if (problem) throw new Error(`seeded subscription ${row.id}: ${problem}`);
  }
  return rows.length;
}

/**
 * --stored-rates: what a rate refresh stores, one market quote per enabled coin and fiat currency (1 coin = so much
 * fiat), fetched now: the test prices in USD, times the fallback table for the other fiats. Returns the row count.
 */
async function storeMarketRates(db: Db): Promise<number> {
  const fetchedAt = new Date();
  const quotes = (await listCurrencySymbols(db)).flatMap((symbol) =>
    FIAT_CODES.map((fiat) => ({
      base: fiat,
      symbol,
      rate: (Number(TEST_PRICES_USD[symbol] ?? '1') * Number(FIAT_CURRENCIES[fiat].fallbackRate)).toFixed(6),
      quote: 'base_per_symbol' as const,
      fetchedAt,
    })),
  );
  await upsertQuotes(db, 'coingecko', quotes);
  return quotes.length;
}

/** Set by Ctrl-C (SIGINT) or SIGTERM: the run is being cleaned up, and the process exits when that is done. */
let interrupted = false;

async function main() {
  const dbName = `coinlane_bench_${randomBytes(4).toString('hex')}`;
  const workers: Worker[] = [];
  let handle: DbHandle | null = null;
  let creating: Promise<unknown> | null = null;
  let failed = false;
  // Whatever ends the run (done, failed, Ctrl-C), once: the workers stopped and their data directories removed,
  // the bench's pool closed (given 5 s: a statement of it may still be running), the database dropped.
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= (async () => {
      await stopWorkers(workers);
      if (handle) await Promise.race([handle.close().catch(() => {}), sleep(5_000)]);
      // A CREATE DATABASE under way finishes first, or it would bring the database back after the drop.
      await creating?.catch(() => {});
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    })());
  // A terminal's Ctrl-C reaches the bench twice (directly, and passed on by bench/run.mjs, which gets it too): one
  // cleanup runs.
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the workers, removing their data directories, dropping ${dbName}`);
    cleanUp()
      .catch((err: unknown) => console.error('cleanup failed:', err))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  creating = admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  await creating;
  handle = await openPostgres(dbUrl(dbName, APP_NAME), 4);
  const db = handle.db;
  try {
    const pgVersion = await admin(async (c) => (await c.query('show server_version')).rows[0].server_version);
    console.log(
      `Coinlane subscriptions benchmark: ${fmt(SUBSCRIPTIONS)} renewals due within the hour, ${WORKERS} scheduler ` +
        `processes, PostgreSQL ${pgVersion}, Node ${process.version}, ${os.cpus().length} CPUs ` +
        `(${os.cpus()[0]?.model ?? 'unknown'})`,
    );
    await migrateToLatest(db);

    // Two merchants, each with a USD and a BTC monthly plan, in test mode (test prices, test network links).
    const plans: PlanRow[] = [];
    for (const name of ['Bench Merchant A', 'Bench Merchant B']) {
      const user = await createUser({ db, name });
      for (const p of PLANS) {
        plans.push(
          await createPlan({
            db,
            userId: user.id,
            mode: 'test',
            actor: SYSTEM_ACTOR,
            input: {
              ...p,
              interval: 'monthly',
              features: [],
              active: true,
              renewalLeadDays: 3,
              graceDays: 7,
            },
          }),
        );
      }
    }

    const storedRates = STORED_RATES ? await storeMarketRates(db) : 0;
    console.log(
      `Fresh database ${dbName}; ${STORED_RATES ? `${storedRates} stored market quotes` : 'test prices'}; ${WORKERS} servers with ROLES=scheduler (NODE_ENV=production, each its own ` +
        `process: job worker of 4 loops, database pool of 10); the subscriber mails stay queued\n`,
    );
    for (let i = 0; i < WORKERS; i++) await startWorker(dbUrl(dbName), workers);

    // The plans' lead days so that an hour of renewals can fall due now (3, the default, on most days).
    const seedNow = new Date();
    const { anchor, leadDays } = firstAnchor(seedNow);
    if (leadDays !== 3) {
      await db.updateTable('subscription_plans').set({ renewal_lead_days: leadDays }).execute();
      for (const p of plans) p.renewal_lead_days = leadDays;
    }
    const insertStarted = performance.now();
    // CPU of the run: the worker processes, and the PostgreSQL backends serving them (when on this machine).
    const backendPids = async () =>
      (
        await sql<{ pid: number }>`
          SELECT pid FROM pg_stat_activity WHERE datname = ${dbName} AND application_name <> ${APP_NAME}`.execute(
          db,
        )
      ).rows.map((r) => r.pid);
    const backends = new CpuMeter();
    backends.sample(await backendPids(), { start: true });
    const workerCpuFrom = workers.map((w) => cpuSecondsOf(w.child.pid!));
    const loadFrom = os.loadavg()[0]!;
    const { committedAt: t0 } = await insertSubscriptions(db, plans, anchor, seedNow, SUBSCRIPTIONS);
    const insertSeconds = (t0 - insertStarted) / 1000;

    // Issued: counted every half second from the commit until all are there.
    let issued = 0;
    let t1 = 0;
    let lastPrint = t0;
    for (;;) {
      const { n } = await db
        .selectFrom('subscription_invoices')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('period', '=', 1)
        .executeTakeFirstOrThrow();
      issued = Number(n);
      backends.sample(await backendPids());
      const at = performance.now();
      if (issued >= SUBSCRIPTIONS) {
        t1 = at;
        break;
      }
      for (const w of workers)
        if (hasExited(w.child)) throw new Error(`a worker exited ${howExited(w.child)}`);
      if (at - t0 > TIMEOUT_MS) throw new Error(`only ${issued} of ${SUBSCRIPTIONS} issued after 20 minutes`);
      if (at - lastPrint >= 30_000) {
        console.log(`  ${((at - t0) / 1000).toFixed(0)} s: ${fmt(issued)} issued`);
        lastPrint = at;
      }
      await sleep(500);
    }
    const seconds = (t1 - t0) / 1000;
    const workerCpuUsed = workers.map((w, i) => {
      const [from, to] = [workerCpuFrom[i], cpuSecondsOf(w.child.pid!)];
      return from == null || to == null ? null : to - from;
    });
    const loadTo = os.loadavg()[0]!;

    // The batch jobs end once nothing is due; then the workers stop and the database holds still for the checks.
    const settle = Date.now() + 60_000;
    while (Date.now() < settle) {
      const open = await db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', ADVANCE_BATCH_JOB)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (!open) break;
      await sleep(250);
    }
    await stopWorkers(workers);

    const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db)).rows[0]!;
    const count = async (q: ReturnType<typeof sql<{ n: string }>>) => Number((await one(q)).n);

    const twice = await count(sql`
      SELECT count(*) AS n FROM (
        SELECT subscription_id, period, count(*) FROM subscription_invoices
        GROUP BY subscription_id, period HAVING count(*) > 1
      ) t`);
    const notOnce = await count(sql`
      SELECT count(*) AS n FROM subscriptions s
      LEFT JOIN (
        SELECT subscription_id, count(*) AS c FROM subscription_invoices WHERE period = 1 GROUP BY subscription_id
      ) i ON i.subscription_id = s.id
      WHERE coalesce(i.c, 0) <> 1`);
    const periodOne = await count(sql`SELECT count(*) AS n FROM subscription_invoices WHERE period = 1`);
    const otherPeriods = await count(sql`SELECT count(*) AS n FROM subscription_invoices WHERE period <> 1`);
    const withDue = await count(sql`SELECT count(*) AS n FROM subscription_invoices WHERE amount_due > 0`);
    // Each invoice with something to pay: its own link, of kind 'invoice', naming the invoice, and no other link
    // naming it; no link left without its invoice.
    const badLinks = await count(sql`
      SELECT count(*) AS n FROM subscription_invoices i
      LEFT JOIN (
        SELECT metadata->>'invoiceId' AS invoice_id, count(*) AS c FROM payment_links GROUP BY 1
      ) naming ON naming.invoice_id = i.id
      LEFT JOIN payment_links l
        ON l.id = i.payment_link_id AND l.kind = 'invoice' AND l.metadata->>'invoiceId' = i.id
          AND l.amount::numeric > 0 AND l.status = 'active'
      WHERE i.amount_due > 0 AND (coalesce(naming.c, 0) <> 1 OR l.id IS NULL)`);
    const orphanLinks = await count(sql`
      SELECT count(*) AS n FROM payment_links l
      WHERE NOT EXISTS (SELECT 1 FROM subscription_invoices i WHERE i.payment_link_id = l.id)`);
    const audits = await count(
      sql`SELECT count(*) AS n FROM audit_log WHERE action = 'subscription_invoice.created'`,
    );
    const events = await count(sql`SELECT count(*) AS n FROM outbox_events WHERE type = 'invoice.created'`);
    const mails = await count(sql`
      SELECT count(*) AS n FROM jobs j JOIN subscription_invoices i
        ON j.id = ${SUBSCRIBER_MAIL_JOB} || ':' || i.subscription_id || ':renewal:' || i.id
      WHERE j.name = ${SUBSCRIBER_MAIL_JOB} AND j.state = 'queued'`);
    const allMails = await count(sql`SELECT count(*) AS n FROM jobs WHERE name = ${SUBSCRIBER_MAIL_JOB}`);
    // Each subscription as issuing leaves it: pointing at its period-1 invoice, the period's end next.
    const badSubs = await count(sql`
      SELECT count(*) AS n FROM subscriptions s
      LEFT JOIN subscription_invoices i ON i.subscription_id = s.id AND i.period = 1
      WHERE i.id IS NULL OR s.open_invoice_id IS DISTINCT FROM i.id OR s.status <> 'active'
        OR s.next_action <> 'end_period' OR s.due_at IS DISTINCT FROM s.current_period_end
        OR i.period_start IS DISTINCT FROM s.current_period_end OR i.status <> 'open'`);

    // Per subscription: from the moment its batch loop took the time for it (the invoice's created_at, read before
    // the transaction began) to its last write (the subscription's updated_at); the commit is not in it.
    const spans = (
      await sql<{ ms: number }>`
        SELECT extract(epoch FROM s.updated_at - i.created_at) * 1000 AS ms
        FROM subscription_invoices i JOIN subscriptions s ON s.id = i.subscription_id
        WHERE i.period = 1`.execute(db)
    ).rows
      .map((r) => Number(r.ms))
      .sort((a, b) => a - b);
    const window = await one(sql<{ first: Date; last: Date }>`
      SELECT min(created_at) AS first, max(created_at) AS last FROM subscription_invoices WHERE period = 1`);
    const batchRuns = await count(sql`SELECT count(*) AS n FROM jobs WHERE name = ${ADVANCE_BATCH_JOB}`);

    const line = (label: string, value: string) => console.log(`${label.padEnd(58)} ${value}`);
    line('subscriptions (active, renewal due within the last hour)', fmt(SUBSCRIPTIONS));
    line('scheduler processes (workers)', String(WORKERS));
    line('plans (lead days)', `${plans.length} (${leadDays})`);
    line('bulk insert of the subscriptions', `${insertSeconds.toFixed(1)} s`);
    line('seconds to issue all renewal invoices (commit -> all seen)', `${seconds.toFixed(1)} s`);
    line('invoices/s', (SUBSCRIPTIONS / seconds).toFixed(0));
    line(
      'first -> last invoice created',
      `${((window.last.getTime() - window.first.getTime()) / 1000).toFixed(1)} s`,
    );
    line(
      'per-subscription issue time (pick-up -> last write)',
      `p50 ${percentile(spans, 50).toFixed(1)} ms   p95 ${percentile(spans, 95).toFixed(1)} ms   ` +
        `p99 ${percentile(spans, 99).toFixed(1)} ms`,
    );
    const cpuMs = (total: number | null) =>
      total === null ? 'n/a' : `${((total * 1000) / SUBSCRIPTIONS).toFixed(2)} ms`;
    const workerCpu = workerCpuUsed.some((v) => v === null)
      ? null
      : workerCpuUsed.reduce<number>((a, v) => a + (v ?? 0), 0);
    const backendCpu = backends.seconds();
    line(
      'CPU per invoice: the worker processes',
      `${cpuMs(workerCpu)} (${workerCpuUsed.map((v) => (v === null ? 'n/a' : `${v.toFixed(0)} s`)).join(' + ')})`,
    );
    line(
      'CPU per invoice: their PostgreSQL backends',
      `${cpuMs(backendCpu)}${backendCpu === null ? '' : ` (${backendCpu.toFixed(0)} s)`}`,
    );
    if (workerCpu !== null && backendCpu !== null)
      line(
        '  at that CPU, 2 cores to themselves would give at most',
        `${fmt(Math.floor(2 / ((workerCpu + backendCpu) / SUBSCRIPTIONS)))} invoices/s (WAL writer not counted)`,
      );
    line(
      'machine load average (1 min) at the start / the end',
      `${loadFrom.toFixed(1)} / ${loadTo.toFixed(1)} (other work shares the cores when above ~2)`,
    );
    line('batch job runs (subscriptions.advance_batch)', fmt(batchRuns));
    line('period-1 invoices', fmt(periodOne));
    line('invoices issued twice (same subscription and period)', fmt(twice));
    line('subscriptions without exactly one period-1 invoice', fmt(notOnce));
    line('invoices of other periods', fmt(otherPeriods));
    line('invoices with an amount due', fmt(withDue));
    line('  of which without exactly one payment link', fmt(badLinks));
    line('payment links without their invoice', fmt(orphanLinks));
    line('audit rows subscription_invoice.created', fmt(audits));
    line('outbox events invoice.created', fmt(events));
    line(
      'renewal mail jobs queued (one per invoice)',
      `${fmt(mails)} (all subscriber mail jobs: ${fmt(allMails)})`,
    );
    line('subscriptions not left as issuing leaves them', fmt(badSubs));

    const problems = [
      twice !== 0 && 'an invoice was issued twice',
      notOnce !== 0 && 'a subscription has not exactly one period-1 invoice',
      periodOne !== SUBSCRIPTIONS && 'period-1 invoices are not one per subscription',
      otherPeriods !== 0 && 'an invoice of another period was issued',
      withDue !== SUBSCRIPTIONS && 'an invoice has nothing to pay',
      badLinks !== 0 && 'an invoice has not exactly one payment link',
      orphanLinks !== 0 && 'a payment link has no invoice',
      audits !== SUBSCRIPTIONS && 'audit rows are not one per invoice',
      events !== SUBSCRIPTIONS && 'invoice.created events are not one per invoice',
      (mails !== SUBSCRIPTIONS || allMails !== SUBSCRIPTIONS) && 'renewal mails are not one per invoice',
      badSubs !== 0 && 'a subscription is not as issuing leaves it',
    ].filter((p): p is string => typeof p === 'string');
    if (problems.length) {
      failed = true;
      console.log(`\nFAILED: ${problems.join('; ')}`);
    } else {
      console.log('\nAll invariants hold.');
    }
  } finally {
    await cleanUp();
  }
  if (failed) process.exit(1);
}

main().catch((err) => {
  // Interrupted: what failed is the run being cut short; the signal's handler exits once the cleanup is done.
  if (interrupted) return;
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
