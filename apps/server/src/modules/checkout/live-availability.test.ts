import { deriveAddresses } from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createKeyFor } from '#app/test/app-with-routes.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { GAP_LIMIT, walletGapNoticeJob } from '../wallets/gap-limit.ts';
import { CHECKOUT_ATTEMPTS_PER_HOUR } from './routes.ts';

/**
 * A stranger cannot switch off a merchant's live payments by opening payment links (issue 13): each anonymous
 * checkout used to take one of the 20 addresses a wallet app scans, and the 21st payment was refused, API
 * payments included. Now a link's retries keep one address, new attempts are limited per client and link, and
 * past the gap limit payments go on while the merchant is told how far to raise it (decision 008).
 * Allocation reads only the database: the litecoin node configured here is never called.
 */
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const REGTEST = { network: 'litecoin', chainMode: 'regtest' } as const;
const addressAt = (i: number) => deriveAddresses(TPUB, 'p2wpkh', REGTEST, i, 1)[0]!;

let ctx: TestContext;
let live: Merchant;
let walletId: string;

beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
  const merchant = await createMerchant(ctx, { name: 'Gap Shop' });
  live = await merchant.inMode('live');
  const added = await merchant.call({
    method: 'POST',
    url: '/api/v1/wallets',
    payload: { currency: 'LTC', network: 'litecoin', address: TPUB },
  });
  expect(added.statusCode, added.body).toBe(200);
  walletId = added.json().data.wallet.id;
  const email = (
    await ctx.db.selectFrom('users').select('email').where('id', '=', merchant.id).executeTakeFirstOrThrow()
  ).email;
  const before = ctx.smtp.mails.length;
  await merchant.call({ method: 'POST', url: `/api/v1/wallets/${walletId}/verify` });
  const mail = await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before });
  const confirmed = await merchant.call({
    method: 'POST',
    url: `/api/v1/wallets/${walletId}/verify/confirm`,
    payload: { code: codeIn(mail) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
});
afterAll(() => ctx.close());

const newLink = async () => {
  const res = await live.call({
    method: 'POST',
    url: '/api/v1/payment-links',
    payload: { amount: '0.01', currency: 'LTC', network: 'litecoin' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
};
const checkout = (linkId: string, ip = '203.0.113.7') =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${linkId}`, remoteAddress: ip });
/** Ends the link's open attempt as the merchant may: cancelled (failed, nothing received), so it can be retried. */
const endAttempts = async (linkId: string) => {
  const open = await ctx.db
    .selectFrom('payments')
    .select('id')
    .where('payment_link_id', '=', linkId)
    .where('status', 'in', ['pending'])
    .execute();
  for (const { id } of open) {
    const res = await live.call({ method: 'POST', url: `/api/v1/payments/${id}/cancel` });
    expect(res.statusCode, res.body).toBe(200);
  }
};
/** Moves the link's open attempt past its price lock, as if its 15 minutes had passed. */
const lapseAttempts = (linkId: string) =>
  ctx.db
    .updateTable('payments')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('payment_link_id', '=', linkId)
    .where('status', 'in', ['pending'])
    .execute();
const gapOfWallet = async () =>
  (await live.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets[0].gapLimitNeeded;

describe('live checkouts cannot exhaust a wallet', () => {
  it('keeps one address per link across its retries and re-prices, while that address never received anything', async () => {
    const link = await newLink();
    const first = await checkout(link);
    expect(first.statusCode, first.body).toBe(201);
    const { address, id } = first.json().data.payment;
    // A lapsed price lock with nothing seen: the same attempt, the same address, no new index.
    for (let i = 0; i < 3; i++) {
      await lapseAttempts(link);
      const reload = await checkout(link, `198.51.100.${i}`);
      expect(reload.statusCode, reload.body).toBe(200);
      expect(reload.json().data.payment).toMatchObject({ id, address, status: 'pending' });
    }
    // Retries after an attempt ended unpaid.
    for (let i = 0; i < 3; i++) {
      await endAttempts(link);
      const retry = await checkout(link, `198.51.100.${i}`);
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json().data.payment.address).toBe(address);
    }
    const indexes = await ctx.db
      .selectFrom('payments')
      .select('derivation_index')
      .where('payment_link_id', '=', link)
      .execute();
    expect(indexes).toHaveLength(4);
    expect(new Set(indexes.map((r) => r.derivation_index)).size).toBe(1);
  });

  it('takes a new address for the retry when the previous attempt saw money (a late or partial payment)', async () => {
    const link = await newLink();
    const first = (await checkout(link)).json().data.payment;
    await ctx.db
      .insertInto('transfers')
      .values({
        id: 'trf_availability1',
        user_id: live.id,
        mode: 'live',
        payment_id: first.id,
        network: 'litecoin',
        currency: 'LTC',
        decimals: 8,
        txid: 'cd'.repeat(32),
        output_index: 0,
        address: first.address,
        amount: '1000',
        seen_at: new Date(),
      })
      .execute();
    await ctx.db
      .updateTable('payments')
      .set({ status: 'expired', expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', first.id)
      .execute();
    // That address is known to the chain now: the retry gets one of its own.
    const again = await checkout(link);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.payment.address).not.toBe(first.address);
  });

  it(`limits new attempts per client and link to ${CHECKOUT_ATTEMPTS_PER_HOUR} an hour; reloads are free`, async () => {
    const link = await newLink();
    const ip = '203.0.113.99';
    for (let i = 0; i < CHECKOUT_ATTEMPTS_PER_HOUR; i++) {
      await endAttempts(link);
      expect((await checkout(link, ip)).statusCode).toBe(201);
      // A reload of the open attempt starts nothing and is not counted.
      expect((await checkout(link, ip)).statusCode).toBe(200);
    }
    await endAttempts(link);
    const refused = await checkout(link, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'RATE_LIMITED', message: T.checkoutAttemptsExceeded });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another payer of the same link is not concerned.
    expect((await checkout(link, '198.51.100.200')).statusCode).toBe(201);
  });

  it('takes payments past the gap limit after 25 anonymous checkouts, and tells the merchant how far to raise it', async () => {
    const before = await ctx.db
      .selectFrom('payments')
      .select((e) => e.fn.max('derivation_index').as('max'))
      .where('wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    const start = Number(before.max) + 1;
    const links = [];
    for (let i = 0; i < 25; i++) links.push(await newLink());
    for (const [i, link] of links.entries()) {
      const res = await checkout(link, `192.0.2.${i}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.payment.address).toBe(addressAt(start + i));
    }
    // The merchant's own integration still creates live payments.
    const { key } = await createKeyFor({ app: ctx.app, userId: live.id, mode: 'live' });
    const api = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: bearer(key),
      payload: { amount: '0.02', currency: 'LTC', network: 'litecoin' },
    });
    expect(api.statusCode, api.body).toBe(201);
    expect(api.json().data.address).toBe(addressAt(start + 25));
    // From the last index that saw money (the transfer of the test above) to the last one handed out.
    const lastUsed = await ctx.db
      .selectFrom('payments')
      .innerJoin('transfers', 'transfers.payment_id', 'payments.id')
      .select((e) => e.fn.max('payments.derivation_index').as('max'))
      .where('payments.wallet_id', '=', walletId)
      .executeTakeFirstOrThrow();
    const needed = start + 25 - Number(lastUsed.max);
    expect(needed).toBeGreaterThan(GAP_LIMIT);
    expect(await gapOfWallet()).toBe(needed);

    // One notice a day, delivered by the job queue: what to do, and the figure.
    const jobs = await ctx.db
      .selectFrom('jobs')
      .select('payload')
      .where('name', '=', walletGapNoticeJob.name)
      .execute();
    expect(jobs).toHaveLength(1);
    const email = (
      await ctx.db.selectFrom('users').select('email').where('id', '=', live.id).executeTakeFirstOrThrow()
    ).email;
    const sent = ctx.smtp.mails.length;
    await walletGapNoticeJob.handler(
      { walletId },
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        job: { id: 'j', name: walletGapNoticeJob.name, attempts: 1, maxAttempts: 5 },
      },
    );
    const mail = await ctx.smtp.waitForMail(email, { subject: /Raise the gap limit/, after: sent });
    expect(mail.text).toContain(`Gap limit needed: ${needed}`);
    expect(mail.text).toContain('payments are still taken');

    // An account notice: with e-mail notifications off (Settings), nothing is sent.
    await ctx.db
      .updateTable('user_settings')
      .set({ email_notifications: false })
      .where('user_id', '=', live.id)
      .execute();
    const mailsBefore = ctx.smtp.mails.length;
    await walletGapNoticeJob.handler(
      { walletId },
      {
        db: ctx.db,
        config: ctx.config,
        log: ctx.app.log,
        job: { id: 'j2', name: walletGapNoticeJob.name, attempts: 1, maxAttempts: 5 },
      },
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(ctx.smtp.mails.length).toBe(mailsBefore);
  });
});
