// Live updates: simulate -> WebSocket latency, confirmation -> webhook latency, idle WebSocket clients under 1 GB.
//
// On a fresh PostgreSQL database (created and dropped here), starts two real server processes (apps/server/
// src/main.ts): A with the api, scheduler and webhooks roles, B with the api role only. A test merchant makes an
// API key (read, write, webhook) and points its webhook at a local receiver (ALLOW_PRIVATE_WEBHOOKS=true).
//   (a) For each of N payments in turn: POST /payments/{id}/simulate on A; the time until `payment.updated`
//       (the transfer seen) reaches a WebSocket client of A (same process) and one of B (LISTEN/NOTIFY across
//       processes). p50/p95.
//   (b) The test network (A's scheduler, 1 s blocks) confirms each payment; the time from the payment's
//       confirmedAt to the `payment.confirmed` webhook reaching the receiver, and to the WebSocket message.
//   (c) A third server process (api role), alone: idle WebSocket clients (API key sockets, which answer pings
//       and send nothing) opened in batches from separate client processes, each from its own loopback
//       address; the server's RSS at 1k, 5k, 10k, 20k, ... clients, stopping at 1 GB RSS, at --max-clients, or
//       at the server's open-file limit (`ulimit -n` is raised to the hard limit in every child).
//
//   npm run bench -- live [--payments=200] [--max-clients=50000] [--skip-latency] [--skip-clients]
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default postgres://postgres@127.0.0.1:5432/postgres)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import WebSocket from 'ws';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return Math.trunc(value);
};
const PAYMENTS = arg('payments', 200);
const MAX_CLIENTS = arg('max-clients', 50_000);
const SKIP_LATENCY = process.argv.includes('--skip-latency');
const SKIP_CLIENTS = process.argv.includes('--skip-clients');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RSS_CAP_BYTES = 1024 ** 3;
const CHECKPOINTS = [1_000, 5_000, 10_000, 20_000, 30_000, 40_000, 50_000];
/** Clients per client process (each process is below its own open-file limit, from its own address). */
const PER_CLIENT_PROCESS = 9_000;

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
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
    : Number.NaN;
};
const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'n/a');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** `node ...args` with the open-file limit raised to the hard limit (bash `ulimit`, then exec: same pid). */
function spawnNode(args: string[], env: Record<string, string>, stdio: 'inherit' | 'pipe'): ChildProcess {
  const quoted = [process.execPath, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return spawn('bash', ['-c', `ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec ${quoted}`], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', stdio, 'inherit'],
  });
}

type Server = { base: string; child: ChildProcess; dataDir: string };

/**
 * A local SMTP server that accepts every mail and keeps none (smtp-server; no mail leaves this machine). The servers
 * send real mail in this run (the merchant's payment notices, on by default): each one is accepted, as a working mail
 * relay would, instead of failing and being retried by the job queue beside the deliveries measured here.
 */
async function startMailSink(): Promise<{ url: string; accepted: () => number; close: () => Promise<void> }> {
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    accepted: () => accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
let mailSink: Awaited<ReturnType<typeof startMailSink>> | null = null;

async function startServer(
  databaseUrl: string,
  roles: string,
  extra: Record<string, string> = {},
): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  mailSink ??= await startMailSink();
  const sink = mailSink;
  const dataDir = path.join(os.tmpdir(), `coinlane-bench-live-${port}`);
  const child = spawnNode(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      NODE_ENV: 'production',
      // Plain http on loopback: the production server accepts it only when told that TLS ends elsewhere.
      TLS_TERMINATED_BY_PROXY: 'true',
      // Each server's metrics port (on by default in production, 9464) on a free port: several servers run here.
      METRICS_PORT: process.env.BENCH_METRICS_PORT ?? '0',
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: base,
      // Production refuses to start without SMTP and a secret key. The merchant's payment notices go to the sink.
      SMTP_URL: sink.url,
      APP_SECRET_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      ROLES: roles,
      DATA_DIR: dataDir,
      // No price API is reachable: test mode prices from the built-in test prices.
      RATES_API_URL: 'http://127.0.0.1:9',
      // The admin's API limits (60 a minute per key or address by default) would stop a benchmark at once.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      API_RATE_LIMIT_PER_HOUR: '1000000000',
      ...extra,
    },
    'inherit',
  );
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

async function stopServer(s: Server | null) {
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
const openFileLimitOf = (pid: number) => {
  const m = /Max open files\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'));
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
};

async function api<T>(
  base: string,
  auth: { cookie?: string; key?: string },
  method: string,
  url: string,
  body?: unknown,
) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(auth.cookie ? { cookie: auth.cookie } : {}),
      ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** A merchant with a read/write/webhook API key, made through the API like a merchant would. */
async function merchantKey(databaseUrl: string, base: string) {
  const setup = await openPostgres(databaseUrl, 1);
  const user = await createUser({ db: setup.db, name: 'Bench Merchant' });
  const { token } = await createSession({
    db: setup.db,
    userId: user.id,
    mode: 'test',
    ip: null,
    userAgent: 'bench',
  });
  await setup.close();
  const made = await api<{ key: string }>(
    base,
    { cookie: `${SESSION_COOKIE}=${token}` },
    'POST',
    '/api/v1/api-keys',
    {
      name: 'bench',
      permissions: ['read', 'write', 'webhook'],
    },
  );
  return made.key;
}

type Update = {
  id: string;
  status: string;
  amount: string;
  amountReceived: string;
  confirmedAt: string | null;
};

/** A merchant socket that hands each `payment.updated` to the waiter of its payment. */
async function watch(wsBase: string, key: string, onUpdate: (p: Update, at: number) => void) {
  const ws = new WebSocket(`${wsBase}/ws?token=${encodeURIComponent(key)}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
    ws.once('close', (code, reason) => reject(new Error(`socket closed ${code} ${reason}`)));
  });
  ws.on('message', (data) => {
    const at = performance.now();
    const m = JSON.parse(String(data)) as { type: string; data?: Update };
    if (m.type === 'payment.updated' && m.data) onUpdate(m.data, at);
  });
  return ws;
}

async function latencies(dbName: string) {
  const databaseUrl = dbUrl(dbName);
  let a: Server | null = null;
  let b: Server | null = null;
  const receiver = http.createServer();
  try {
    a = await startServer(databaseUrl, 'api,scheduler,webhooks', {
      TEST_NETWORK_BLOCK_SECONDS: '1',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
    });
    b = await startServer(databaseUrl, 'api');
    const key = await merchantKey(databaseUrl, a.base);

    // The webhook receiver: arrival time of each payment.confirmed.
    const hooks = new Map<string, number>();
    let hookErrors = 0;
    receiver.on('request', (req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        const at = Date.now();
        try {
          const event = JSON.parse(body) as { type: string; data: Update };
          if (event.type === 'payment.confirmed' && !hooks.has(event.data.id)) {
            hooks.set(event.data.id, at - Date.parse(event.data.confirmedAt ?? ''));
          }
        } catch {
          hookErrors++;
        }
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/coinlane`;
    let webhookProblem: string | null = null;
    try {
      await api(a.base, { key }, 'PUT', '/api/v1/webhooks/config', {
        url: hookUrl,
        events: ['payment.confirmed'],
      });
    } catch (err) {
      webhookProblem = err instanceof Error ? err.message : String(err);
    }

    const waiters = new Map<string, { a?: (at: number) => void; b?: (at: number) => void }>();
    const confirmedWs = { a: new Map<string, number>(), b: new Map<string, number>() };
    const onUpdate = (which: 'a' | 'b') => (p: Update, at: number) => {
      if (p.amountReceived === p.amount) waiters.get(p.id)?.[which]?.(at);
      if (p.status === 'confirmed' && p.confirmedAt && !confirmedWs[which].has(p.id)) {
        confirmedWs[which].set(p.id, Date.now() - Date.parse(p.confirmedAt));
      }
    };
    const wsA = await watch(a.base.replace('http', 'ws'), key, onUpdate('a'));
    const wsB = await watch(b.base.replace('http', 'ws'), key, onUpdate('b'));

    const ids: string[] = [];
    for (let i = 0; i < PAYMENTS; i++) {
      const p = await api<{ id: string }>(a.base, { key }, 'POST', '/api/v1/payments', {
        amount: '0.0005',
        currency: 'BTC',
        description: 'Benchmark order',
      });
      ids.push(p.id);
    }

    const sameProcess: number[] = [];
    const otherProcess: number[] = [];
    const httpReply: number[] = [];
    let missed = 0;
    for (const id of ids) {
      const gotA = new Promise<number>((r) => waiters.set(id, { ...waiters.get(id), a: r }));
      const gotB = new Promise<number>((r) => waiters.set(id, { ...waiters.get(id), b: r }));
      const t0 = performance.now();
      await api(a.base, { key }, 'POST', `/api/v1/payments/${id}/simulate`);
      httpReply.push(performance.now() - t0);
      const timeout = sleep(10_000).then(() => Number.NaN);
      const [ta, tb] = await Promise.all([Promise.race([gotA, timeout]), Promise.race([gotB, timeout])]);
      if (Number.isNaN(ta) || Number.isNaN(tb)) missed++;
      if (!Number.isNaN(ta)) sameProcess.push(ta - t0);
      if (!Number.isNaN(tb)) otherProcess.push(tb - t0);
      waiters.delete(id);
    }

    // Confirmations come from A's scheduler (1 s test blocks); webhooks from A's job worker.
    const deadline = Date.now() + 60_000;
    while (
      Date.now() < deadline &&
      (confirmedWs.b.size < ids.length || (!webhookProblem && hooks.size < ids.length))
    ) {
      await sleep(250);
    }
    wsA.terminate();
    wsB.terminate();

    console.log(`(a) simulate -> WebSocket payment.updated, ${ids.length} payments one after another`);
    const row = (label: string, v: number[]) =>
      console.log(
        `    ${label.padEnd(46)} p50 ${ms(percentile(v, 50)).padStart(9)}   p95 ${ms(percentile(v, 95)).padStart(9)}   ` +
          `max ${ms(Math.max(...v)).padStart(9)}   (${v.length})`,
      );
    row('HTTP reply of POST /simulate (reference)', httpReply);
    row('client of the same process (A)', sameProcess);
    row('client of the other process (B, LISTEN/NOTIFY)', otherProcess);
    if (missed) console.log(`    missed (no message within 10 s): ${missed}`);
    console.log('(b) confirmation (payment confirmedAt, A scheduler) ->');
    row('WebSocket payment.updated confirmed on A', [...confirmedWs.a.values()]);
    row('WebSocket payment.updated confirmed on B', [...confirmedWs.b.values()]);
    if (webhookProblem) {
      console.log(`    webhook delivered: not measurable yet (${webhookProblem})`);
    } else {
      row('webhook payment.confirmed received', [...hooks.values()]);
      if (hooks.size < ids.length)
        console.log(`    webhooks not received within 60 s: ${ids.length - hooks.size}`);
      if (hookErrors) console.log(`    unreadable webhook bodies: ${hookErrors}`);
    }
    console.log(`    mails accepted by the local SMTP sink meanwhile: ${mailSink?.accepted() ?? 0}`);
  } finally {
    receiver.close();
    await stopServer(a);
    await stopServer(b);
  }
}

/** One client process holding idle sockets; `open(n)` opens n more and resolves with the totals. */
function clientProcess(wsUrl: string, localAddress: string) {
  const child = spawnNode(['--import', 'tsx', 'bench/_live-clients.ts', wsUrl, localAddress], {}, 'pipe');
  const lines = readline.createInterface({ input: child.stdout! });
  const pending: ((line: string) => void)[] = [];
  lines.on('line', (line) => pending.shift()?.(line));
  let held = 0;
  return {
    get held() {
      return held;
    },
    async open(n: number) {
      const reply = new Promise<string>((r) => pending.push(r));
      child.stdin!.write(`open ${n}\n`);
      const r = JSON.parse(await reply) as { open: number; failed: number; error: string | null };
      held = r.open;
      return r;
    },
    stop() {
      child.stdin!.end();
      return new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
    },
  };
}

async function idleClients(dbName: string) {
  const databaseUrl = dbUrl(dbName);
  let server: Server | null = null;
  const clients: ReturnType<typeof clientProcess>[] = [];
  try {
    server = await startServer(databaseUrl, 'api');
    const pid = server.child.pid!;
    const key = await merchantKey(databaseUrl, server.base);
    const wsUrl = `${server.base.replace('http', 'ws')}/ws?token=${encodeURIComponent(key)}`;
    const fdLimit = openFileLimitOf(pid);
    // Room for the database pool, the LISTEN connection, the listening socket and Node's own descriptors.
    const fdBound = fdLimit - 200;
    await sleep(1000);
    const baseline = rssOf(pid);
    console.log(
      `(c) idle WebSocket clients held by one server process (api role); server open-file limit ${fdLimit} ` +
        `(ulimit -Hn here; not raisable without CAP_SYS_RESOURCE)`,
    );
    console.log(
      `    ${'clients'.padStart(8)}   ${'server RSS'.padStart(10)}   per client (over the idle server)`,
    );
    console.log(`    ${'0'.padStart(8)}   ${mb(baseline).padStart(10)}`);
    const targets = [
      ...CHECKPOINTS.filter((c) => c < Math.min(MAX_CLIENTS, fdBound)),
      Math.min(MAX_CLIENTS, fdBound),
    ];
    let held = 0;
    let stopReason = `reached ${Math.min(MAX_CLIENTS, fdBound)} clients`;
    let lastRss = baseline;
    for (const target of [...new Set(targets)]) {
      let failed = 0;
      let error: string | null = null;
      while (held < target) {
        let c = clients.at(-1);
        if (!c || c.held >= PER_CLIENT_PROCESS) {
          c = clientProcess(wsUrl, `127.0.0.${10 + clients.length}`);
          clients.push(c);
        }
        const n = Math.min(target - held, PER_CLIENT_PROCESS - c.held);
        const r = await c.open(n);
        failed += r.failed;
        error ??= r.error;
        held = clients.reduce((s, x) => s + x.held, 0);
        if (r.failed) break;
      }
      await sleep(2000);
      lastRss = rssOf(pid);
      console.log(
        `    ${String(held).padStart(8)}   ${mb(lastRss).padStart(10)}   ${((lastRss - baseline) / Math.max(1, held) / 1024).toFixed(1)} KB` +
          (failed ? `   (${failed} failed: ${error})` : ''),
      );
      if (failed) {
        stopReason = `clients refused at ${held}: ${error}`;
        break;
      }
      if (lastRss >= RSS_CAP_BYTES) {
        stopReason = `RSS reached 1 GB at ${held} clients`;
        break;
      }
    }
    const perClient = (lastRss - baseline) / Math.max(1, held);
    console.log(`    stopped: ${stopReason}`);
    if (lastRss < RSS_CAP_BYTES && perClient > 0) {
      console.log(
        `    projected clients under 1 GB RSS at ${(perClient / 1024).toFixed(1)} KB each: ` +
          `~${Math.floor((RSS_CAP_BYTES - baseline) / perClient).toLocaleString('en')} (measured up to ${held})`,
      );
    }
  } finally {
    await Promise.all(clients.map((c) => c.stop()));
    await stopServer(server);
  }
}

async function main() {
  const dbName = `coinlane_bench_${randomBytes(4).toString('hex')}`;
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  try {
    const pgVersion = await admin(async (c) => (await c.query('show server_version')).rows[0].server_version);
    console.log(
      `Coinlane live-updates benchmark: PostgreSQL ${pgVersion}, Node ${process.version}, ` +
        `${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), fresh database ${dbName}, ` +
        'servers NODE_ENV=production in their own processes, loopback only\n',
    );
    if (!SKIP_LATENCY) await latencies(dbName);
    if (!SKIP_CLIENTS) await idleClients(dbName);
  } finally {
    await mailSink?.close();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
