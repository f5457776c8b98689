import { T } from '@coinlane/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '#app/lib/crypto.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { codeIn } from '#app/test/smtp.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// Bitcoin Cash wallets in CashAddr (decision 008, "Bitcoin Cash"), on a regtest chain (its node is not called here).
// The addresses are the BIP39 test mnemonic's first at m/44'/1'/0' as wallet libraries publish them (testnet
// bchtest:qqaz6s...mst35fx4, legacy mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV; the regtest CashAddr writes the same hash
// with the bchreg prefix) and the CashAddr specification's translation of 1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu.
const LEGACY = 'mkpZhYtJu2r87Js3pDiWJDmPte2NRZ8bJV';
const CASH = 'bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n';
const BCH_TPUB =
  'tpubDC5FSnBiZDMmhiuCmWAYsLwgLYrrT9rAqvTySfuCCrgsWz8wxMXUS9Tb9iVMvcRbvFcAHGkMD5Kx8koh4GquNGNTfohfk7pgjhaPCdXpoba';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'bitcoin-cash', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
    ],
  });
});
afterAll(() => ctx.close());

const addWallet = (m: Merchant, address: string) =>
  m.call({
    method: 'POST',
    url: '/api/v1/wallets',
    payload: { currency: 'BCH', network: 'bitcoin-cash', address },
  });

async function verify(m: Merchant, id: string) {
  const { email } = await ctx.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', m.id)
    .executeTakeFirstOrThrow();
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

describe('Bitcoin Cash wallets', () => {
  it('takes a legacy address and stores it as CashAddr; the CashAddr, however written, is the same wallet', async () => {
    const m = await createMerchant(ctx, { name: 'Cash Legacy' });
    const res = await addWallet(m, LEGACY);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.wallet).toMatchObject({
      network: 'bitcoin-cash',
      chainMode: 'regtest',
      kind: 'address',
      address: CASH,
      scriptType: 'p2pkh',
    });
    for (const again of [CASH, CASH.toUpperCase(), CASH.slice('bchreg:'.length), LEGACY]) {
      const dup = await addWallet(m, again);
      expect(dup.statusCode, again).toBe(409);
      expect(dup.json().error.message).toBe(T.walletDuplicate);
    }
  });

  it('refuses a CashAddr or legacy address of another chain mode, and a bad CashAddr checksum', async () => {
    const m = await createMerchant(ctx, { name: 'Cash Modes' });
    for (const [input, message] of [
      [
        'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
        T.walletCashAddrWrongPrefix('bchtest', 'testnet', 'bchreg', 'regtest'),
      ],
      [
        'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
        T.walletCashAddrWrongPrefix('bitcoincash', 'mainnet', 'bchreg', 'regtest'),
      ],
      ['1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 'This is a mainnet address; this network runs on regtest'],
      [`${CASH.slice(0, -1)}c`, 'Invalid checksum'],
    ] as const) {
      const res = await addWallet(m, input);
      expect(res.statusCode, input).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await m.call({ method: 'GET', url: '/api/v1/wallets' })).json().data.wallets).toEqual([]);
  });

  it('previews a key by its first five CashAddr addresses', async () => {
    const m = await createMerchant(ctx, { name: 'Cash Key' });
    const res = await addWallet(m, BCH_TPUB);
    expect(res.statusCode, res.body).toBe(200);
    const { previewAddresses, wallet } = res.json().data;
    expect(wallet).toMatchObject({ kind: 'xpub', scriptType: 'p2pkh' });
    expect(previewAddresses).toHaveLength(5);
    expect(previewAddresses[0]).toBe(CASH);
    for (const a of previewAddresses) expect(a).toMatch(/^bchreg:q[02-9ac-hj-np-z]{41}$/);
  });

  it('keeps a wallet stored in the legacy form one wallet, and hands out its address as CashAddr', async () => {
    const m = await createMerchant(ctx, { name: 'Cash Before' });
    const added = await addWallet(m, LEGACY);
    const id = added.json().data.wallet.id as string;
    // The row as a wallet added before CashAddr was Bitcoin Cash's form wrote it: sealed and hashed in the legacy
    // form (the migration shows the address as CashAddr; its sealed value cannot be opened without the key).
    await ctx.db
      .updateTable('wallets')
      .set({
        address_sealed: sealWalletAddress(ctx.config.appSecretKey, id, LEGACY),
        address_hash: sha256(`bitcoin-cash:${LEGACY}`),
      })
      .where('id', '=', id)
      .execute();
    for (const again of [CASH, LEGACY]) expect((await addWallet(m, again)).statusCode, again).toBe(409);

    await verify(m, id);
    const live = await m.inMode('live');
    const pay = (amount: string) =>
      live.call({ method: 'POST', url: '/api/v1/payments', payload: { amount, currency: 'BCH' } });
    const a = await pay('0.5');
    const b = await pay('0.5');
    expect(a.statusCode, a.body).toBe(201);
    // One form on the address: the amounts stay unique, and the payer is shown CashAddr, its prefix the URI scheme.
    expect([a.json().data.address, b.json().data.address]).toEqual([CASH, CASH]);
    expect([a.json().data.amount, b.json().data.amount]).toEqual(['0.5', '0.50000001']);
    expect(a.json().data.paymentUri).toBe(`${CASH}?amount=0.5`);
  });
});
