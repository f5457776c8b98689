import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashShortCode, sha256 } from '#app/lib/crypto.ts';
import { createMerchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { post, registerAndConfirm, startLogin } from './test-helpers.ts';

/**
 * Six-digit codes are stored keyed by the server's secret key (lib/crypto hashShortCode): someone holding only a
 * database dump cannot turn a stored hash back into a live code by hashing the million candidates.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
});
afterAll(() => ctx.close());

/** What an attacker with the dump would try: every 6-digit code under an unkeyed SHA-256, with the given salt. */
const crackUnkeyed = (stored: string, salt = '') => {
  for (let n = 0; n < 1_000_000; n++) {
    const code = String(n).padStart(6, '0');
    if (sha256(`${salt}${code}`) === stored) return code;
  }
  return null;
};

describe('codes at rest', () => {
  it('stores a sign-in code so that a dump alone does not give it back, and the code still signs in', async () => {
    const { email } = await registerAndConfirm(ctx);
    const { challengeId, code } = await startLogin(ctx, email);
    const row = await ctx.db
      .selectFrom('login_challenges')
      .select('code_hash')
      .where('id', '=', challengeId)
      .executeTakeFirstOrThrow();
    expect(crackUnkeyed(row.code_hash)).toBeNull();
    expect(row.code_hash).toBe(hashShortCode(ctx.config.appSecretKey, code));
    // Another server key gives another hash: the key, not the code alone, makes the stored value.
    expect(row.code_hash).not.toBe(hashShortCode(Buffer.alloc(32, 7), code));
    expect((await post(ctx, '/login/verify', { challengeId, code })).statusCode).toBe(200);
  });

  it('stores a wallet whitelisting code the same way', async () => {
    const m = await createMerchant(ctx);
    const added = await m.call({
      method: 'POST',
      url: '/api/v1/wallets',
      payload: {
        currency: 'LTC',
        network: 'litecoin',
        address: 'rltc1qxdyjf6h5d6qxap4n2dap97q4j5ps6ua8vmutcu',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().data.wallet.id as string;
    const before = ctx.smtp.mails.length;
    expect((await m.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify` })).statusCode).toBe(200);
    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()
    ).email;
    const code = codeIn(await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before }));
    const row = await ctx.db
      .selectFrom('wallets')
      .select('code_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(crackUnkeyed(String(row.code_hash), `${id}:`)).toBeNull();
    expect(row.code_hash).toBe(hashShortCode(ctx.config.appSecretKey, `${id}:${code}`));
    const confirmed = await m.call({
      method: 'POST',
      url: `/api/v1/wallets/${id}/verify/confirm`,
      payload: { code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
