// What one API payment creation sends to PostgreSQL: statements (each a round trip with node-postgres), in order.
//
// On a fresh PostgreSQL database (created and dropped here), builds the real server in this process (server.ts, the
// production composition root, its LISTEN connection up), makes a merchant and an API key, creates a few warm-up
// payments, then counts every query the server's pool sends while it creates --payments more (POST /api/v1/payments
// through app.inject, a crypto amount, test mode). Prints the statements per creation and the first one's list.
// With --confirmations: the payments are also paid (POST /payments/{id}/simulate), then one tick of the test network
// confirms them all (advanceTestNetwork, as the scheduler runs it, four payments at a time); prints the statements
// per confirmed payment, the tick's time, and the statements grouped by their text.
//
//   npm run bench -- payment-statements [--payments=20] [--idempotency-keys] [--confirmations [--cpu-prof]]
//   (--cpu-prof: the tick runs under the V8 profiler (node:inspector), and its top ten costs are printed)
//   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default postgres://postgres@127.0.0.1:5432/postgres)
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/connection.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { createSession, SESSION_COOKIE } from '../apps/server/src/modules/auth/sessions.ts';
import { advanceTestNetwork } from '../apps/server/src/modules/test-network/advance-test-network.ts';
import { buildServer } from '../apps/server/src/server.ts';
import { createUser } from '../apps/server/src/test/fixtures.ts';
import { summarizeCpuProfile } from './_cpu-profile.ts';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = found ? Number(found.split('=')[1]) : fallback;
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive integer`);
  return value;
};
const PAYMENTS = arg('payments', 20);
const WITH_KEYS = process.argv.includes('--idempotency-keys');
const CONFIRMATIONS = process.argv.includes('--confirmations');
const CPU_PROF = process.argv.includes('--cpu-prof');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `coinlane_bench_stmts_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(BASE_URL);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

async function admin(text: string) {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

// Every query a pg.Client sends, with the client's application name (the LISTEN connection is left out).
const sent: string[] = [];
let counting = false;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  if (
    counting &&
    (this as unknown as { connectionParameters: { application_name?: string } }).connectionParameters
      .application_name !== 'coinlane-live'
  ) {
    sent.push(text.replace(/\s+/g, ' ').trim());
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

await admin(`CREATE DATABASE ${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-bench-stmts-'));
const handle = await openPostgres(dbUrl, 10);
try {
  await migrateToLatest(handle.db);
  const config = loadConfig(
    { NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' },
    { webDistDir: path.join(dataDir, 'no-web') },
  );
  const { app, payments } = await buildServer({ config, dbHandle: handle, logger: false });
  await app.ready();
  const user = await createUser({ db: handle.db, name: 'Bench Merchant' });
  const { token } = await createSession({
    db: handle.db,
    userId: user.id,
    mode: 'test',
    ip: null,
    userAgent: 'bench',
  });
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: { cookie: `${SESSION_COOKIE}=${token}` },
    payload: { name: 'Bench', permissions: ['read', 'write'] },
  });
  const key = created.json().data.key as string;
  let n = 0;
  const create = async (): Promise<string> => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: {
        authorization: `Bearer ${key}`,
        ...(WITH_KEYS ? { 'idempotency-key': `bench-${++n}-${randomBytes(4).toString('hex')}` } : {}),
      },
      payload: { amount: '0.00050000', currency: 'BTC', description: 'Benchmark order' },
    });
    if (res.statusCode !== 201) throw new Error(`creation answered ${res.statusCode}: ${res.body}`);
    return res.json().data.id as string;
  };
  for (let i = 0; i < 5; i++) await create(); // warm-up: caches filled, the key's use recorded
  const perPayment: number[] = [];
  let firstList: string[] = [];
  let profileSummary: string | null = null;
  const ids: string[] = [];
  for (let i = 0; i < PAYMENTS; i++) {
    sent.length = 0;
    counting = true;
    ids.push(await create());
    counting = false;
    perPayment.push(sent.length);
    if (i === 0) firstList = [...sent];
  }
  if (CONFIRMATIONS) {
    for (const id of ids) {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/payments/${id}/simulate`,
        headers: { authorization: `Bearer ${key}` },
      });
      if (res.statusCode !== 200) throw new Error(`simulate answered ${res.statusCode}: ${res.body}`);
    }
    sent.length = 0;
    counting = true;
    const profiler = CPU_PROF ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
      await profiler.post('Profiler.start');
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    // an hour later: every transfer has all the blocks its payment requires
    const confirmed = await advanceTestNetwork({
      deps: payments,
      db: handle.db,
      now: new Date(Date.now() + 3_600_000),
      blockSeconds: 1,
    });
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    counting = false;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      profiler.disconnect();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-tick-prof-'));
      fs.writeFileSync(path.join(dir, 'tick.cpuprofile'), JSON.stringify(profile));
      profileSummary = summarizeCpuProfile(dir, 10).replace('of the server', 'of the tick');
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const grouped = new Map<string, number>();
    for (const text of sent) grouped.set(text.slice(0, 140), (grouped.get(text.slice(0, 140)) ?? 0) + 1);
    console.log(
      `One test-network tick confirming ${confirmed} payments: ${sent.length} statements ` +
        `(${(sent.length / Math.max(1, confirmed)).toFixed(1)} per payment), ${ms.toFixed(1)} ms ` +
        `(this process's CPU: ${((cpu.user + cpu.system) / 1000).toFixed(1)} ms)`,
    );
    for (const [text, n] of [...grouped].sort((a, b) => b[1] - a[1]))
      console.log(`  ${String(n).padStart(4)} x ${text}`);
    if (profileSummary) console.log(profileSummary);
  }
  await app.close();
  const sorted = [...perPayment].sort((a, b) => a - b);
  console.log(
    `API payment creation${WITH_KEYS ? ' with an Idempotency-Key' : ''}, ${PAYMENTS} payments after 5 warm-up: ` +
      `statements (round trips) per creation min ${sorted[0]}, median ${sorted[Math.floor(sorted.length / 2)]}, ` +
      `max ${sorted[sorted.length - 1]}`,
  );
  console.log('The first counted creation sent:');
  for (const [i, text] of firstList.entries())
    console.log(`  ${String(i + 1).padStart(2)}. ${text.slice(0, 150)}`);
} finally {
  await handle.close();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
