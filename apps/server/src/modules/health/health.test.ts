import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/v1/health', () => {
  it('reports the database as healthy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(body.data.database.status).toBe('healthy');
    expect(body.data.database.engine).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('reports an unreachable database as 503 with the envelope', async () => {
    await ctx.dbHandle.close();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'SERVICE_UNAVAILABLE' } });
  });
});

describe('unknown API routes', () => {
  it('answer 404 in the envelope', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      error: { message: 'Not found', code: 'NOT_FOUND' },
    });
  });
});
