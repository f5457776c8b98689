#!/usr/bin/env node
// `npm run cluster`: Coinlane's production shape on one machine and one PostgreSQL (docs/architecture.md,
// "Production shape"): two API processes, two job workers (the webhooks and scheduler roles) and two watchers (one
// leads each chain, the other stands by), each a `node --import tsx apps/server/src/main.ts` with its ROLES.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/coinlane npm run cluster
//
// DATABASE_URL is required (PGlite is one process's database). PORT is the first port (default 3000): api-1 on
// PORT, api-2 on PORT+1 (the two a reverse proxy balances), worker-1, worker-2, watcher-1 and watcher-2 on PORT+2
// to PORT+5 on 127.0.0.1 (they answer GET /api/v1/health, the liveness check of a process manager). Every other
// variable (APP_SECRET_KEY, SMTP_URL, CHAIN_*...) goes to all six as it is; APP_URL defaults to api-1's address.
// api-1 starts first and migrates the database, the five others once it answers. Each line a process writes is
// printed with its name in front. A process that exits is reported and NOT restarted: restarting is the process
// manager's job (deploy/systemd, deploy/compose.yaml). Ctrl-C (or SIGTERM) stops all six, each as a SIGTERM lets
// it (finishing its running jobs and passes), killed if it lingers past 15 s.
//
// The test apps/server/src/cluster.test.ts starts the same shape through `startCluster`.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The shape: name, roles and port (offset from the first port) of each process. Both workers run the scheduler
 * too: a scheduled job's slot has one deterministic id however many processes enqueue it (jobs/schedule.ts), so
 * two schedulers run each slot once, and the slots go on when one worker is down.
 */
export const CLUSTER_SHAPE = [
  { name: 'api-1', roles: 'api', offset: 0, public: true },
  { name: 'api-2', roles: 'api', offset: 1, public: true },
  { name: 'worker-1', roles: 'webhooks,scheduler', offset: 2, public: false },
  { name: 'worker-2', roles: 'webhooks,scheduler', offset: 3, public: false },
  { name: 'watcher-1', roles: 'watcher', offset: 4, public: false },
  { name: 'watcher-2', roles: 'watcher', offset: 5, public: false },
];

/** A free TCP port on 127.0.0.1 (the test's processes each get one). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Writes `name | line` to standard output (the command line's log). */
function printLine(name, line) {
  process.stdout.write(`${name.padEnd(9)} | ${line}\n`);
}

/**
 * Each process's own metrics port (decision 028): METRICS_PORT (9464 when unset) for the first process, then one
 * more for each of the others in the shape's order, so that six processes on one machine do not all ask for 9464.
 * Left to each process when it is `off`, `0`, or unset outside production (metrics off).
 */
function metricsPortOf(env, spec) {
  const given = env.METRICS_PORT;
  if (given === 'off' || given === '0') return {};
  if (given === undefined && env.NODE_ENV !== 'production') return {};
  const base = Number(given ?? 9464);
  if (!Number.isInteger(base)) return {};
  return { METRICS_PORT: String(base + CLUSTER_SHAPE.indexOf(spec)) };
}

/**
 * Starts one process of the shape and resolves once its GET /api/v1/health answers (or rejects when it exits
 * first, or after `readyTimeoutMs`).
 */
async function startProcess({ spec, port, env, onLine, readyTimeoutMs }) {
  const host = spec.public ? (env.HOST ?? '0.0.0.0') : '127.0.0.1';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...env, ROLES: spec.roles, PORT: String(port), HOST: host, ...metricsPortOf(env, spec) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  child.on('error', (err) => onLine(spec.name, `could not start: ${err.message}`));
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => onLine(spec.name, line));
  }
  const url = `http://127.0.0.1:${port}`;
  const proc = { name: spec.name, roles: spec.roles, port, url, pid: child.pid, child, exited };
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${spec.name} exited before it answered (${child.exitCode ?? child.signalCode})`);
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${spec.name} did not answer on ${url} within ${readyTimeoutMs} ms`);
    }
    await sleep(150);
  }
}

/** Stops one process: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has exited. */
async function stopProcess(proc, graceMs) {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return proc.exited;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  const result = await proc.exited;
  clearTimeout(timer);
  return result;
}

/**
 * Starts the shape against `env.DATABASE_URL`: api-1 first (it migrates the database), then the five others;
 * resolves once all six answer. `ports` (six, in the order of CLUSTER_SHAPE) overrides the ports from
 * `env.PORT`; `ports: 'free'` takes free ones. `onLine(name, line)` receives every line a process writes
 * (default: printed with the name in front). A process that exits is not restarted.
 */
export async function startCluster({
  env = process.env,
  ports,
  onLine = printLine,
  readyTimeoutMs = 60_000,
  graceMs = 15_000,
} = {}) {
  if (!env.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is required: the processes share one PostgreSQL (the embedded database is one process’s)',
    );
  }
  const base = Number(env.PORT ?? 3000);
  const chosen =
    ports === 'free'
      ? await Promise.all(CLUSTER_SHAPE.map(() => freePort()))
      : (ports ?? CLUSTER_SHAPE.map((s) => base + s.offset));
  if (
    chosen.length !== CLUSTER_SHAPE.length ||
    chosen.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)
  ) {
    throw new Error(`six ports are needed, got ${JSON.stringify(chosen)} (PORT must leave room for PORT+5)`);
  }
  const shared = {
    ...Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
    APP_URL: env.APP_URL || `http://localhost:${chosen[0]}`,
  };
  const processes = [];
  const stop = async () => {
    await Promise.all(processes.map((p) => stopProcess(p, graceMs)));
  };
  const start = (i) =>
    startProcess({ spec: CLUSTER_SHAPE[i], port: chosen[i], env: shared, onLine, readyTimeoutMs }).then(
      (p) => {
        processes.push(p);
        return p;
      },
    );
  try {
    await start(0);
    await Promise.all(CLUSTER_SHAPE.slice(1).map((_, i) => start(i + 1)));
  } catch (err) {
    await stop();
    throw err;
  }
  processes.sort(
    (a, b) =>
      CLUSTER_SHAPE.findIndex((s) => s.name === a.name) - CLUSTER_SHAPE.findIndex((s) => s.name === b.name),
  );
  return {
    processes,
    /** The process of that name (api-1, worker-2, watcher-1...). */
    get(name) {
      const p = processes.find((x) => x.name === name);
      if (!p) throw new Error(`no process ${name} in the cluster`);
      return p;
    },
    /** Stops every process still running (SIGTERM, SIGKILL past the grace). */
    stop,
  };
}

async function main() {
  let cluster;
  let stopping = false;
  const onSignal = async (signal) => {
    if (stopping) return;
    stopping = true;
    printLine('cluster', `${signal}: stopping every process`);
    await cluster?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void onSignal('SIGINT'));
  process.on('SIGTERM', () => void onSignal('SIGTERM'));
  try {
    cluster = await startCluster();
  } catch (err) {
    console.error(`cluster: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  for (const p of cluster.processes) {
    printLine('cluster', `${p.name} (ROLES=${p.roles}) pid ${p.pid} on port ${p.port}`);
    void p.exited.then(({ code, signal }) => {
      if (stopping) return;
      printLine(
        'cluster',
        `${p.name} exited (${signal ?? `code ${code}`}); not restarted (a process manager would)`,
      );
      if (cluster.processes.every((x) => x.child.exitCode !== null || x.child.signalCode !== null)) {
        printLine('cluster', 'every process has exited');
        process.exit(1);
      }
    });
  }
  const [api1, api2] = cluster.processes;
  printLine(
    'cluster',
    `ready: API at ${api1.url} and ${api2.url} (balance them behind a proxy); Ctrl-C stops all`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
