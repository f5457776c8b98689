import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { type SecondServer, startSecondServer } from '#app/test/second-server.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { usingPostgres } from '#app/test/test-db.ts';

// The API limits shared by two servers on one PostgreSQL (decision 029): each with its own handle (pool, LISTEN
// connection, counters in memory), as two processes are. PGlite is one process's database: there the counters stay
// in the process (http/rate-limit.test.ts), and this file is skipped.

const LIMIT = 5;

describe.runIf(usingPostgres())('API rate limits across two servers on one PostgreSQL', () => {
  let ctx: TestContext;
  let b: SecondServer;
  beforeAll(async () => {
    ctx = await createTestContext({ apiRateLimitPerMinute: LIMIT, apiRateLimitPerHour: 1000 });
    b = await startSecondServer(ctx);
  });
  afterAll(async () => {
    await b?.close();
    await ctx?.close();
  });

  const newKey = async () => {
    const user = await createUser({ db: ctx.db });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys',
      headers: { cookie: await signIn({ app: ctx.app, userId: user.id }) },
      payload: { name: 'Limits' },
    });
    return res.json().data.key as string;
  };
  const servers = () => [ctx.app, b.app];
  const sharedOf = (i: number) => servers()[i]!.rateLimitCounters.shared!;
  /** A call through server i, then that server's sync (what its timer does 250 ms later). */
  const call = async (i: number, key: string) => {
    const res = await servers()[i]!.inject({
      method: 'GET',
      url: '/api/v1/payments',
      headers: { authorization: `Bearer ${key}` },
    });
    await sharedOf(i).sync();
    return res.statusCode;
  };

  it('a key taking turns between the servers gets its limit (plus at most one call), not twice it', async () => {
    const key = await newKey();
    const statuses: number[] = [];
    for (let i = 0; i < 4 * LIMIT; i++) statuses.push(await call(i % 2, key));
    const admitted = statuses.filter((s) => s === 200).length;
    // Counted per process, each would have let LIMIT through: 2 * LIMIT in all.
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThanOrEqual(LIMIT + 1);
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMIT + 1).every((s) => s === 429)).toBe(true);
    // every call, admitted or refused, was added to the shared count
    const row = await ctx.db
      .selectFrom('rate_limit_counters')
      .select(['count'])
      .where('window_ms', '=', 60_000)
      .where('key', 'like', 'key:%')
      .executeTakeFirstOrThrow();
    expect(row.count).toBe(4 * LIMIT);
  });

  it('Reset Rate Limits on one server lets the key in again on the other', async () => {
    const key = await newKey();
    for (let i = 0; i < 2 * LIMIT; i++) await call(i % 2, key);
    expect(await call(1, key)).toBe(429);
    const admin = await createUser({ db: ctx.db, adminRole: 'super_admin' });
    const reset = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/maintenance/reset-rate-limits',
      headers: { cookie: await signIn({ app: ctx.app, userId: admin.id }) },
    });
    expect(reset.statusCode).toBe(200);
    expect(await ctx.db.selectFrom('rate_limit_counters').select('key').execute()).toEqual([]);
    // B still holds its old count until its next sync reads the fresh one (its one call in between may be refused).
    await call(1, key);
    expect(await call(1, key)).toBe(200);
  });
});
