import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startSmtpServer } from '#app/test/smtp.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Builds the web app once per run when its output is missing or older than its sources. */
export function ensureWebBuilt() {
  const dist = path.join(root, 'apps/web/dist/index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = path.join(dir, e.name);
      return Math.max(m, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  const srcTime = Math.max(
    newest(path.join(root, 'apps/web/src')),
    newest(path.join(root, 'packages/core/src')),
  );
  // A build from before the precompression step (apps/web/scripts/compress.mjs) lacks the .br copies.
  const compressed = fs.existsSync(path.join(root, 'apps/web/dist/payment.html.br'));
  if (compressed && fs.existsSync(dist) && fs.statSync(dist).mtimeMs > srcTime) return;
  const res = spawnSyncNpm(['run', 'build', '-w', '@coinlane/web']);
  if (res !== 0) throw new Error('web build failed');
}

function spawnSyncNpm(args: string[]): number {
  // A production build (vitest sets NODE_ENV=test, which would build React's development bundle).
  return (
    spawnSync('npm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
      .status ?? 1
  );
}

export type RunningServer = {
  url: string;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  dataDir: string;
  /** The server's PostgreSQL database when TEST_DATABASE_URL is set (a test may seed rows there); else undefined. */
  databaseUrl?: string;
  stop: () => Promise<void>;
  logs: () => string;
};

/**
 * Starts the real server as `npm start` does (one process, all roles), on a fresh database: PostgreSQL when
 * TEST_DATABASE_URL is set (a new database per server), otherwise embedded PGlite in a temporary DATA_DIR.
 * Mail goes to a real SMTP server started here. `env` adds or overrides variables (ROLES, CHAIN_*); `admin`
 * first creates an administrator with the operator's command (`npm run admin:create`, with `--role` when given) on
 * the same database.
 */
export async function startServer(
  env: Record<string, string> = {},
  { admin }: { admin?: { email: string; password: string; role?: string } } = {},
): Promise<RunningServer> {
  const smtp = await startSmtpServer();
  let port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-e2e-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    dbName = `coinlane_e2e_${randomBytes(5).toString('hex')}`;
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  let url = `http://127.0.0.1:${port}`;
  let output = '';
  const serverEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: url,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    ...env,
  };
  if (admin) {
    // Before the server opens the database: the embedded one takes one process at a time.
    const res = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli/create-admin.ts',
        '--email',
        admin.email,
        ...(admin.role ? ['--role', admin.role] : []),
      ],
      { cwd: root, env: { ...serverEnv, ADMIN_PASSWORD: admin.password }, encoding: 'utf8' },
    );
    if (res.status !== 0) throw new Error(`create-admin failed (${res.status}): ${res.stderr}${res.stdout}`);
  }
  // The port was free when picked, and may be taken before the server binds it (another suite's process on a busy
  // machine: EADDRINUSE, seen in a CI-like run): then the server starts again on another.
  let child!: ChildProcess;
  for (let attempt = 1; ; attempt++) {
    output = '';
    const started = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...serverEnv, PORT: String(port), APP_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout?.on('data', (d) => {
      output += d;
    });
    started.stderr?.on('data', (d) => {
      output += d;
    });
    // Generous: on a loaded CI machine, tsx compiling the server can take over a minute. A server that fails exits
    // early (below) and is reported at once; the hook's own timeout still bounds the wait.
    const deadline = Date.now() + 300_000;
    let up = false;
    while (!up) {
      if (started.exitCode !== null) break;
      try {
        const res = await fetch(`${url}/api/v1/health`);
        up = res.ok;
      } catch {}
      if (!up && Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
    if (up) break;
    if (!output.includes('EADDRINUSE') || attempt === 3) throw new Error(`server exited early:\n${output}`);
    port = await freePort();
    url = `http://127.0.0.1:${port}`;
  }
  return {
    url,
    smtp,
    dataDir,
    databaseUrl,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName && base) {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
        await c.end();
      }
    },
  };
}
