import { forwarderAddress } from '@coinlane/contracts/forwarder-address';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { T } from '@coinlane/core/texts';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeVerifiedFactory } from '#app/modules/chains/watcher-findings.ts';
import { HARDHAT_MNEMONIC } from '#app/test/hardhat.ts';
import { readPaymentColumns } from '#app/test/payment-columns.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// EVM wallets through the API (no node needed: allocation reads only the database). The chain ids below are
// configured, so no watcher has to have reached a node first.

const MERCHANT = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 7 }).address;
const XPUB = HDKey.fromMasterSeed(mnemonicToSeedSync(HARDHAT_MNEMONIC)).derive(
  "m/44'/60'/0'",
).publicExtendedKey;
const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDT = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512';

const ethereum: EvmChainConfig = {
  family: 'evm',
  network: 'ethereum',
  rpcUrl: 'http://127.0.0.1:9',
  mode: 'regtest',
  chainId: 31337,
  tokens: { USDT, DAI: '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9' },
  factory: FACTORY,
  gasKey: null,
};
// Polygon without a factory, and a USDC contract only (a regtest chain: the mainnet contracts do not apply).
const polygon: EvmChainConfig = {
  ...ethereum,
  network: 'polygon',
  rpcUrl: 'http://127.0.0.1:10',
  chainId: 1337,
  tokens: { USDC: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0' },
  factory: null,
};

let ctx: TestContext;
let alice: Merchant;
let aliceLive: Merchant;
let bob: Merchant;

beforeAll(async () => {
  ctx = await createTestContext({ configuredChains: [ethereum, polygon] });
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
  const sent = await m.call({ method: 'POST', url: `/api/v1/wallets/${id}/verify` });
  expect(sent.statusCode, sent.body).toBe(200);
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

describe('EVM wallets', () => {
  it.each([
    [
      'a mixed-case address with a wrong checksum',
      { address: `${MERCHANT.slice(0, -1)}${MERCHANT.endsWith('a') ? 'A' : 'a'}` },
      T.evmAddressChecksum,
      'address',
    ],
    ['a short address', { address: '0x1234' }, T.evmAddressInvalid, 'address'],
    ['a raw private key', { address: `0x${'ab'.repeat(32)}` }, T.evmPrivateKeyRefused, 'address'],
    [
      'a receive mode for an xpub',
      { address: XPUB, receiveMode: 'single' },
      T.evmReceiveModeAddressOnly,
      'receiveMode',
    ],
    ['a script type', { address: MERCHANT, scriptType: 'p2wpkh' }, T.evmScriptTypeNone, 'scriptType'],
  ])('refuses %s with a message on its field', async (_n, body, message, field) => {
    const res = await addWallet(alice, { currency: 'ETH', network: 'ethereum', ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it('refuses a receive mode on a UTXO network', async () => {
    const res = await addWallet(alice, {
      currency: 'BTC',
      network: 'bitcoin',
      address: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
      receiveMode: 'single',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toBe(T.evmReceiveModeUtxo);
  });

  it('adds an address (forwarder by default), the same address for another coin, but not twice for one coin', async () => {
    const eth = await addWallet(alice, {
      currency: 'ETH',
      network: 'ethereum',
      address: MERCHANT.toLowerCase(),
    });
    expect(eth.statusCode, eth.body).toBe(200);
    expect(eth.json().data).toMatchObject({
      wallet: {
        currency: 'ETH',
        network: 'ethereum',
        kind: 'address',
        address: MERCHANT,
        receiveMode: 'forwarder',
        scriptType: 'evm',
        chainMode: 'regtest',
      },
      previewAddresses: [],
    });
    const usdt = await addWallet(alice, {
      currency: 'USDT',
      network: 'ethereum',
      address: MERCHANT,
      receiveMode: 'single',
    });
    expect(usdt.statusCode, usdt.body).toBe(200);
    expect(usdt.json().data.wallet.receiveMode).toBe('single');
    const again = await addWallet(alice, { currency: 'ETH', network: 'ethereum', address: MERCHANT });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(T.walletDuplicate);
    // Bob may add the same address: wallets are per account.
    expect(
      (await addWallet(bob, { currency: 'ETH', network: 'ethereum', address: MERCHANT })).statusCode,
    ).toBe(200);
    await verify(alice, eth.json().data.wallet.id);
    await verify(alice, usdt.json().data.wallet.id);
  });

  it("adds an account xpub and shows its first five addresses (m/44'/60'/0'/0/0..4)", async () => {
    const res = await addWallet(alice, { currency: 'MATIC', network: 'polygon', address: XPUB });
    expect(res.statusCode, res.body).toBe(200);
    const expected = [0, 1, 2, 3, 4].map(
      (i) => mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: i }).address,
    );
    expect(res.json().data.previewAddresses).toEqual(expected);
    expect(res.json().data.wallet).toMatchObject({
      kind: 'xpub',
      receiveMode: 'xpub',
      address: `${XPUB.slice(0, 8)}…${XPUB.slice(-6)}`,
    });
    await verify(alice, res.json().data.wallet.id);
    // Live MATIC payments get the key's children in order, with the polygon chain id (no factory needed).
    const a = (await livePayment({ amount: '1', currency: 'MATIC', network: 'polygon' })).json().data;
    const b = (await livePayment({ amount: '1', currency: 'MATIC', network: 'polygon' })).json().data;
    expect([a.address, b.address]).toEqual(expected.slice(0, 2));
    expect(a.paymentUri).toBe(`ethereum:${expected[0]}@1337?value=1000000000000000000`);
  });

  it('refuses forwarder payments until the watcher has found the factory deployed; zero address refused', async () => {
    const res = await livePayment({ amount: '0.5', currency: 'ETH', network: 'ethereum' });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: T.evmFactoryUnverified('Ethereum'),
    });
    // Another contract verified earlier (the configuration changed since) does not count either.
    await writeVerifiedFactory(ctx.db, 'ethereum', USDT, new Date());
    expect((await livePayment({ amount: '0.5', currency: 'ETH', network: 'ethereum' })).statusCode).toBe(503);
    const zero = await addWallet(alice, {
      currency: 'ETH',
      network: 'ethereum',
      address: `0x${'0'.repeat(40)}`,
    });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(zero.json().error.fields).toEqual({ address: T.evmZeroAddress });
    // The watcher checked the configured factory on its node (evm-watcher.test.ts does it against Hardhat).
    await writeVerifiedFactory(ctx.db, 'ethereum', FACTORY.toLowerCase(), new Date());
  });

  it('gives a live ETH payment a forwarder deposit address of the merchant, with an EIP-681 URI on the chain id', async () => {
    const res = await livePayment({ amount: '0.5', currency: 'ETH', network: 'ethereum' });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    const row = await readPaymentColumns(ctx.db, p.id);
    expect(row.chain_id).toBe(31337);
    expect(row.forwarder_factory).toBe(FACTORY);
    expect(p.address).toBe(
      forwarderAddress({
        factory: FACTORY,
        merchant: MERCHANT,
        paymentSalt: row.deposit_salt as `0x${string}`,
      }),
    );
    expect(p.paymentUri).toBe(`ethereum:${p.address}@31337?value=500000000000000000`);
    const q = (await livePayment({ amount: '0.5', currency: 'ETH', network: 'ethereum' })).json().data;
    expect(q.address).not.toBe(p.address); // a fresh salt per payment
  });

  it('gives a live USDT payment the single address, the configured token contract and a unique amount', async () => {
    const a = (await livePayment({ amount: '10', currency: 'USDT', network: 'ethereum' })).json().data;
    const b = (await livePayment({ amount: '10', currency: 'USDT', network: 'ethereum' })).json().data;
    expect(a.address).toBe(MERCHANT);
    expect(b.address).toBe(MERCHANT);
    expect(a.paymentUri).toBe(`ethereum:${USDT}@31337/transfer?address=${MERCHANT}&uint256=10000000`);
    expect(b.paymentUri).toBe(`ethereum:${USDT}@31337/transfer?address=${MERCHANT}&uint256=10000001`);
    const { contract_address, deposit_salt } = await readPaymentColumns(ctx.db, a.id);
    const row = { contract_address, deposit_salt };
    expect(row).toEqual({ contract_address: USDT, deposit_salt: null });
  });

  it('shows the hosted page the chain id and the token contract of a live token payment', async () => {
    const link = await aliceLive.call({
      method: 'POST',
      url: '/api/v1/payment-links',
      payload: { amount: '5', currency: 'USDT', network: 'ethereum' },
    });
    expect(link.statusCode, link.body).toBe(201);
    const started = await ctx.app.inject({ method: 'POST', url: `/api/v1/checkout/${link.json().data.id}` });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/v1/checkout/${link.json().data.id}` });
    const payment = page.json().data.payment;
    expect(payment).toMatchObject({ address: MERCHANT, chainId: 31337, contractAddress: USDT });
    expect(payment.paymentUri).toMatch(
      new RegExp(`^ethereum:${USDT}@31337/transfer\\?address=${MERCHANT}&uint256=500000\\d$`),
    );
  });

  it('refuses clearly: no factory for a forwarder wallet, no token contract, no wallet; nothing is created', async () => {
    const before = await ctx.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const w = await addWallet(alice, { currency: 'USDC', network: 'polygon', address: MERCHANT });
    expect(w.statusCode, w.body).toBe(200);
    await verify(alice, w.json().data.wallet.id);
    const noFactory = await livePayment({ amount: '1', currency: 'USDC', network: 'polygon' });
    expect(noFactory.statusCode).toBe(422);
    expect(noFactory.json().error).toMatchObject({
      code: 'NETWORK_NOT_CONFIGURED',
      message: T.evmFactoryMissing('Polygon', 'CHAIN_POLYGON_FACTORY'),
    });
    const noToken = await livePayment({ amount: '1', currency: 'USDT', network: 'polygon' });
    expect(noToken.statusCode).toBe(422);
    expect(noToken.json().error.message).toBe(
      T.evmTokenContractMissing('USDT', 'Polygon', 'CHAIN_POLYGON_TOKENS'),
    );
    const noWallet = await livePayment({ amount: '1', currency: 'DAI', network: 'ethereum' });
    expect(noWallet.statusCode).toBe(422);
    expect(noWallet.json().error).toMatchObject({
      code: 'WALLET_REQUIRED',
      message: T.walletNeededForLive('DAI'),
    });
    const after = await ctx.db
      .selectFrom('payments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
