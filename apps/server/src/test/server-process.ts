import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './litecoind.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far (its log). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * A real server process (apps/server/src/main.ts, as `npm start` runs it) on a free port, started with `env` over
 * the test's environment; resolves once /api/v1/health answers. Without DATABASE_URL in `env` it runs on the
 * embedded database in its DATA_DIR: a fresh one removed by stop(), or `dataDir` (kept: a restart test starts a
 * second process on the same one).
 */
export async function startServerProcess(
  env: Record<string, string>,
  { dataDir: keptDir }: { dataDir?: string } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = keptDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-server-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      // No price API is reachable here: test mode prices from the built-in test prices.
      RATES_API_URL: 'http://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // a cold start compiles the whole server (tsx): over a minute on a loaded 2-core CI machine (2026-11-29)
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, dataDir, output: () => output, stop };
}
