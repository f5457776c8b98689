import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createUser } from '#app/test/fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { FLOODED_IP_DELAY_MS } from './limits.ts';
import {
  expectError,
  get,
  otherCode,
  PASSWORD,
  post,
  sessionCookieOf,
  signIn,
  startLogin,
  uniqueEmail,
} from './test-helpers.ts';

// Throttling of POST /auth/login (docs/decisions/001-login-throttling.md): max_login_attempts = 5 and
// lockout_duration = 15 minutes by default.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const merchant = () => createUser({ db: ctx.db, email: uniqueEmail('merchant') });
const WRONG = 'Wrong-password-1';
const login = (email: string, password: string, ip: string) =>
  post(ctx, '/login', { email, password }, { ip });

async function fail(email: string, ip: string, times: number) {
  for (let i = 0; i < times; i++) {
    expectError(await login(email, WRONG, ip), 401, 'INVALID_CREDENTIALS');
  }
}

describe('login throttling', () => {
  it('five failures from one IP lock that IP out of the account, not the merchant elsewhere', async () => {
    const { email } = await merchant();
    const attacker = '203.0.113.10';
    await fail(email, attacker, 5);

    const before = ctx.smtp.mails.length;
    // Locked: even the right password is refused, before it is checked, and no code is mailed.
    const locked = await login(email, PASSWORD, attacker);
    expectError(locked, 429, 'LOCKED_OUT', T.lockedOut(15));
    expectError(await login(email, WRONG, attacker), 429, 'LOCKED_OUT');
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.mails.length).toBe(before);

    // The merchant, from another address, signs in normally.
    const cookie = await signIn(ctx, email, PASSWORD, '198.51.100.20');
    expect((await get(ctx, '/session', { cookie })).statusCode).toBe(200);
    // Attempts during the lockout were not counted as failures.
    const failures = await ctx.db
      .selectFrom('login_attempts')
      .select('id')
      .where('email', '=', email)
      .where('success', '=', false)
      .execute();
    expect(failures).toHaveLength(5);
  });

  it('locks unknown addresses the same way (nothing tells who has an account)', async () => {
    const nobody = uniqueEmail('nobody');
    const ip = '203.0.113.11';
    await fail(nobody, ip, 5);
    expectError(await login(nobody, WRONG, ip), 429, 'LOCKED_OUT', T.lockedOut(15));
  });

  it('lifts the lock once the failures are older than lockout_duration', async () => {
    const { email } = await merchant();
    const ip = '203.0.113.12';
    await fail(email, ip, 5);
    expectError(await login(email, PASSWORD, ip), 429, 'LOCKED_OUT');
    // Time passes: the failures move 16 minutes into the past.
    await ctx.db
      .updateTable('login_attempts')
      .set({ created_at: new Date(Date.now() - 16 * 60_000) })
      .where('email', '=', email)
      .execute();
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts the remaining minutes of the configured lockout', async () => {
    const { email } = await merchant();
    const ip = '203.0.113.13';
    await setSystemSetting({ db: ctx.db, key: 'lockout_duration', value: 30, updatedBy: null });
    await setSystemSetting({ db: ctx.db, key: 'max_login_attempts', value: 3, updatedBy: null });
    try {
      await fail(email, ip, 3);
      expectError(await login(email, PASSWORD, ip), 429, 'LOCKED_OUT', T.lockedOut(30));
      await ctx.db
        .updateTable('login_attempts')
        .set({ created_at: new Date(Date.now() - 20 * 60_000) })
        .where('email', '=', email)
        .execute();
      expectError(await login(email, PASSWORD, ip), 429, 'LOCKED_OUT', T.lockedOut(10));
    } finally {
      await setSystemSetting({ db: ctx.db, key: 'lockout_duration', value: 15, updatedBy: null });
      await setSystemSetting({ db: ctx.db, key: 'max_login_attempts', value: 5, updatedBy: null });
    }
  });

  it('a completed sign-in from an address starts its count over', async () => {
    const { email } = await merchant();
    const ip = '203.0.113.14';
    await fail(email, ip, 4);
    await signIn(ctx, email, PASSWORD, ip);
    await fail(email, ip, 4);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('wrong sign-in codes count as failures too', async () => {
    const { email } = await merchant();
    const ip = '203.0.113.15';
    await fail(email, ip, 2);
    const { challengeId, code } = await startLogin(ctx, email, PASSWORD, ip);
    for (let i = 0; i < 3; i++) {
      expectError(
        await post(ctx, '/login/verify', { challengeId, code: otherCode(code) }, { ip }),
        400,
        'OTP_INVALID',
      );
    }
    // The pair is locked now: the challenge takes no more codes from this address, not even the right one.
    const res = await post(ctx, '/login/verify', { challengeId, code }, { ip });
    expectError(res, 429, 'LOCKED_OUT');
    expect(sessionCookieOf(res)).toBe('');
    expectError(await login(email, PASSWORD, ip), 429, 'LOCKED_OUT');
  });

  it("one IP failing across many made-up addresses is slowed down, and a bystander's correct password still works", async () => {
    const ip = '203.0.113.16';
    // 20 failures (max_login_attempts * 4), 4 per address: no pair reaches its own limit.
    for (let i = 0; i < 5; i++) await fail(uniqueEmail(`spray${i}`), ip, 4);
    // The administrator behind the same address (a shared NAT, a proxy without TRUST_PROXY) signs in.
    const admin = await createUser({ db: ctx.db, email: uniqueEmail('admin'), adminRole: 'super_admin' });
    let started = Date.now();
    expect((await login(admin.email, PASSWORD, ip)).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(FLOODED_IP_DELAY_MS - 50);
    // The flood goes on, slowed: each further guess from the address waits before it is checked.
    started = Date.now();
    expectError(await login(uniqueEmail('spray-more'), WRONG, ip), 401, 'INVALID_CREDENTIALS');
    expect(Date.now() - started).toBeGreaterThanOrEqual(FLOODED_IP_DELAY_MS - 50);
    expect((await login(admin.email, PASSWORD, '198.51.100.21')).statusCode).toBe(200);
  });

  it('guessing from many IPs locks the account, except where the merchant signed in before', async () => {
    const { email } = await merchant();
    const home = '198.51.100.22';
    await signIn(ctx, email, PASSWORD, home);
    // 50 failures (max_login_attempts * 10) from 50 addresses: one each, far under any per-IP limit.
    for (let i = 0; i < 50; i++) await fail(email, `10.20.${Math.floor(i / 250)}.${i % 250}`, 1);

    expectError(await login(email, PASSWORD, '198.51.100.23'), 429, 'LOCKED_OUT', T.lockedOut(15));
    // From an address the account signed in from, the merchant still gets in.
    expect((await login(email, PASSWORD, home)).statusCode).toBe(200);
  });
});
