// Payment creation through the API (POST /api/v1/payments, 50 clients) beside raw PostgreSQL insert-commits.
//
// On a fresh PostgreSQL database (created and dropped here), starts the real server (apps/server/src/main.ts) in
// its own process, makes a test merchant and an API key, then for N seconds 50 concurrent clients create test
// payments over keep-alive HTTP connections. In the same run, on the same database server, 50 connections
// insert-and-commit single rows for N seconds. The two take turns, --rounds times (default 3), so that a machine
// whose speed drifts during the run (a shared host's neighbours) moves both alike. Prints each round's payments/s,
// latencies, inserts/s and their ratio, then all rounds together and the median of the rounds' ratios.
// With each, where /proc is (Linux), the CPU time per operation of each party over the counted seconds: the API
// server, PostgreSQL (all its processes) and the load's clients (this process), and how busy the machine was.
//
//   npm run bench -- payments [--seconds=10] [--rounds=3] [--clients=50] [--warmup=2] [--api-processes=1]
//                             [--idempotency-keys] [--cpu-prof]
//   (--api-processes=2: two API processes on the one database, as in the production shape (npm run cluster), the
//    clients shared between them as a balancer would; with --cpu-prof, the busier one's profile is printed;
//    --idempotency-keys: every request carries its own Idempotency-Key, to see what storing replies costs;
//    --cpu-prof: the server runs under node --cpu-prof, and its top five costs are printed at the end; with
//    BENCH_KEEP_PROFILE=1 the .cpuprofile files are kept, their directory printed, for Chromium DevTools)
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default postgres://postgres@127.0.0.1:5432/postgres)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';
import { summarizeCpuProfile } from './_cpu-profile.ts';
import { type CpuSnapshot, cpuBetween, cpuSnapshot } from './_process-cpu.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const SECONDS = arg('seconds', Number(process.env.BENCH_SECONDS ?? 10));
const CLIENTS = Math.trunc(arg('clients', 50));
const WARMUP = arg('warmup', 2);
const ROUNDS = Math.trunc(arg('rounds', 3));
const WITH_KEYS = process.argv.includes('--idempotency-keys');
const CPU_PROF = process.argv.includes('--cpu-prof');
const API_PROCESSES = Math.trunc(arg('api-processes', 1));
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-bench-prof-'));
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const PAYMENT = { amount: '0.00050000', currency: 'BTC', description: 'Benchmark order' };

type Run = {
  count: number;
  errors: number;
  latencies: number[];
  firstError: string | null;
  seconds: number;
  /** the machine's processes at the start and the end of the counted seconds (null where /proc is not there) */
  cpu: [CpuSnapshot | null, CpuSnapshot | null];
};

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

const dataDir = (port: number) => path.join(os.tmpdir(), `coinlane-bench-${port}`);

function startServer(databaseUrl: string, port: number): ChildProcess {
  const prof = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
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
      APP_URL: `http://127.0.0.1:${port}`,
      // Production refuses to start without SMTP; nothing in this run sends mail.
      SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
      // Production also requires the key that seals secrets at rest; a throwaway one for this run.
      APP_SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ROLES: 'api',
      DATA_DIR: dataDir(port),
      // The admin's API limits (60 a minute per key by default) would stop a benchmark at once.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      API_RATE_LIMIT_PER_HOUR: '1000000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitReady(base: string, child: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become ready in 90 s');
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;

/**
 * `clients` loops calling `once` until the deadline; the warm-up calls are not counted. The processes' CPU times are
 * read when the counted seconds start and when they end.
 */
async function load(
  clients: number,
  warmupS: number,
  seconds: number,
  once: (client: number) => Promise<string | null>,
) {
  const run: Run = { count: 0, errors: 0, latencies: [], firstError: null, seconds, cpu: [null, null] };
  const warmEnd = Date.now() + warmupS * 1000;
  const end = warmEnd + seconds * 1000;
  const marks = [
    setTimeout(() => {
      run.cpu[0] = cpuSnapshot();
    }, warmEnd - Date.now()),
    setTimeout(() => {
      run.cpu[1] = cpuSnapshot();
    }, end - Date.now()),
  ];
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (;;) {
        const started = performance.now();
        if (Date.now() >= end) return;
        const error = await once(client);
        const now = Date.now();
        if (now < warmEnd) continue;
        if (now > end) return;
        if (error) {
          run.errors++;
          run.firstError ??= error;
        } else {
          run.count++;
          run.latencies.push(performance.now() - started);
        }
      }
    }),
  );
  for (const mark of marks) clearTimeout(mark);
  run.latencies.sort((a, b) => a - b);
  return run;
}

/** The middle of sorted values (the mean of the two middle ones when they are even in number). */
const median = (sorted: number[]) => {
  const m = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[m]! : (sorted[m - 1]! + sorted[m]!) / 2;
};

/** Several runs as one: their counts, errors and seconds added, their latencies together. */
function merged(runs: Run[]): Run {
  return {
    count: runs.reduce((n, r) => n + r.count, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    latencies: runs.flatMap((r) => r.latencies).sort((a, b) => a - b),
    firstError: runs.find((r) => r.firstError)?.firstError ?? null,
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    cpu: [null, null],
  };
}

type CpuShare = { server: number; postgres: number; clients: number; busy: number; total: number };

/**
 * What the counted seconds of a run cost in CPU: the API servers, PostgreSQL's processes (every one on this machine:
 * the backends, the WAL writer, the checkpointer) and this process (the load's clients); null where /proc is not.
 */
function cpuShare(run: Run, serverPids: ReadonlySet<number>): CpuShare | null {
  const [before, after] = run.cpu;
  if (!before || !after) return null;
  return {
    server: cpuBetween(before, after, (pid) => serverPids.has(pid)),
    postgres: cpuBetween(before, after, (_pid, comm) => comm === 'postgres'),
    clients: cpuBetween(before, after, (pid) => pid === process.pid),
    busy: after.machineBusy - before.machineBusy,
    total: after.machineTotal - before.machineTotal,
  };
}

async function main() {
  const dbName = `coinlane_bench_${randomBytes(4).toString('hex')}`;
  const ports: number[] = [];
  for (let i = 0; i < API_PROCESSES; i++) ports.push(await freePort());
  const bases = ports.map((p) => `http://127.0.0.1:${p}`);
  const base = bases[0]!;
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const servers: ChildProcess[] = [];
  try {
    const pgVersion = await admin(async (c) => (await c.query('show server_version')).rows[0].server_version);
    console.log(
      `Coinlane payments benchmark: ${CLIENTS} clients, ${SECONDS} s (+${WARMUP} s warm-up), PostgreSQL ${pgVersion}, ` +
        `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'})`,
    );
    console.log(
      `Fresh database ${dbName}; ${API_PROCESSES === 1 ? `server on ${base}` : `servers on ${bases.join(', ')}`} ` +
        `(NODE_ENV=production, ROLES=api, ${API_PROCESSES === 1 ? 'its own process' : `${API_PROCESSES} processes`}, ` +
        `database pool of 10 each)${WITH_KEYS ? '; every request with its own Idempotency-Key' : ''}\n`,
    );

    // the first migrates the database, the others start once it answers (as npm run cluster does)
    for (const [i, port] of ports.entries()) {
      const server = startServer(dbUrl(dbName), port);
      servers.push(server);
      await waitReady(bases[i]!, server);
    }

    // A test merchant (active), signed in, makes a write key through the API like a merchant would.
    const setup = await openPostgres(dbUrl(dbName), 2);
    const user = await createUser({ db: setup.db, name: 'Bench Merchant' });
    const { token } = await createSession({
      db: setup.db,
      userId: user.id,
      mode: 'test',
      ip: null,
      userAgent: 'bench',
    });
    await setup.close();
    const created = await fetch(`${base}/api/v1/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${token}` },
      body: JSON.stringify({ name: 'bench', permissions: ['read', 'write'] }),
    });
    const createdBody = (await created.json()) as { data?: { key: string }; error?: { message: string } };
    if (!created.ok || !createdBody.data)
      throw new Error(`creating the API key failed: ${JSON.stringify(createdBody)}`);
    const key = createdBody.data.key;

    const probe = await fetch(`${base}/api/v1/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(PAYMENT),
    });
    const probeText = await probe.text();
    if (probe.status === 404 && probeText.includes('"Not found"')) {
      throw new Error('POST /api/v1/payments does not exist in this build yet');
    }
    if (!probe.ok) throw new Error(`POST /api/v1/payments answered ${probe.status}: ${probeText}`);

    // Payments through the API, and raw single-row insert-commits on the same server at the same concurrency,
    // taking turns.
    const body = JSON.stringify(PAYMENT);
    let seq = 0;
    // The load's requests go through node:http on keep-alive sockets, one per client: fetch (undici's whole Fetch
    // API) cost this process about twice the CPU per request, CPU the server and PostgreSQL share on a small machine.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const post = (port: number, headers: Record<string, string>) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(
          {
            agent,
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/v1/payments',
            headers: { ...headers, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const apiPhase = () =>
      load(CLIENTS, WARMUP, SECONDS, async (client) => {
        try {
          const res = await post(ports[client % ports.length]!, {
            'content-type': 'application/json',
            authorization: `Bearer ${key}`,
            ...(WITH_KEYS ? { 'idempotency-key': `bench-${process.pid}-${seq++}` } : {}),
          });
          return res.status === 201 || res.status === 200 ? null : `${res.status} ${res.text.slice(0, 300)}`;
        } catch (err) {
          return String(err);
        }
      });

    const pool = new pg.Pool({ connectionString: dbUrl(dbName), max: CLIENTS });
    await pool.query(`CREATE TABLE bench_raw_inserts (
      id text PRIMARY KEY,
      user_id text NOT NULL,
      amount numeric(78, 0) NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    let n = 0;
    const rawPhase = () =>
      load(CLIENTS, WARMUP, SECONDS, async () => {
        try {
          await pool.query('INSERT INTO bench_raw_inserts (id, user_id, amount) VALUES ($1, $2, $3)', [
            `raw_${process.pid}_${n++}`,
            user.id,
            '50000',
          ]);
          return null;
        } catch (err) {
          return String(err);
        }
      });

    const rate = (r: Run) => r.count / r.seconds;
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const line = (label: string, r: Run) =>
      `${label.padEnd(50)} ${rate(r).toFixed(0).padStart(7)}/s   p50 ${ms(percentile(r.latencies, 50)).padStart(9)}   ` +
      `p95 ${ms(percentile(r.latencies, 95)).padStart(9)}   p99 ${ms(percentile(r.latencies, 99)).padStart(9)}   ` +
      `(${r.count} ok, ${r.errors} errors)`;
    const apiLabel = `POST /api/v1/payments (API key${WITH_KEYS ? ' + Idempotency-Key' : ''})`;
    const serverPids = new Set(servers.map((s) => s.pid).filter((pid): pid is number => pid !== undefined));
    const per = (cpuMs: number, r: Run) => `${(cpuMs / Math.max(1, r.count)).toFixed(2)} ms`;
    const cpuLine = (apiShares: CpuShare[], rawShares: CpuShare[], api: Run, raw: Run) => {
      if (apiShares.length === 0 || rawShares.length === 0)
        return 'CPU per operation: not read (no /proc here)';
      const sum = (shares: CpuShare[], k: keyof CpuShare) => shares.reduce((n, c) => n + c[k], 0);
      const busy = (shares: CpuShare[]) =>
        `${((100 * sum(shares, 'busy')) / sum(shares, 'total')).toFixed(0)} %`;
      return (
        `CPU per payment: server ${per(sum(apiShares, 'server'), api)}, PostgreSQL ${per(sum(apiShares, 'postgres'), api)}, ` +
        `clients ${per(sum(apiShares, 'clients'), api)} (machine busy ${busy(apiShares)}); ` +
        `per raw insert: PostgreSQL ${per(sum(rawShares, 'postgres'), raw)}, clients ${per(sum(rawShares, 'clients'), raw)} ` +
        `(machine busy ${busy(rawShares)})`
      );
    };
    const shares = (runs: Run[]) =>
      runs.map((r) => cpuShare(r, serverPids)).filter((c): c is CpuShare => c !== null);
    const apiRuns: Run[] = [];
    const rawRuns: Run[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const apiRound = await apiPhase();
      const rawRound = await rawPhase();
      apiRuns.push(apiRound);
      rawRuns.push(rawRound);
      if (ROUNDS > 1) console.log(`round ${round} of ${ROUNDS}`);
      console.log(line(apiLabel, apiRound));
      console.log(line('raw INSERT + COMMIT (1 row)', rawRound));
      console.log(cpuLine(shares([apiRound]), shares([rawRound]), apiRound, rawRound));
      console.log(`ratio payments/s : raw inserts/s = ${(rate(apiRound) / rate(rawRound)).toFixed(3)}\n`);
    }
    agent.destroy();
    await pool.end();
    const api = merged(apiRuns);
    const raw = merged(rawRuns);
    if (ROUNDS > 1) {
      const ratios = apiRuns.map((a, i) => rate(a) / rate(rawRuns[i]!)).sort((a, b) => a - b);
      console.log(`all ${ROUNDS} rounds`);
      console.log(line(apiLabel, api));
      console.log(line('raw INSERT + COMMIT (1 row)', raw));
      console.log(cpuLine(shares(apiRuns), shares(rawRuns), api, raw));
      console.log(
        `ratio payments/s : raw inserts/s = ${(rate(api) / rate(raw)).toFixed(3)} ` +
          `(rounds: median ${median(ratios).toFixed(3)}, ` +
          `${ratios[0]!.toFixed(3)}-${ratios.at(-1)!.toFixed(3)})\n`,
      );
    }

    const check = new pg.Client({ connectionString: dbUrl(dbName) });
    await check.connect();
    const stored = Number((await check.query('select count(*) as n from payments')).rows[0].n);
    await check.end();

    console.log(`payments stored in the database: ${stored}`);
    if (api.firstError) console.log(`first API error: ${api.firstError}`);
    if (raw.firstError) console.log(`first raw error: ${raw.firstError}`);
  } finally {
    await Promise.all(
      servers.map(async (server) => {
        if (server.exitCode !== null) return;
        const exited = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }),
    );
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    for (const port of ports) fs.rmSync(dataDir(port), { recursive: true, force: true });
    if (CPU_PROF) console.log(`\n${summarizeCpuProfile(profileDir)}`);
    if (process.env.BENCH_KEEP_PROFILE) console.log(`profile kept in ${profileDir}`);
    else fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
