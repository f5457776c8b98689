import { T } from '@coinlane/core/texts';
import { deriveAddresses } from '@coinlane/core/utxo-keys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { GAP_LIMIT } from './wallet-address-source.ts';

// m/84'/1'/0' of the public "abandon ... about" mnemonic as a tpub; its rltc addresses were checked with
// `litecoind -regtest deriveaddresses` (packages/core/src/utxo-keys.test.ts).
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
    configuredChains: [{ network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' }],
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
      { currency: 'ETH', network: 'ethereum', address: '0xabc' },
      T.walletNetworkUnsupported('Ethereum'),
    ],
  ])('refuses %s', async (_name, body, message) => {
    const res = await addWallet(alice, { currency: 'LTC', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(message);
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

  it(`stops at ${GAP_LIMIT} unused addresses, then reuses addresses of payments that expired unpaid over 24 h ago`, async () => {
    for (let i = 3; i < GAP_LIMIT; i++) expect((await livePayment()).statusCode).toBe(201);
    const refused = await livePayment();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(T.walletGapLimit(GAP_LIMIT));

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
    // The funds seen at index 1 move the window: 18 unused addresses remain above it, room for more.
    const next = await livePayment();
    expect(next.json().data.address).toBe(deriveAddresses(TPUB, 'p2wpkh', REGTEST, GAP_LIMIT, 1)[0]);
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
