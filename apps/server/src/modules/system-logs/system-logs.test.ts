import { T } from '@coinlane/core/texts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS, redactSecretsInText } from '#app/http/log.ts';
import { buildServer } from '#app/server.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { pruneSystemLogs, SYSTEM_LOG_RETENTION_DAYS } from './prune-system-logs.ts';
import { createSystemLogStream } from './system-log-stream.ts';

/**
 * System Logs (issue 16, admin spec 2, 4, 9): warn and error lines of every role land in system_logs through the
 * log stream, without secrets; the back-office reads them newest first, by level, 50 per page with a cursor; the
 * prune job keeps them bounded.
 */
let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await createUser({ db: ctx.db, adminRole: 'support_admin' });
  cookie = await signIn({ app: ctx.app, userId: admin.id });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });

/** A logger configured as the server's (http/app.ts): the same redaction, this stream for warn and above. */
function loggerInto(stream: ReturnType<typeof createSystemLogStream>) {
  return pino(
    { level: 'debug', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    pino.multistream([{ level: 'warn', stream }]),
  );
}

describe('the log stream', () => {
  it('stores warn and error lines with their role and metadata, not info or debug, and no secret', async () => {
    const stream = createSystemLogStream({ db: ctx.db, defaultService: 'api', scrub: redactSecretsInText });
    const log = loggerInto(stream);
    log.info('an info line that is not stored');
    log.debug('a debug line that is not stored');
    log
      .child({ service: 'watcher' })
      .warn({ network: 'litecoin', lag: 7 }, 'watcher lagging behind the node');
    log.error(
      {
        secret: 'whsec_c2VjcmV0LXZhbHVlLW9mLXRoZS13ZWJob29r',
        password: 'Correct-Horse-7',
        url: '/api/v1/auth/reset?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
        key: 'cl_live_9f8e7d6c5b4a',
      },
      'reset failed for /api/v1/auth/confirm?code=123456 with key cl_live_9f8e7d6c5b4a',
    );
    await stream.flush();
    const rows = await ctx.db.selectFrom('system_logs').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.level, r.service, r.message])).toEqual([
      ['warn', 'watcher', 'watcher lagging behind the node'],
      ['error', 'api', 'reset failed for /api/v1/auth/confirm?code=[redacted] with key [redacted]'],
    ]);
    expect(rows[0]!.metadata).toEqual({ network: 'litecoin', lag: 7 });
    const text = JSON.stringify(rows);
    for (const secret of [
      'whsec_',
      'Correct-Horse-7',
      'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
      'cl_live_',
      '123456',
    ])
      expect(text).not.toContain(secret);
    expect(rows[1]!.metadata).toMatchObject({ secret: '[redacted]', password: '[redacted]' });
    expect(stream.dropped).toBe(0);
  });

  it('never throws at the caller: a line it cannot read, or a database that refuses, is dropped and counted', async () => {
    const stream = createSystemLogStream({ db: ctx.db, defaultService: 'api' });
    expect(() => stream.write('not json\n')).not.toThrow();
    expect(stream.dropped).toBe(1);
    const broken = createSystemLogStream({
      db: ctx.db.withSchema('no_such_schema'),
      defaultService: 'api',
    });
    const log = loggerInto(broken);
    expect(() => log.warn('lost line')).not.toThrow();
    await broken.flush();
    expect(broken.dropped).toBe(1);
  });

  it('takes the server logger’s warn lines (server.ts wires the stream into the app’s logger)', async () => {
    const own = await createTestContext({ logLevel: 'warn' });
    try {
      // The test context builds its server without a logger; a logging server is built the way main.ts does.
      const server = await buildServer({ config: own.config, dbHandle: own.dbHandle, logger: true });
      server.app.log.warn({ token: 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789' }, 'a warning from the api');
      await server.app.close(); // flushes the stream
      const rows = await own.db
        .selectFrom('system_logs')
        .selectAll()
        .where('message', '=', 'a warning from the api')
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ level: 'warn', service: 'api', message: 'a warning from the api' });
      expect(rows[0]!.metadata).toEqual({ token: '[redacted]' });
    } finally {
      await own.close();
    }
  });
});

async function insertLines(n: number, level: 'warn' | 'error', at = new Date()) {
  await ctx.db
    .insertInto('system_logs')
    .values(
      Array.from({ length: n }, (_, i) => ({
        level,
        service: i % 2 ? 'webhooks' : 'scheduler',
        message: `${level} line ${i}`,
        created_at: at,
      })),
    )
    .execute();
}

describe('GET /admin/logs', () => {
  it('pages newest first, 50 at a time, with the cursor, and filters by level', async () => {
    await ctx.db.deleteFrom('system_logs').execute();
    await insertLines(40, 'warn');
    await insertLines(30, 'error');
    const first = await get('/api/v1/admin/logs');
    expect(first.statusCode, first.body).toBe(200);
    const p1 = first.json().data;
    expect(p1.items).toHaveLength(50);
    expect(p1.retentionDays).toBe(SYSTEM_LOG_RETENTION_DAYS);
    expect(p1.items[0].message).toBe('error line 29');
    const ids = p1.items.map((i: { id: number }) => i.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const p2 = (await get(`/api/v1/admin/logs?before=${p1.nextCursor}`)).json().data;
    expect(p2.items).toHaveLength(20);
    expect(p2.nextCursor).toBeNull();
    expect(p2.items[0].id).toBeLessThan(p1.items.at(-1).id);

    const errors = (await get('/api/v1/admin/logs?level=error')).json().data;
    expect(errors.items).toHaveLength(30);
    expect(errors.items.every((i: { level: string }) => i.level === 'error')).toBe(true);
    expect((await get('/api/v1/admin/logs?level=info')).json().data.items).toEqual([]);
    expect((await get('/api/v1/admin/logs?level=')).json().data.items).toHaveLength(50);
  });

  it('refuses an unknown level with its message, and a bad cursor', async () => {
    const bad = await get('/api/v1/admin/logs?level=fatal');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(T.systemLogLevelInvalid);
    expect((await get('/api/v1/admin/logs?before=abc')).statusCode).toBe(400);
    expect((await get('/api/v1/admin/logs?limit=0')).statusCode).toBe(400);
    expect((await get('/api/v1/admin/logs?other=1')).statusCode).toBe(400);
  });

  it('is for support.read only', async () => {
    const compliance = await createUser({ db: ctx.db, adminRole: 'compliance_admin' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/logs',
      headers: { cookie: await signIn({ app: ctx.app, userId: compliance.id }) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('retention', () => {
  it('removes lines older than 14 days and keeps at most the newest rows', async () => {
    await ctx.db.deleteFrom('system_logs').execute();
    const now = new Date('2026-11-28T12:00:00Z');
    await insertLines(3, 'warn', new Date(now.getTime() - (SYSTEM_LOG_RETENTION_DAYS + 1) * 86_400_000));
    await insertLines(5, 'error', new Date(now.getTime() - 86_400_000));
    expect(await pruneSystemLogs({ db: ctx.db, now })).toBe(3);
    expect(await pruneSystemLogs({ db: ctx.db, now })).toBe(0);
    const left = await ctx.db.selectFrom('system_logs').select(['id', 'level']).orderBy('id').execute();
    expect(left.map((r) => r.level)).toEqual(['error', 'error', 'error', 'error', 'error']);
    expect(await pruneSystemLogs({ db: ctx.db, now, maxRows: 2 })).toBe(3);
    const kept = await ctx.db.selectFrom('system_logs').select('id').orderBy('id').execute();
    expect(kept.map((r) => Number(r.id))).toEqual(left.slice(3).map((r) => Number(r.id)));
  });
});
