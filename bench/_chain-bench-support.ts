// Shared by the chains benchmarks (chains.ts, chains-evm.ts): a fresh PostgreSQL database, a real server process.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { type Db, openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';
import { freePort } from '../apps/server/src/test/litecoind.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
    : Number.NaN;
};
export const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : 'n/a');
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** A change in memory, signed: "+26 MB", "-1 MB". */
export const mbDelta = (bytes: number) => `${bytes < 0 ? '-' : '+'}${mb(Math.abs(bytes))}`;

export async function freshDatabase() {
  const name = `coinlane_bench_chains_${randomBytes(4).toString('hex')}`;
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: BASE_URL });
      await d.connect();
      await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await d.end();
    },
  };
}

export async function startServer(databaseUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-bench-chains-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
      SMTP_URL: 'smtp://127.0.0.1:9?tls=off',
      APP_SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DATA_DIR: dataDir,
      RATES_API_URL: 'http://127.0.0.1:9',
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      API_RATE_LIMIT_PER_HOUR: '1000000000',
      ...env,
    },
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
  return {
    base,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(15_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Part (a) of the chain benchmarks: a real server (roles api,watcher, plus `env`) on a fresh database, a live-mode
 * merchant with an API key, and its WebSocket. `timeUntilPaid(id, send)` runs `send` (a broadcast) and gives the
 * milliseconds until `payment.updated` reports the payment's full amount received, or NaN after 10 s.
 */
export async function startLatencyRig(env: Record<string, string>) {
  const database = await freshDatabase();
  const setup = await openPostgres(database.url, 2);
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  let ws: WebSocket | null = null;
  const close = async () => {
    ws?.terminate();
    await server?.stop();
    await setup.close();
    await database.drop();
  };
  const waiters = new Map<string, (at: number) => void>();
  let userId: string;
  try {
    await migrateToLatest(setup.db);
    server = await startServer(database.url, { ROLES: 'api,watcher', ...env });
    userId = (await createUser({ db: setup.db, name: 'Bench Merchant' })).id;
    const { token } = await createSession({
      db: setup.db,
      userId,
      mode: 'live',
      ip: null,
      userAgent: 'bench',
    });
    const res = await fetch(`${server.base}/api/v1/api-keys`, {
      method: 'POST',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', permissions: ['read', 'write', 'webhook'] }),
    });
    if (!res.ok) throw new Error(`POST /api-keys answered ${res.status}: ${await res.text()}`);
    const key = ((await res.json()) as { data: { key: string } }).data.key;
    const socket = new WebSocket(`${server.base.replace('http', 'ws')}/ws?token=${encodeURIComponent(key)}`);
    ws = socket;
    await new Promise<void>((resolve, reject) => {
      socket.once('message', () => resolve());
      socket.once('error', reject);
    });
    socket.on('message', (data) => {
      const at = performance.now();
      const m = JSON.parse(String(data)) as {
        type: string;
        data?: { id: string; amount: string; amountReceived: string };
      };
      if (m.type === 'payment.updated' && m.data && m.data.amountReceived === m.data.amount)
        waiters.get(m.data.id)?.(at);
    });
  } catch (err) {
    await close();
    throw err;
  }
  return {
    db: setup.db as Db,
    userId,
    async timeUntilPaid(paymentId: string, send: () => Promise<unknown>) {
      const got = new Promise<number>((r) => waiters.set(paymentId, r));
      const t0 = performance.now();
      await send();
      const at = await Promise.race([got, sleep(10_000).then(() => Number.NaN)]);
      waiters.delete(paymentId);
      return at - t0;
    },
    close,
  };
}

/** Prints part (a)'s figures: `latencies` in ms, NaN for a payment whose update never came. */
export function printLatency(title: string, latencies: number[]) {
  const values = latencies.filter((v) => !Number.isNaN(v));
  const missed = latencies.length - values.length;
  const p95 = percentile(values, 95);
  console.log(title);
  console.log(
    `    p50 ${ms(percentile(values, 50))}   p95 ${ms(p95)}   max ${ms(Math.max(...values))}   missed ${missed}   (watcher polls every 500 ms)`,
  );
  console.log(`    target p95 under 1 s: ${p95 < 1000 && missed === 0 ? 'met' : 'NOT met'}`);
}
