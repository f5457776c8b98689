import { WALLET_CODE_RESEND_SECONDS } from '@coinlane/core/api/wallets';
import { deriveAddresses } from '@coinlane/core/families/utxo/utxo-keys';
import { T } from '@coinlane/core/texts';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { GAP_LIMIT } from './wallet-address-source.ts';

// m/84'/1'/0' of the public "abandon ... about" mnemonic as a tpub; its rltc addresses were checked with
// `litecoind -regtest deriveaddresses` (packages/core/src/families/utxo/utxo-keys.test.ts).
const TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const TPRV =
  'tprv8fSjiqEQ8YG7Ro7gw2ScwcvweYuuWi1ZzGUtrPz918HvDtBzL5s2voFTrN4y3yUwj5cYD54pLhxk6NKCzHUjcka3zbKjbTEcsuAnkzbjhkL';
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const RLTC = [
  'rltc1q6rz28mcfaxtmd6v789l9rrlrusdprr9puuzgkg',
  'rltc1qd7spv5q28348xl4myc8zmh983w5jx32cwn4h9f',
  'rltc1qxdyjf6h5d6qxap4n2dap97q4j5ps6ua8vmutcu',
  'rltc1qynpgs6wap6h9uvy7j0xlesew2w82qn03mxcskv',
  'rltc1q677973lw0w796gttpy52f296jqaaksz0gsh9ga',
];
const REGTEST = { network: 'litecoin', chainMode: 'regtest' } as const;

let ctx: TestContext;
let alice: Merchant;
let aliceLive: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  aliceLive = await alice.inMode('live');
  bob = await createMerchant(ctx, { name: 'Bob Store' });
});
afterAll(() => ctx.close());

const addWallet = (m: Merchant, payload: Record<string, unknown>) =>
  m.call({ method: 'POST', url: '/api/v1/wallets', payload });
const emailOf = async (m: Merchant) =>
  (await ctx.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()).email;

async function verify(m: Merchant, id: string) {
  const before = ctx.smtp.mails.length;
  const sent = await m.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify` });
  expect(sent.statusCode, sent.body).toBe(200);
  const mail = await ctx.smtp.waitForMail(await emailOf(m), {
    subject: /wallet verification/,
    after: before,
  });
  const res = await m.call({
    method: 'POST',
    url: `/api/v1/wallets/${id}/verify/confirm`,
    payload: { code: codeIn(mail) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const livePayment = (amount = '0.01') =>
  aliceLive.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'LTC' } });

let keyWalletId = '';

describe('adding wallets', () => {
  it.each([
    ['a bad checksum', { network: 'litecoin', address: `${RLTC[0]!.slice(0, -1)}h` }, 'Invalid checksum'],
    [
      'a mainnet key on the regtest chain',
      { network: 'litecoin', address: ZPUB },
      'This is a mainnet key; this network runs on regtest',
    ],
    [
      'a testnet key on a mainnet network',
      { currency: 'BTC', network: 'bitcoin', address: TPUB },
      'This is a testnet key; this network runs on mainnet',
    ],
    ['a private key', { network: 'litecoin', address: TPRV }, T.walletPrivateKeyRefused],
    [
      'a network without wallets',
      { currency: 'SOL', network: 'solana', address: '7v91N7iZ9mNicL8WfG6cgSCKyRXydQjLh6UYBWwm6y1Q' },
      T.walletNetworkUnsupported('Solana'),
    ],
  ])('refuses %s', async (_name, body, message) => {
    const res = await addWallet(alice, { currency: 'LTC', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('refuses a label with a NUL character with 400, adding nothing', async () => {
    const res = await addWallet(bob, {
      currency: 'LTC',
      network: 'litecoin',
      address: RLTC[2],
      label: 'a\u0000b',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: T.invalidCharacters });
    const list = await bob.call({ method: 'GET', url: '/api/v1/wallets' });
    expect(list.json().data.wallets).toEqual([]);
  });

  it('adds a tpub: pending, labelled, masked, sealed at rest, with the first five addresses', async () => {
    const res = await addWallet(alice, { currency: 'LTC', network: 'litecoin', address: TPUB });
    expect(res.statusCode, res.body).toBe(200);
    const { wallet, previewAddresses } = res.json().data;
    expect(previewAddresses).toEqual(RLTC);
    expect(wallet).toMatchObject({
      id: expect.stringMatching(/^wal_/),
      currency: 'LTC',
      network: 'litecoin',
      chainMode: 'regtest',
      kind: 'xpub',
      address: 'tpubDC8m…zbQ1M'.replace('zbQ1M', '4zbQ1M'),
      scriptType: 'p2wpkh',
      label: 'LTC Wallet',
      isDefault: false,
      verified: false,
    });
    keyWalletId = wallet.id;
    const row = await ctx.db
      .selectFrom('wallets')
      .selectAll()
      .where('id', '=', wallet.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(TPUB);
    expect(JSON.stringify(row)).not.toContain(TPUB.slice(10, 60));
    const again = await addWallet(alice, { currency: 'LTC', network: 'litecoin', address: TPUB });
    expect(again.statusCode).toBe(409);
    const list = await alice.call({ method: 'GET', url: '/api/v1/wallets' });
    expect(list.json().data.wallets.map((w: { id: string }) => w.id)).toEqual([wallet.id]);
    // Account-wide: the live session sees the same list; another merchant sees none.
    expect(
      (await aliceLive.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets,
    ).toHaveLength(1);
    expect((await bob.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets).toEqual([]);
  });

  it("another merchant's wallet is a 404", async () => {
    for (const [method, url] of [
      ['POST', `/api/v1/wallets/${keyWalletId}/verify`],
      ['POST', `/api/v1/wallets/${keyWalletId}/default`],
      ['DELETE', `/api/v1/wallets/${keyWalletId}`],
    ] as const) {
      const res = await bob.call({ method, url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('live payments and whitelisting', () => {
  it('refuses a live LTC payment until a wallet is whitelisted, pointing to Payouts', async () => {
    const res = await livePayment();
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'WALLET_REQUIRED',
      message: 'Add and verify a LTC wallet under Payouts → Wallets to accept live LTC payments.',
    });
    const link = await aliceLive.call({
      method: 'POST',
      url: '/api/v1/payment-links',
      payload: { amount: '0.01', currency: 'LTC', network: 'litecoin' },
    });
    expect(link.json().error?.code).toBe('WALLET_REQUIRED');
  });

  it('counts wrong codes, then whitelists with the e-mailed code; the first one becomes the default', async () => {
    const noCode = await alice.call({
      method: 'POST',
      url: `/api/v1/wallets/${keyWalletId}/verify/confirm`,
      payload: { code: '123456' },
    });
    expect(noCode.json().error.message).toBe(T.walletCodeNotRequested);
    const notVerified = await alice.call({ method: 'POST', url: `/api/v1/wallets/${keyWalletId}/default` });
    expect(notVerified.json().error.message).toBe(T.walletDefaultNeedsVerified);

    const before = ctx.smtp.mails.length;
    await alice.call({ method: 'POST', url: `/api/v1/wallets/${keyWalletId}/verify` });
    const mail = await ctx.smtp.waitForMail(await emailOf(alice), {
      subject: /wallet verification/,
      after: before,
    });
    const code = codeIn(mail);
    expect(mail.text).toContain('LTC Wallet');
    const stored = await ctx.db
      .selectFrom('wallets')
      .select('code_hash')
      .where('id', '=', keyWalletId)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    const wrong = await alice.call({
      method: 'POST',
      url: `/api/v1/wallets/${keyWalletId}/verify/confirm`,
      payload: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(wrong.json().error.message).toBe(T.walletCodeInvalid);
    const ok = await alice.call({
      method: 'POST',
      url: `/api/v1/wallets/${keyWalletId}/verify/confirm`,
      payload: { code },
    });
    expect(ok.json().data).toMatchObject({ verified: true, isDefault: true });
  });

  it('voids a code after five wrong tries', async () => {
    const res = await addWallet(alice, {
      currency: 'LTC',
      network: 'litecoin',
      address: RLTC[4],
      label: 'Spare',
    });
    const id = res.json().data.wallet.id;
    await alice.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify` });
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const r = await alice.call({
        method: 'POST',
        url: `/api/v1/wallets/${id}/verify/confirm`,
        payload: { code: `99999${i}` },
      });
      answers.push(r.json().error.message);
    }
    expect(answers.at(-1)).toBe(T.walletCodeTooManyAttempts);
    const after = await alice.call({
      method: 'POST',
      url: `/api/v1/wallets/${id}/verify/confirm`,
      payload: { code: '123456' },
    });
    expect(after.json().error.message).toBe(T.walletCodeNotRequested);
    expect((await alice.call({ method: 'DELETE', url: `/api/v1/wallets/${id}` })).statusCode).toBe(200);
  });

  it(`sends at most one code per ${WALLET_CODE_RESEND_SECONDS} s, voided codes included, and one of two concurrent requests`, async () => {
    const res = await addWallet(alice, {
      currency: 'LTC',
      network: 'litecoin',
      address: RLTC[3],
      label: 'Cooldown',
    });
    const id = res.json().data.wallet.id;
    const email = await emailOf(alice);
    const mailsTo = () => ctx.smtp.mails.filter((m) => m.to.includes(email)).length;
    const sendCode = () => alice.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify` });
    const confirm = (code: string) =>
      alice.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify/confirm`, payload: { code } });
    /** Moves the last code's send time back, as if that many seconds had passed. */
    const age = (seconds: number) =>
      ctx.db
        .updateTable('wallets')
        .set((eb) => ({
          code_expires_at: sql<Date>`${eb.ref('code_expires_at')} - make_interval(secs => ${seconds})`,
        }))
        .where('id', '=', id)
        .execute();

    const before = ctx.smtp.mails.length;
    const t0 = Date.now();
    const first = await sendCode();
    expect(first.statusCode, first.body).toBe(200);
    const resendAt = Date.parse(first.json().data.resendAt);
    expect(resendAt - t0).toBeGreaterThanOrEqual(WALLET_CODE_RESEND_SECONDS * 1000 - 50);
    expect(resendAt - Date.now()).toBeLessThanOrEqual(WALLET_CODE_RESEND_SECONDS * 1000);
    const code1 = codeIn(
      await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before }),
    );
    const sent = mailsTo();

    // At once again: refused with the wait, a Retry-After header, and no mail.
    const again = await sendCode();
    expect(again.statusCode).toBe(429);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(WALLET_CODE_RESEND_SECONDS - 2);
    expect(wait).toBeLessThanOrEqual(WALLET_CODE_RESEND_SECONDS);
    expect(again.json().error).toEqual({ code: 'RATE_LIMITED', message: T.walletCodeResendWait(wait) });

    // Five wrong codes void the code, but do not open the way to a new one before the minute is over.
    for (let i = 0; i < 5; i++) await confirm(code1 === `00000${i}` ? '111111' : `00000${i}`);
    expect((await confirm(code1)).json().error.message).toBe(T.walletCodeNotRequested);
    await age(30);
    const stillWaiting = await sendCode();
    expect(stillWaiting.statusCode).toBe(429);
    expect(Number(stillWaiting.headers['retry-after'])).toBeLessThanOrEqual(WALLET_CODE_RESEND_SECONDS - 29);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo()).toBe(sent);

    // A minute after the first: two requests at once send one code.
    await age(31);
    const mark = ctx.smtp.mails.length;
    const both = await Promise.all([sendCode(), sendCode()]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const code2 = codeIn(await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: mark }));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo()).toBe(sent + 1);
    const ok = await confirm(code2);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.verified).toBe(true);
    expect((await alice.call({ method: 'DELETE', url: `/api/v1/wallets/${id}` })).statusCode).toBe(200);
  });

  it('allocates sequential child addresses, never shared while open, and keeps the wallet while they are open', async () => {
    const payments = [];
    for (let i = 0; i < 3; i++) {
      const res = await livePayment();
      expect(res.statusCode, res.body).toBe(201);
      payments.push(res.json().data);
    }
    expect(payments.map((p) => p.address)).toEqual(RLTC.slice(0, 3));
    const rows = await ctx.db
      .selectFrom('payments')
      .select(['wallet_id', 'derivation_index'])
      .where('mode', '=', 'live')
      .orderBy('derivation_index')
      .execute();
    expect(rows).toEqual([0, 1, 2].map((i) => ({ wallet_id: keyWalletId, derivation_index: i })));
    const del = await alice.call({ method: 'DELETE', url: `/api/v1/wallets/${keyWalletId}` });
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(T.walletInUse(3));
    // Test mode is untouched: the test network still gives test addresses.
    const testPayment = await alice.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '0.01', currency: 'LTC' },
    });
    expect(testPayment.json().data.address).toMatch(/^test_litecoin_/);
  });

  it(`goes on past ${GAP_LIMIT} unused addresses and tells the merchant, then reuses addresses of payments that expired unpaid over 24 h ago`, async () => {
    for (let i = 3; i < GAP_LIMIT; i++) expect((await livePayment()).statusCode).toBe(201);
    const gapOf = async () =>
      (await alice.call({ method: 'GET', url: '/api/v1/wallets' }))
        .json()
        .data.wallets.find((w: { id: string }) => w.id === keyWalletId).gapLimitNeeded;
    expect(await gapOf()).toBeNull();
    // The 21st unused address: taken all the same (nobody can switch the merchant's payments off), and flagged.
    const past = await livePayment();
    expect(past.statusCode, past.body).toBe(201);
    expect(past.json().data.address).toBe(deriveAddresses(TPUB, 'p2wpkh', REGTEST, GAP_LIMIT, 1)[0]);
    expect(await gapOf()).toBe(GAP_LIMIT + 1);
    const notices = await ctx.db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('name', '=', 'wallet.gap-notice')
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.payload).toEqual({ walletId: keyWalletId });
    // A second payment past the limit the same day queues no second notice.
    const pastAgain = await livePayment();
    expect(pastAgain.statusCode).toBe(201);
    expect(await gapOf()).toBe(GAP_LIMIT + 2);
    expect(
      await ctx.db.selectFrom('jobs').select('id').where('name', '=', 'wallet.gap-notice').execute(),
    ).toHaveLength(1);

    const byIndex = async (i: number) =>
      ctx.db
        .selectFrom('payments')
        .select(['id', 'address'])
        .where('wallet_id', '=', keyWalletId)
        .where('derivation_index', '=', i)
        .executeTakeFirstOrThrow();
    const old = new Date(Date.now() - 25 * 3600_000);
    const recent = new Date(Date.now() - 3600_000);
    // Index 1 expired long ago but saw a transfer; index 2 expired an hour ago; index 4 expired long ago, unpaid.
    for (const [i, at] of [
      [1, old],
      [2, recent],
      [4, old],
    ] as const) {
      await ctx.db
        .updateTable('payments')
        .set({ status: 'expired', expires_at: at })
        .where('id', '=', (await byIndex(i)).id)
        .execute();
    }
    const one = await byIndex(1);
    await ctx.db
      .insertInto('transfers')
      .values({
        id: 'trf_walletstest1',
        user_id: alice.id,
        mode: 'live',
        payment_id: one.id,
        network: 'litecoin',
        currency: 'LTC',
        decimals: 8,
        txid: 'ab'.repeat(32),
        output_index: 0,
        address: one.address,
        amount: '1000',
        seen_at: old,
      })
      .execute();
    const reused = await livePayment();
    expect(reused.statusCode, reused.body).toBe(201);
    expect(reused.json().data.address).toBe(RLTC[4]);
    // Nothing else is reusable: the next index never handed out.
    const next = await livePayment();
    expect(next.json().data.address).toBe(deriveAddresses(TPUB, 'p2wpkh', REGTEST, GAP_LIMIT + 2, 1)[0]);
    // The funds seen at index 1 move the window: from index 1 to index 22, the app must look 21 addresses ahead.
    expect(await gapOf()).toBe(GAP_LIMIT + 1);
  });
});

describe('single addresses and defaults', () => {
  it('makes amounts unique on a single-address wallet, and moves the default only to whitelisted wallets', async () => {
    const address = deriveAddresses(TPUB, 'p2wpkh', REGTEST, 100, 1)[0]!;
    const res = await addWallet(alice, { currency: 'LTC', network: 'litecoin', address, label: 'Till' });
    expect(res.json().data).toMatchObject({
      previewAddresses: [],
      wallet: { kind: 'address', address, label: 'Till' },
    });
    const id = res.json().data.wallet.id;
    const verified = await verify(alice, id);
    expect(verified).toMatchObject({ verified: true, isDefault: false });
    const def = await alice.call({ method: 'POST', url: `/api/v1/wallets/${id}/default` });
    expect(def.json().data.isDefault).toBe(true);
    const list = (await alice.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets;
    expect(list.filter((w: { isDefault: boolean }) => w.isDefault).map((w: { id: string }) => w.id)).toEqual([
      id,
    ]);

    const a = (await livePayment('0.5')).json().data;
    const b = (await livePayment('0.5')).json().data;
    expect(a.address).toBe(address);
    expect(b.address).toBe(address);
    expect([a.amount, b.amount]).toEqual(['0.5', '0.50000001']);

    // Deleting it while payments are open is refused; the key wallet is still whitelisted.
    expect((await alice.call({ method: 'DELETE', url: `/api/v1/wallets/${id}` })).statusCode).toBe(409);
    await ctx.db.updateTable('payments').set({ status: 'expired' }).where('wallet_id', '=', id).execute();
    expect((await alice.call({ method: 'DELETE', url: `/api/v1/wallets/${id}` })).statusCode).toBe(200);
    // The oldest remaining whitelisted wallet became the default again.
    const after = (await alice.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets;
    expect(after.map((w: { id: string; isDefault: boolean }) => [w.id, w.isDefault])).toEqual([
      [keyWalletId, true],
    ]);
    const audit = await ctx.db.selectFrom('audit_log').select('action').where('entity_id', '=', id).execute();
    expect(audit.map((r) => r.action)).toEqual(
      expect.arrayContaining(['wallet.created', 'wallet.verified', 'wallet.default_set', 'wallet.deleted']),
    );
  });
});

describe('the same key or address registered by two accounts', () => {
  const whitelisted = async (m: Merchant, address: string) => {
    const res = await addWallet(m, { currency: 'LTC', network: 'litecoin', address });
    expect(res.statusCode, res.body).toBe(200);
    await verify(m, res.json().data.wallet.id);
  };
  const pay = (m: Merchant, amount = '0.01') =>
    m.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'LTC' } });

  it('never gives an address of one account to a payment of another', async () => {
    const carol = await createMerchant(ctx, { name: 'Carol Co' });
    await whitelisted(carol, TPUB); // the key Alice's wallet uses too
    const carolLive = await carol.inMode('live');
    const held = new Set(
      (await ctx.db.selectFrom('payments').select('address').where('user_id', '=', alice.id).execute()).map(
        (r) => r.address,
      ),
    );
    expect(held.size).toBeGreaterThan(0);
    const first = await pay(carolLive);
    const second = await pay(carolLive);
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const [a, b] = [first.json().data.address, second.json().data.address];
    expect(held.has(a) || held.has(b)).toBe(false);
    expect(a).not.toBe(b);
    // Both are the key's own child addresses (the skipped ones belong to Alice's payments).
    const rows = await ctx.db
      .selectFrom('payments')
      .select(['address', 'derivation_index'])
      .where('user_id', '=', carol.id)
      .where('mode', '=', 'live')
      .execute();
    for (const r of rows) {
      expect(deriveAddresses(TPUB, 'p2wpkh', REGTEST, r.derivation_index!, 1)[0]).toBe(r.address);
    }
  });

  it('makes amounts unique across accounts on a shared single address', async () => {
    const address = deriveAddresses(TPUB, 'p2wpkh', REGTEST, 300, 1)[0]!;
    const dave = await createMerchant(ctx, { name: 'Dave Deli' });
    const erin = await createMerchant(ctx, { name: 'Erin Eats' });
    await whitelisted(dave, address);
    await whitelisted(erin, address);
    const d = await pay(await dave.inMode('live'), '0.25');
    const e = await pay(await erin.inMode('live'), '0.25');
    expect(d.statusCode, d.body).toBe(201);
    expect(e.statusCode, e.body).toBe(201);
    expect([d.json().data.address, e.json().data.address]).toEqual([address, address]);
    expect([d.json().data.amount, e.json().data.amount]).toEqual(['0.25', '0.25000001']);
  });
});

describe('one key written two ways, or deleted and added again', () => {
  const b58c = createBase58check(sha256);
  /** The same key with other version bytes (what another wallet app exports for it). */
  const withVersion = (key: string, version: number) => {
    const payload = b58c.decode(key);
    new DataView(payload.buffer, payload.byteOffset).setUint32(0, version);
    return b58c.encode(payload);
  };
  const TPUB_VERSIONS = { public: 0x043587cf, private: 0x04358394 };

  it('refuses the tpub again as a vpub (same addresses), but takes it with another address type', async () => {
    const gus = await createMerchant(ctx, { name: 'Gus Goods' });
    expect((await addWallet(gus, { currency: 'LTC', network: 'litecoin', address: TPUB })).statusCode).toBe(
      200,
    );
    const vpub = withVersion(TPUB, 0x045f1cf6);
    expect(vpub.startsWith('vpub')).toBe(true);
    const again = await addWallet(gus, { currency: 'LTC', network: 'litecoin', address: vpub });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(T.walletDuplicate);
    const legacy = await addWallet(gus, {
      currency: 'LTC',
      network: 'litecoin',
      address: TPUB,
      scriptType: 'p2pkh',
    });
    expect(legacy.statusCode, legacy.body).toBe(200);
  });

  it('a key deleted and added again never hands out an address its earlier wallet used', async () => {
    const key = HDKey.fromExtendedKey(TPUB, TPUB_VERSIONS).deriveChild(7).publicExtendedKey;
    const fay = await createMerchant(ctx, { name: 'Fay Fabrics' });
    const fayLive = await fay.inMode('live');
    const add = async () => {
      const res = await addWallet(fay, { currency: 'LTC', network: 'litecoin', address: key });
      expect(res.statusCode, res.body).toBe(200);
      await verify(fay, res.json().data.wallet.id);
      return res.json().data.wallet.id as string;
    };
    const pay = async () => {
      const res = await fayLive.call({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { amount: '0.01', currency: 'LTC' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; address: string };
    };
    const first = await add();
    const p = await pay();
    expect(p.address).toBe(deriveAddresses(key, 'p2wpkh', REGTEST, 0, 1)[0]);
    expect((await fayLive.call({ method: 'POST', url: `/api/v1/payments/${p.id}/cancel` })).statusCode).toBe(
      200,
    );
    expect((await fay.call({ method: 'DELETE', url: `/api/v1/wallets/${first}` })).statusCode).toBe(200);
    await add();
    const q = await pay();
    expect(q.address).not.toBe(p.address);
    expect(q.address).toBe(deriveAddresses(key, 'p2wpkh', REGTEST, 1, 1)[0]);
  });
});
