import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRateEntries } from '#app/modules/rates/load-rate-book.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { type SecondServer, startSecondServer } from '#app/test/second-server.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { usingPostgres, rawWrite as writeRaw } from '#app/test/test-db.ts';
import { waitFor } from '#app/test/wait-for.ts';
import { CACHED_TABLES, READ_CACHE_TTL_MS, ReadCaches } from './read-caches.ts';

// The read caches (decision 029): what they keep, when they keep nothing, and that a change made anywhere (this
// handle, a raw write, another server process on the same PostgreSQL) reaches every process.

describe('ReadCache', () => {
  const setup = (listening = true) => {
    let now = 0;
    const caches = new ReadCaches(() => now);
    caches.setListening(listening);
    let reads = 0;
    const load = async () => ++reads;
    return {
      cache: caches.cache<number>('system_settings'),
      caches,
      load,
      reads: () => reads,
      tick: (ms: number) => (now += ms),
    };
  };

  it('keeps a value READ_CACHE_TTL_MS at most, and shares one read between concurrent callers', async () => {
    const { cache, load, reads, tick } = setup();
    expect(await Promise.all([cache.get('k', load), cache.get('k', load)])).toEqual([1, 1]);
    tick(READ_CACHE_TTL_MS - 1);
    expect(await cache.get('k', load)).toBe(1);
    tick(1);
    expect(await cache.get('k', load)).toBe(2);
    expect(reads()).toBe(2);
  });

  it('keeps nothing while not listening, and empties itself when the connection is lost', async () => {
    const off = setup(false);
    expect(await off.cache.get('k', off.load)).toBe(1);
    expect(await off.cache.get('k', off.load)).toBe(2);
    const on = setup();
    await on.cache.get('k', on.load);
    on.caches.setListening(false);
    expect(on.cache.size).toBe(0);
  });

  it('drops what a write to one of its tables made stale, and keeps no failure', async () => {
    const { cache, caches, load } = setup();
    await cache.get('k', load);
    caches.invalidate('api_keys'); // not a table of the settings cache
    expect(cache.size).toBe(1);
    caches.invalidate('system_settings');
    expect(cache.size).toBe(0);
    await expect(cache.get('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(cache.size).toBe(0);
    // what the caller refuses to keep (an unknown key) is returned, not kept
    expect(
      await cache.get(
        'unknown',
        async () => 0,
        (v) => v !== 0,
      ),
    ).toBe(0);
    expect(cache.size).toBe(0);
  });
});

/** Entries kept a minute: what drops them within a second below is the table's notification, not their age. */
const NO_EXPIRY_MS = 60_000;

describe('read caches of a server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    ctx.dbHandle.readCaches.ttlMs = NO_EXPIRY_MS;
  });
  afterAll(() => ctx?.close());

  const createKey = async (cookie: string) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie },
      payload: { name: 'Cache' },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; key: string };
  };
  /** A write not through the handle's Kysely instance: only the table's trigger and NOTIFY can tell the server. */
  const rawWrite = (text: string, params: unknown[]) => writeRaw(ctx.dbHandle, text, params);
  const health = (app: TestContext['app'], key: string) =>
    app.inject({ method: 'GET', url: '/api/v1/payments', headers: { authorization: `Bearer ${key}` } });

  it('every cached table has the trigger that announces its writes (migration 0038)', async () => {
    const { rows } = await sql<{ relname: string }>`
      SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = 'cache_changed'
    `.execute(ctx.db);
    expect(rows.map((r) => r.relname).sort()).toEqual([...CACHED_TABLES].sort());
  });

  it('a key revoked by a write no server made (psql, a script) is refused within a second', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKey(await signIn({ app: ctx.app, userId: user.id }));
    // The first call records the key's use (a write to api_keys, which empties the cache); the second keeps it.
    expect((await health(ctx.app, key.key)).statusCode).toBe(200);
    expect((await health(ctx.app, key.key)).statusCode).toBe(200);
    expect(ctx.dbHandle.readCaches.cache('api_keys').size).toBe(1);
    await rawWrite('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
    const started = Date.now();
    await waitFor(
      'the revoked key refused',
      async () => (await health(ctx.app, key.key)).statusCode === 401,
      READ_CACHE_TTL_MS,
    );
    expect(Date.now() - started).toBeLessThan(READ_CACHE_TTL_MS);
  });

  it('the settings are kept frozen and shared by every caller; a change is read at once by the process that made it', async () => {
    const first = await getSystemSettings({ db: ctx.db });
    expect(await getSystemSettings({ db: ctx.db })).toBe(first); // no copy per call
    expect(Object.isFrozen(first.general)).toBe(true);
    expect(() => {
      (first.general as Record<string, unknown>).platform_name = 'Mutated';
    }).toThrow(TypeError);
    const name = first.general.platform_name;
    try {
      await setSystemSetting({ db: ctx.db, key: 'platform_name', value: 'Frozen Test', updatedBy: null });
      const after = await getSystemSettings({ db: ctx.db });
      expect(after.general.platform_name).toBe('Frozen Test');
      expect(Object.isFrozen(after.general)).toBe(true);
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'platform_name', value: name, updatedBy: null });
    }
  });

  it('a suspended account’s key is refused at once by the process that suspended it', async () => {
    const user = await createUser({ db: ctx.db });
    const key = await createKey(await signIn({ app: ctx.app, userId: user.id }));
    expect((await health(ctx.app, key.key)).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', user.id).execute();
    const res = await health(ctx.app, key.key);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_SUSPENDED');
  });

  it('a rate stored by a raw write is read within a second (the trigger empties the rates cache)', async () => {
    const before = await loadRateEntries({ db: ctx.db });
    expect(ctx.dbHandle.readCaches.cache('exchange_rates').size).toBe(1);
    await rawWrite(
      `INSERT INTO exchange_rates (source, base, symbol, rate, quote, fetched_at)
       VALUES ('coingecko', 'USD', 'LTC', '50', 'base_per_symbol', now())`,
      [],
    );
    // The NOTIFY reaches this server at the write's commit: on PGlite before the write returns, on PostgreSQL on its
    // LISTEN connection a moment later.
    const started = Date.now();
    const after = await waitFor(
      'the new rate read',
      async () => {
        const entries = await loadRateEntries({ db: ctx.db });
        return entries.length === before.length + 1 && entries;
      },
      READ_CACHE_TTL_MS,
    );
    expect(Date.now() - started).toBeLessThan(READ_CACHE_TTL_MS);
    expect(after.find((e) => e.source === 'coingecko' && e.symbol === 'LTC')?.rate).toBe('50');
  });
});

// Two servers, each with its own handle (its own pool, LISTEN connection and caches) on one PostgreSQL database:
// what two processes are, but in one test process. PGlite is one process's database: there this part is skipped.
describe.runIf(usingPostgres())('read caches across two servers on one PostgreSQL', () => {
  let ctx: TestContext;
  let b: SecondServer;
  beforeAll(async () => {
    ctx = await createTestContext();
    b = await startSecondServer(ctx);
    ctx.dbHandle.readCaches.ttlMs = NO_EXPIRY_MS;
    b.dbHandle.readCaches.ttlMs = NO_EXPIRY_MS;
  });
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  it('a key deleted and an account suspended through server A are refused by server B within a second', async () => {
    const user = await createUser({ db: ctx.db });
    const cookie = await signIn({ app: ctx.app, userId: user.id });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie },
      payload: { name: 'B' },
    });
    const key = created.json().data as { id: string; key: string };
    const onB = () =>
      b.app.inject({
        method: 'GET',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key.key}` },
      });
    await waitFor('the key kept by B', async () => {
      expect((await onB()).statusCode).toBe(200);
      return b.dbHandle.readCaches.cache('api_keys').size === 1;
    });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/api-keys/${key.id}`,
      headers: { cookie },
    });
    expect(del.statusCode).toBe(200);
    const started = Date.now();
    await waitFor(
      'the deleted key refused by B',
      async () => (await onB()).statusCode === 401,
      READ_CACHE_TTL_MS,
    );
    const tookMs = Date.now() - started;
    expect(tookMs).toBeLessThan(READ_CACHE_TTL_MS);

    const second = await createUser({ db: ctx.db });
    const k2 = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { cookie: await signIn({ app: ctx.app, userId: second.id }) },
        payload: { name: 'S' },
      })
    ).json().data as { key: string };
    const k2OnB = () =>
      b.app.inject({
        method: 'GET',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${k2.key}` },
      });
    expect((await k2OnB()).statusCode).toBe(200);
    await ctx.db.updateTable('users').set({ status: 'suspended' }).where('id', '=', second.id).execute();
    await waitFor(
      'the suspended key refused by B',
      async () => (await k2OnB()).statusCode === 403,
      READ_CACHE_TTL_MS,
    );
  });

  it('Clear All Cache on server A empties the caches of server B', async () => {
    const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
    const user = await createUser({ db: ctx.db });
    const key = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/api-keys',
        headers: { cookie: await signIn({ app: ctx.app, userId: user.id }) },
        payload: { name: 'C' },
      })
    ).json().data as { key: string };
    // Its first use is recorded (a write to api_keys: every process empties its keys' cache at that commit); then
    // B keeps it.
    await waitFor('the key kept by B', async () => {
      await b.app.inject({
        method: 'GET',
        url: '/api/v1/payments',
        headers: { authorization: `Bearer ${key.key}` },
      });
      return b.dbHandle.readCaches.cache('api_keys').size === 1;
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/maintenance/clear-cache',
      headers: { cookie: await signIn({ app: ctx.app, userId: admin.id }) },
    });
    expect(res.statusCode).toBe(200);
    await waitFor(
      'B’s caches emptied',
      async () => b.dbHandle.readCaches.cache('api_keys').size === 0,
      READ_CACHE_TTL_MS,
    );
  });
});
