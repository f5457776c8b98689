import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { expectError, get, PASSWORD, post, registerAndConfirm, signIn } from './test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('POST /auth/mode', () => {
  it('needs a session', async () => {
    expectError(await post(ctx, '/mode', { mode: 'live' }), 401, 'UNAUTHORIZED', T.authRequired);
    expectError(await post(ctx, '/mode', { mode: 'nonsense' }), 401, 'UNAUTHORIZED');
  });

  it('refuses live mode while the account awaits approval', async () => {
    const { email } = await registerAndConfirm(ctx); // KYC required by default: pending
    const cookie = await signIn(ctx, email);
    expectError(
      await post(ctx, '/mode', { mode: 'live' }, { cookie }),
      403,
      'LIVE_MODE_NOT_ALLOWED',
      T.liveModeNeedsApproval,
    );
    expect((await get(ctx, '/session', { cookie })).json().data.user.mode).toBe('test');
    expectError(await post(ctx, '/mode', { mode: 'nonsense' }, { cookie }), 400, 'VALIDATION_ERROR');
  });

  it('switches an approved account between test and live, for this session and the next sign-in', async () => {
    const user = await createUser({ db: ctx.db, status: 'active' });
    const cookie = await signIn(ctx, user.email, user.password);
    const other = await signIn(ctx, user.email, user.password);

    const live = await post(ctx, '/mode', { mode: 'live' }, { cookie });
    expect(live.statusCode).toBe(200);
    expect(live.json().data.user).toMatchObject({ email: user.email, mode: 'live', status: 'active' });
    expect((await get(ctx, '/session', { cookie })).json().data.user.mode).toBe('live');
    // Another session keeps acting in its own mode.
    expect((await get(ctx, '/session', { cookie: other })).json().data.user.mode).toBe('test');
    // The choice is remembered for the next sign-in.
    const next = await signIn(ctx, user.email, user.password);
    expect((await get(ctx, '/session', { cookie: next })).json().data.user.mode).toBe('live');

    const audit = await ctx.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('actor_id', '=', user.id)
      .where('action', '=', 'user.mode_switched')
      .execute();
    expect(audit).toEqual([{ before: { mode: 'test' }, after: { mode: 'live' } }]);

    const back = await post(ctx, '/mode', { mode: 'test' }, { cookie });
    expect(back.json().data.user.mode).toBe('test');
    expect((await get(ctx, '/session', { cookie })).json().data.user.mode).toBe('test');
  });

  it('starts a pending account in test mode even if live was remembered', async () => {
    const user = await createUser({ db: ctx.db, status: 'pending' });
    await ctx.db.updateTable('users').set({ mode: 'live' }).where('id', '=', user.id).execute();
    const cookie = await signIn(ctx, user.email, PASSWORD);
    expect((await get(ctx, '/session', { cookie })).json().data.user.mode).toBe('test');
  });
});
