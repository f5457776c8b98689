import type { TronChainConfig } from '@coinlane/core/families/tron/tron-chain-config';
import { T } from '@coinlane/core/texts';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaymentColumns } from '#app/test/payment-columns.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Tron wallets and live Tron payments through the API (no node needed: allocation reads only the database).

/** The "abandon … about" test mnemonic's Tron account and its published addresses (tron-keys.test.ts). */
const ABANDON =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(ABANDON)).derive("m/44'/195'/0'").publicExtendedKey;
const PUBLISHED = [
  'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  'TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK',
  'TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx',
  'TRhVWK5XEDkQBDevcdCWW7RW51aRncty4W',
];
/** A merchant's own address (Tron's documentation's example) and a token contract of a private network. */
const MERCHANT = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const tron: TronChainConfig = {
  family: 'tron',
  network: 'tron',
  rpcUrl: 'http://127.0.0.1:9',
  mode: 'regtest',
  apiKey: null,
  tokens: { USDT },
};

let ctx: TestContext;
let alice: Merchant;
let aliceLive: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext({ configuredChains: [tron] });
  alice = await createMerchant(ctx, { name: 'Alice Shop' });
  aliceLive = await alice.inMode('live');
  bob = await createMerchant(ctx, { name: 'Bob Store' });
});
afterAll(() => ctx.close());

const addWallet = (m: Merchant, payload: Record<string, unknown>) =>
  m.call({ method: 'POST', url: '/api/v1/wallets', payload });

async function verify(m: Merchant, id: string) {
  const email = (
    await ctx.db.selectFrom('users').select('email').where('id', '=', m.id).executeTakeFirstOrThrow()
  ).email;
  const before = ctx.smtp.mails.length;
  expect((await m.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify` })).statusCode).toBe(200);
  const mail = await ctx.smtp.waitForMail(email, { subject: /wallet verification/, after: before });
  const res = await m.call({
    method: 'POST',
    url: `/api/v1/wallets/${id}/verify/confirm`,
    payload: { code: codeIn(mail) },
  });
  expect(res.statusCode, res.body).toBe(200);
}
const livePayment = (payload: Record<string, unknown>) =>
  aliceLive.call({ method: 'POST', url: '/api/v1/payments', payload });
const countPayments = async () =>
  (
    await ctx.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('Tron wallets', () => {
  it.each([
    [
      'an Ethereum-style address',
      { address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
      T.tronEvmAddressPasted,
      'address',
    ],
    [
      'a mistyped address',
      { address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM' },
      T.tronAddressChecksum,
      'address',
    ],
    [
      'the hex form',
      { address: '418840E6C55B9ADA326D211D818C34A994AECED808' },
      T.tronHexAddressPasted,
      'address',
    ],
    ['a raw private key', { address: 'ab'.repeat(32) }, T.tronPrivateKeyRefused, 'address'],
    ['a receive mode', { address: MERCHANT, receiveMode: 'forwarder' }, T.tronReceiveModeNone, 'receiveMode'],
    ['a script type', { address: MERCHANT, scriptType: 'p2wpkh' }, T.tronScriptTypeNone, 'scriptType'],
  ])('refuses %s with a message on its field, and adds nothing', async (_n, body, message, field) => {
    const res = await addWallet(alice, { currency: 'USDT', network: 'tron', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json().error.fields).toEqual({ [field]: message });
    expect((await alice.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets).toEqual([]);
  });

  it('adds an address for USDT (unique amounts), not twice for one coin; another account may add it for TRX', async () => {
    const usdt = await addWallet(alice, { currency: 'USDT', network: 'tron', address: ` ${MERCHANT} ` });
    expect(usdt.statusCode, usdt.body).toBe(200);
    expect(usdt.json().data).toMatchObject({
      wallet: {
        currency: 'USDT',
        network: 'tron',
        kind: 'address',
        address: MERCHANT,
        receiveMode: 'single',
        scriptType: 'tron',
        chainMode: 'regtest',
      },
      previewAddresses: [],
    });
    // Wallets are per account and per coin: another merchant may add the same address, for TRX.
    const trx = await addWallet(bob, { currency: 'TRX', network: 'tron', address: MERCHANT });
    expect(trx.statusCode, trx.body).toBe(200);
    const again = await addWallet(alice, { currency: 'USDT', network: 'tron', address: MERCHANT });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(T.walletDuplicate);
    await verify(alice, usdt.json().data.wallet.id);
  });

  it('gives a live USDT payment the address, the configured TRC-20 contract, a unique amount and the plain address as URI', async () => {
    const a = await livePayment({ amount: '10', currency: 'USDT', network: 'tron' });
    expect(a.statusCode, a.body).toBe(201);
    const b = (await livePayment({ amount: '10', currency: 'USDT', network: 'tron' })).json().data;
    expect(a.json().data).toMatchObject({ address: MERCHANT, amount: '10', paymentUri: MERCHANT });
    expect(b).toMatchObject({ address: MERCHANT, amount: '10.000001', paymentUri: MERCHANT });
    const row = await readPaymentColumns(ctx.db, a.json().data.id);
    expect(row.contract_address).toBe(USDT);
    expect(row.chain_id).toBeNull();
  });

  it("adds an account xpub for TRX, shows its first five addresses (m/44'/195'/0'/0/i), and pays each payment to its own", async () => {
    const res = await addWallet(alice, { currency: 'TRX', network: 'tron', address: XPUB });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.previewAddresses.slice(0, 4)).toEqual(PUBLISHED);
    expect(res.json().data.previewAddresses).toHaveLength(5);
    expect(res.json().data.wallet).toMatchObject({ kind: 'xpub', receiveMode: 'xpub', scriptType: 'tron' });
    await verify(alice, res.json().data.wallet.id);
    const a = (await livePayment({ amount: '100', currency: 'TRX', network: 'tron' })).json().data;
    const b = (await livePayment({ amount: '100', currency: 'TRX', network: 'tron' })).json().data;
    expect([a.address, b.address]).toEqual(PUBLISHED.slice(0, 2));
    expect([a.amount, b.amount]).toEqual(['100', '100']);
    expect((await readPaymentColumns(ctx.db, a.id)).contract_address).toBeNull();
  });

  it('refuses a live payment with no wallet of the coin, and creates nothing', async () => {
    const before = await countPayments();
    const res = await (await bob.inMode('live')).call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount: '1', currency: 'USDT', network: 'tron' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'WALLET_REQUIRED',
      message: T.walletNeededForLive('USDT'),
    });
    expect(await countPayments()).toBe(before);
  });
});

describe('Tron without a token contract on a private network', () => {
  it('refuses a live USDT payment naming CHAIN_TRON_TOKENS, and creates nothing', async () => {
    const bare = await createTestContext({ configuredChains: [{ ...tron, tokens: {} }] });
    try {
      const carol = await createMerchant(bare, { name: 'Carol' });
      const res = await (await carol.inMode('live')).call({
        method: 'POST',
        url: '/api/v1/payments',
        payload: { amount: '1', currency: 'USDT', network: 'tron' },
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'NETWORK_NOT_CONFIGURED',
        message: T.tronTokenContractMissing('USDT', 'CHAIN_TRON_TOKENS'),
      });
      expect(await bare.db.selectFrom('payments').select('id').execute()).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
