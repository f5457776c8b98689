import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { createApiKey } from '#app/modules/api-keys/create-api-key.ts';
import { createUser } from '#app/test/fixtures.ts';
import { freePort } from '#app/test/litecoind.ts';
import { type ServerProcess, startServerProcess } from '#app/test/server-process.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';

// The real server as a child process (`node --import tsx apps/server/src/main.ts`, every role), killed with
// SIGKILL while it owes a webhook, then started again on the same database: the delivery is made.
const cleanups: Array<() => Promise<void> | void> = [];
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const s of servers)
    if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
  for (const f of cleanups.reverse()) await f();
});

describe('a webhook owed when the server is killed', () => {
  it('is delivered after a restart on the same database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-webhook-restart-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl = '';
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const name = `coinlane_whr_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(base);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await c.end();
      });
    }

    // A merchant and an API key, written before the server starts (PGlite allows one process at a time).
    const handle = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    await migrateToLatest(handle.db);
    const user = await createUser({ db: handle.db });
    const { key } = await createApiKey({
      db: handle.db,
      userId: user.id,
      mode: 'test',
      name: 'restart test',
      permissions: ['read', 'write', 'webhook'],
      ip: null,
    });
    await handle.close();

    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      ALLOW_PRIVATE_WEBHOOKS: 'true',
      WEBHOOK_RETRY_BASE_SECONDS: '3',
      JOB_POLL_MS: '100',
    };
    const receiverPort = await freePort(); // nothing listens there yet: the receiver is down
    const startServer = async () => {
      const started = await startServerProcess(env, { dataDir });
      servers.push(started);
      return { ...started, logs: started.output };
    };
    let server = await startServer();
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      // biome-ignore lint/suspicious/noExplicitAny: replies of several shapes, checked by the assertions
      return { status: res.status, json: (await res.json()) as { data: any } };
    };
    const cfg = await call('PUT', '/webhooks/config', {
      url: `http://127.0.0.1:${receiverPort}/hooks`,
      events: ['payment.created'],
    });
    expect(cfg.status).toBe(200);
    const payment = await call('POST', '/payments', { amount: '0.25', currency: 'BTC' });
    expect(payment.status).toBe(201);

    // Wait until the first attempt has failed (connection refused) and a retry is owed.
    const deadline = Date.now() + 30_000;
    let owed: { id: string; deliveryState: string; attempts: number } | undefined;
    while (Date.now() < deadline) {
      owed = (await call('GET', '/webhooks/events')).json.data.items[0];
      if (owed?.deliveryState === 'retrying') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(owed, server.logs()).toMatchObject({ deliveryState: 'retrying', attempts: 1 });

    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));

    const receiver = await startWebhookReceiver(undefined, receiverPort);
    cleanups.push(() => receiver.close());
    server = await startServer();
    const until = Date.now() + 60_000;
    while (receiver.received.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(receiver.received.length, server.logs()).toBe(1);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body).toMatchObject({ id: owed!.id, type: 'payment.created', data: { id: payment.json.data.id } });

    let state = '';
    while (Date.now() < until) {
      state = (await call('GET', `/webhooks/events/${owed!.id}`)).json.data.deliveryState;
      if (state === 'delivered') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(state).toBe('delivered');
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  });
});
