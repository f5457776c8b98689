import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, signIn } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

/**
 * A CSV export whose database read fails. The failure is forced by replacing the payments reader of the export
 * (a test double of our own module: the database itself cannot be made to fail on cue), so the test can say
 * where the failure happens: before the first byte, or after the file has started.
 */
const failure = vi.hoisted(() => ({ afterBatches: -1 }));
vi.mock('#app/modules/payments/find-merchant-payments.ts', async (original) => {
  const real = await original<typeof import('#app/modules/payments/find-merchant-payments.ts')>();
  return {
    ...real,
    async *iterateMerchantPayments(options: Parameters<typeof real.iterateMerchantPayments>[0]) {
      let n = 0;
      for await (const batch of real.iterateMerchantPayments(options)) {
        if (n++ === failure.afterBatches) throw new Error('connection to the database lost');
        yield batch;
      }
      if (n === failure.afterBatches) throw new Error('connection to the database lost');
    },
  };
});

let ctx: TestContext;
let base: string;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  cookie = await signIn({ app: ctx.app, userId: (await createUser({ db: ctx.db })).id });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterAll(() => ctx.close());

const exportCsv = () => fetch(`${base}/api/v1/transactions/export.csv`, { headers: { cookie } });

describe('a CSV export that fails', () => {
  it('answers an error, not a file, when the first read fails', async () => {
    failure.afterBatches = 0;
    const res = await exportCsv();
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('content-disposition')).toBeNull();
    const body = (await res.json()) as { error: { code: string } };
    expect(body.error.code, JSON.stringify(body)).toBe('INTERNAL_ERROR');
  });

  it('breaks the download, so no client takes a partial file for a whole one, when a later read fails', async () => {
    // One payment, so the first batch is read; the failure comes on the read after it.
    const m = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { cookie },
      payload: { amount: '0.01', currency: 'BTC' },
    });
    expect(m.statusCode).toBe(201);
    failure.afterBatches = 1;
    const res = await exportCsv();
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });
});
