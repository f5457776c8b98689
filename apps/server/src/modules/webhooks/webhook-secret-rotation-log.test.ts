import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { verifyWebhookSignature } from '@coinlane/core/webhook-signature';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#app/db/connection.ts';
import { migrateToLatest } from '#app/db/migrate.ts';
import { createApiKey } from '#app/modules/api-keys/create-api-key.ts';
import { createUser } from '#app/test/fixtures.ts';
import { type ServerProcess, startServerProcess } from '#app/test/server-process.ts';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';

// The real server as a child process (api and webhooks roles, every log line down to trace): a merchant rotates
// its webhook secret twice while events are delivered, sent as tests and resent; no secret, the rotated-out ones
// least of all, reaches the process's log, and the rotated-out ones reach no reply after their rotation.
const cleanups: Array<() => Promise<void> | void> = [];
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop();
  for (const f of cleanups.reverse()) await f();
});

async function freshDatabaseUrl(): Promise<string> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return '';
  const name = `coinlane_whrot_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await c.end();
  });
  const u = new URL(base);
  u.pathname = `/${name}`;
  return u.toString();
}

describe('a webhook secret rotation in a real server', () => {
  it('logs no secret and returns a rotated-out secret in no reply', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coinlane-webhook-rotation-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const databaseUrl = await freshDatabaseUrl();
    // A merchant and an API key, written before the server starts (PGlite allows one process at a time).
    const handle = await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
    await migrateToLatest(handle.db);
    const user = await createUser({ db: handle.db });
    const { key } = await createApiKey({
      db: handle.db,
      userId: user.id,
      mode: 'test',
      name: 'rotation test',
      permissions: ['read', 'write', 'webhook'],
      ip: null,
    });
    await handle.close();

    const receiver = await startWebhookReceiver();
    cleanups.push(() => receiver.close());
    server = await startServerProcess(
      {
        NODE_ENV: 'development',
        DATABASE_URL: databaseUrl,
        SMTP_URL: '',
        LOG_LEVEL: 'trace',
        ROLES: 'api,webhooks',
        ALLOW_PRIVATE_WEBHOOKS: 'true',
        JOB_POLL_MS: '100',
      },
      { dataDir },
    );
    const started = server;
    const replies: string[] = [];
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${started.url}/api/v1${url}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      replies.push(text);
      expect(res.status, text).toBeLessThan(300);
      // biome-ignore lint/suspicious/noExplicitAny: replies of several shapes, checked by the assertions
      return JSON.parse(text).data as any;
    };
    const waitForHits = async (n: number) => {
      const deadline = Date.now() + 30_000;
      while (receiver.received.length < n && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(receiver.received.length, started.output()).toBeGreaterThanOrEqual(n);
    };

    const first = (await call('PUT', '/webhooks/config', { url: receiver.url, events: ['payment.created'] }))
      .secret as string;
    const afterFirst = replies.length;
    const second = (await call('POST', '/webhooks/config/rotate-secret')).secret as string;
    expect((await call('GET', '/webhooks/config')).previousSecretExpiresAt).toEqual(expect.any(String));

    // A payment's event, delivered by the server's own worker: signed with both secrets.
    await call('POST', '/payments', { amount: '0.25', currency: 'BTC' });
    await waitForHits(1);
    const hit = receiver.received[0]!;
    for (const s of [first, second]) {
      expect(verifyWebhookSignature(hit.body, String(hit.headers['coinlane-signature']), s).ok).toBe(true);
    }
    const eventId = JSON.parse(hit.body).id as string;
    await call('POST', '/webhooks/config/test');
    await call('POST', `/webhooks/events/${eventId}/resend`);
    await waitForHits(3);

    const afterSecond = replies.length;
    const third = (await call('POST', '/webhooks/config/rotate-secret')).secret as string;
    await call('POST', '/webhooks/config/test');
    await waitForHits(4);
    const last = receiver.received[3]!;
    expect(verifyWebhookSignature(last.body, String(last.headers['coinlane-signature']), third).ok).toBe(
      true,
    );
    expect(verifyWebhookSignature(last.body, String(last.headers['coinlane-signature']), second).ok).toBe(
      true,
    );
    expect(verifyWebhookSignature(last.body, String(last.headers['coinlane-signature']), first).ok).toBe(
      false,
    );
    await call('GET', '/webhooks/config');
    await call('GET', `/webhooks/events/${eventId}`);

    await server.stop(); // flushes the log
    const log = server.output();
    // The process did log the requests (so the check below reads a real log), and none of the secrets.
    expect(log).toContain('/webhooks/config/rotate-secret');
    for (const s of [first, second, third]) expect(log).not.toContain(s.slice(6));
    expect(replies.slice(afterFirst).join('\n')).not.toContain(first);
    expect(replies.slice(afterSecond).join('\n')).not.toContain(second);
    expect(replies.at(-2)).toContain(third);
  });
});
