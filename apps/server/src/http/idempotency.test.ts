import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createKeyFor, createTestContextWithRoutes } from '#app/test/app-with-routes.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import type { TestContext } from '#app/test/test-app.ts';
import { requirePermission } from './auth.ts';
import { ok } from './errors.ts';
import {
  IDEMPOTENCY_LOCK_TIMEOUT_MS,
  IDEMPOTENCY_TTL_MS,
  IDEMPOTENCY_WAIT_MS,
  idempotent,
  requestFingerprint,
} from './idempotency.ts';

// A test-only route that "creates" numbered things, and can be told to fail, to take its time, or to hold until the
// test releases it (`hold`: "still running" then depends on no clock).
let created = 0;
type Latch = { promise: Promise<void>; open: () => void };
const latch = (): Latch => {
  let open = () => {};
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { promise, open };
};
/** Per hold name: opened when a request enters the route, and the test's release. */
const holds = new Map<string, { entered: Latch; release: Latch }>();
const holdOf = (name: string) => {
  let h = holds.get(name);
  if (!h) {
    h = { entered: latch(), release: latch() };
    holds.set(name, h);
  }
  return h;
};
const ZThing = z.object({
  label: z.string().min(1, 'Label is required'),
  extra: z.record(z.string(), z.unknown()).optional(),
  fail: z.enum(['validation', 'missing', 'crash', 'conflict']).optional(),
  delayMs: z.number().int().min(0).max(10_000).optional(),
  hold: z.string().max(40).optional(),
});
async function testRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const handler = async (
    req: { body: z.infer<typeof ZThing> },
    reply: { status: (n: number) => unknown },
  ) => {
    const body = req.body;
    if (body.delayMs) await new Promise((r) => setTimeout(r, body.delayMs));
    if (body.hold) {
      const h = holdOf(body.hold);
      h.entered.open();
      await h.release.promise;
    }
    if (body.fail === 'validation')
      throw new AppError('VALIDATION_ERROR', { message: 'Label is not acceptable' });
    if (body.fail === 'missing') throw new AppError('NOT_FOUND', { message: 'Nothing here' });
    if (body.fail === 'conflict') throw new AppError('CONFLICT', { message: 'Busy' });
    if (body.fail === 'crash') throw new Error('boom');
    created += 1;
    reply.status(201);
    return ok({ n: created, label: body.label, at: new Date().toISOString() });
  };
  app.post(
    '/api/v1/_test/things',
    { preHandler: [requirePermission('write'), idempotent], schema: { body: ZThing } },
    handler,
  );
  app.post(
    '/api/v1/_test/other-things',
    { preHandler: [requirePermission('write'), idempotent], schema: { body: ZThing } },
    handler,
  );
  app.post('/api/v1/_test/public-things', { preHandler: idempotent, schema: { body: ZThing } }, handler);
}

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContextWithRoutes(testRoutes);
  const user = await createUser({ db: ctx.db });
  headers = { cookie: await signIn({ app: ctx.app, userId: user.id }) };
});
afterAll(() => ctx.close());

let seq = 0;
const newKey = () => `idem-${Date.now()}-${++seq}`;
const send = (
  payload: object,
  key: string | undefined,
  h: Record<string, string> = headers,
  url = '/api/v1/_test/things',
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...h, ...(key !== undefined ? { 'idempotency-key': key } : {}) },
    payload,
  });

describe('Idempotency-Key', () => {
  it('without the header, every request runs', async () => {
    const a = await send({ label: 'x' }, undefined);
    const b = await send({ label: 'x' }, undefined);
    expect(a.statusCode).toBe(201);
    expect(b.json().data.n).toBe(a.json().data.n + 1);
    expect(a.headers['idempotent-replayed']).toBeUndefined();
  });

  it('same key and body: the first reply again, status and body, marked as replayed; the route does not run', async () => {
    const key = newKey();
    const first = await send({ label: 'a', extra: { b: 1, a: [1, 2] } }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const before = created;
    // The same JSON with keys in another order is the same request.
    const again = await send({ extra: { a: [1, 2], b: 1 }, label: 'a' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/application\/json/);
    expect(again.body).toBe(first.body);
    expect(created).toBe(before);
  });

  it('same key, another body or another path: 409 and nothing runs', async () => {
    const key = newKey();
    await send({ label: 'one' }, key);
    const before = created;
    const other = await send({ label: 'two' }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      success: false,
      data: null,
      error: { code: 'CONFLICT', message: T.idempotencyKeyReused },
    });
    const otherPath = await send({ label: 'one' }, key, headers, '/api/v1/_test/other-things');
    expect(otherPath.statusCode).toBe(409);
    expect(created).toBe(before);
  });

  it('keys are scoped per merchant and per mode', async () => {
    const key = newKey();
    const mine = await send({ label: 'same' }, key);
    const user = await createUser({ db: ctx.db });
    const other = { cookie: await signIn({ app: ctx.app, userId: user.id }) };
    const theirs = await send({ label: 'same' }, key, other);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.n).not.toBe(mine.json().data.n);

    // The same merchant in live mode, and through an API key in live mode, share the live scope.
    const live = { cookie: await signIn({ app: ctx.app, userId: user.id, mode: 'live' }) };
    const liveRes = await send({ label: 'same' }, key, live);
    expect(liveRes.headers['idempotent-replayed']).toBeUndefined();
    const liveKey = await createKeyFor({
      app: ctx.app,
      userId: user.id,
      mode: 'live',
      permissions: ['write'],
    });
    const viaKey = await send({ label: 'same' }, key, bearer(liveKey.key));
    expect(viaKey.headers['idempotent-replayed']).toBe('true');
    expect(viaKey.body).toBe(liveRes.body);
  });

  it('stores validation refusals (400) and replays them', async () => {
    const key = newKey();
    const first = await send({ label: 'v', fail: 'validation' }, key);
    expect(first.statusCode).toBe(400);
    const again = await send({ label: 'v', fail: 'validation' }, key);
    expect(again.statusCode).toBe(400);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().error.message).toBe('Label is not acceptable');
  });

  it('does not store 5xx, 404 or 409 replies: a retry with the same key runs again', async () => {
    for (const fail of ['crash', 'missing', 'conflict'] as const) {
      const key = newKey();
      const first = await send({ label: 'f', fail }, key);
      expect(first.statusCode).toBeGreaterThanOrEqual(404);
      const retry = await send({ label: 'f', fail }, key);
      expect(retry.statusCode).toBe(first.statusCode);
      expect(retry.headers['idempotent-replayed']).toBeUndefined();
      // And after the failure the key can still carry the request that works.
      const fixed = await send({ label: 'f' }, key);
      expect(fixed.statusCode).toBe(201);
      expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    }
    const rows = await ctx.db
      .selectFrom('idempotency_keys')
      .select('status')
      .where('status', '=', 'processing')
      .execute();
    expect(rows).toEqual([]);
  });

  it('a body refused by the route schema claims nothing: the key stays free', async () => {
    const key = newKey();
    const bad = await send({ label: '' }, key);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Label is required');
    const good = await send({ label: 'ok' }, key);
    expect(good.statusCode).toBe(201);
  });

  it('concurrent duplicates: the second waits for the first and gets its reply; the route runs once', async () => {
    const key = newKey();
    const before = created;
    const [a, b] = await Promise.all([
      send({ label: 'c', delayMs: 400 }, key),
      new Promise((r) => setTimeout(r, 50)).then(() => send({ label: 'c', delayMs: 400 }, key)),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.body).toBe(a.body);
    expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual([
      'true',
    ]);
    expect(created).toBe(before + 1);
  });

  // The first request holds in the route until the duplicate has its answer: with a fixed delay (the wait plus
  // 1.5 s) a loaded machine let the first finish inside the duplicate's wait (CI-like run, 2026-12-02: 201).
  it('a duplicate of a request still running after the wait gets 409 "still being processed"', async () => {
    const key = newKey();
    const body = { label: 's', hold: 'still-running' };
    const slow = send(body, key);
    await holdOf('still-running').entered.promise; // the first has claimed the key and runs
    const started = Date.now();
    const dup = await send(body, key);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({ code: 'CONFLICT', message: T.idempotencyKeyInProgress });
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDEMPOTENCY_WAIT_MS - 200);
    holdOf('still-running').release.open();
    expect((await slow).statusCode).toBe(201);
    const replay = await send(body, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('a claim abandoned by a dead process is taken over by the same request after the lock timeout', async () => {
    const key = newKey();
    const user = (await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers })).json().data
      .user;
    const payload = { label: 'orphan' };
    const old = new Date(Date.now() - IDEMPOTENCY_LOCK_TIMEOUT_MS - 1000);
    await ctx.db
      .insertInto('idempotency_keys')
      .values({
        owner: `${user.id}:test`,
        key,
        method: 'POST',
        path: '/api/v1/_test/things',
        request_hash: requestFingerprint('POST', '/api/v1/_test/things', payload),
        created_at: old,
        locked_at: old,
      })
      .execute();
    const res = await send(payload, key);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keys are kept 24 hours: an expired key runs as new, even with another body', async () => {
    const key = newKey();
    const first = await send({ label: 'day one' }, key);
    expect(first.statusCode).toBe(201);
    const dayAgo = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000);
    await ctx.db
      .updateTable('idempotency_keys')
      .set({ created_at: dayAgo, locked_at: dayAgo })
      .where('key', '=', key)
      .execute();
    const next = await send({ label: 'day two' }, key);
    expect(next.statusCode).toBe(201);
    expect(next.headers['idempotent-replayed']).toBeUndefined();
    expect(next.json().data.label).toBe('day two');
  });

  it('refuses a malformed key (400) and runs nothing', async () => {
    const before = created;
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'é-accent']) {
      const res = await send({ label: 'm' }, key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json().error.message).toBe(T.idempotencyKeyInvalid);
    }
    expect((await send({ label: 'm' }, 'x'.repeat(255))).statusCode).toBe(201);
    expect(created).toBe(before + 1);
  });

  it('works on public routes, scoped to the anonymous caller', async () => {
    const key = newKey();
    const url = '/api/v1/_test/public-things';
    const first = await send({ label: 'p' }, key, {}, url);
    expect(first.statusCode).toBe(201);
    const again = await send({ label: 'p' }, key, {}, url);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('needs the auth guard first: a caller without the permission claims nothing', async () => {
    const user = await createUser({ db: ctx.db });
    const readOnly = await createKeyFor({ app: ctx.app, userId: user.id, permissions: ['read'] });
    const key = newKey();
    const refused = await send({ label: 'r' }, key, bearer(readOnly.key));
    expect(refused.statusCode).toBe(403);
    const rows = await ctx.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();
    expect(rows).toEqual([]);
  });
});
