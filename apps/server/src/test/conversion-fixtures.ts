import { randomBytes } from 'node:crypto';
import { deriveAddresses } from '@coinlane/core/families/utxo/utxo-keys';
import { randomId } from '@coinlane/core/ids';
import { expect } from 'vitest';
import type { Db } from '#app/db/connection.ts';
import { sha256 } from '#app/lib/crypto.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { createMerchant, type Merchant } from './payment-fixtures.ts';
import type { TestContext } from './test-app.ts';

/** The merchant's Litecoin regtest key in the conversion tests (m/84'/1'/0' of the "abandon ... about" phrase). */
export const MERCHANT_TPUB =
  'tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M';
const REGTEST = { network: 'litecoin', chainMode: 'regtest' } as const;
/** The merchant key's native segwit receiving address m/0/i: what the wallet hands out (refund addresses too). */
export const merchantAddressAt = (i: number) => deriveAddresses(MERCHANT_TPUB, 'p2wpkh', REGTEST, i, 1)[0]!;
/** Regtest Litecoin addresses no wallet of the merchant hands out (legacy addresses), for a fake exchange's deposits. */
export const otherRegtestAddress = (i: number) =>
  deriveAddresses(MERCHANT_TPUB, 'p2pkh', REGTEST, 5000 + i, 1)[0]!;

export const SIDESHIFT_TEST_SECRET = 'f3a1c0de5ec7e7f00dbadc0ffee15900';
export const SIDESHIFT_TEST_AFFILIATE = 'aff1234';

/** A wallet row as adding and whitelisting it would leave it (the wallet flow itself is wallets.test.ts's). */
export async function insertWallet({
  db,
  secretKey,
  userId,
  currency,
  network,
  address,
  kind,
  chainMode,
  isDefault = false,
}: {
  db: Db;
  secretKey: Buffer;
  userId: string;
  currency: string;
  network: string;
  address: string;
  kind: 'address' | 'xpub';
  chainMode: 'mainnet' | 'regtest';
  isDefault?: boolean;
}): Promise<string> {
  const id = randomId('wal');
  const now = new Date();
  const utxo = network === 'litecoin';
  await db
    .insertInto('wallets')
    .values({
      id,
      user_id: userId,
      currency,
      network,
      chain_mode: chainMode,
      kind,
      address_sealed: sealWalletAddress(secretKey, id, address),
      address_hash: sha256(`${network}:${address}`),
      address_display: kind === 'xpub' ? `${address.slice(0, 8)}...${address.slice(-6)}` : address,
      script_type: utxo ? 'p2wpkh' : 'evm',
      label: `${currency} wallet`,
      verified: true,
      verified_at: now,
      is_default: isDefault,
      receive_mode: utxo ? null : 'single',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export type ShiftMerchant = {
  merchant: Merchant;
  live: Merchant;
  ltcWalletId: string;
  usdtWalletId: string;
  usdtAddress: string;
  ruleId: string;
};

/**
 * A merchant converting its live LTC payments into USDT on `toNetwork`: its LTC key wallet (whitelisted, the
 * default), a whitelisted USDT wallet, a rule LTC -> USDT of at least `minAmount`, and Auto Conversion on.
 */
export async function createShiftMerchant(
  ctx: TestContext,
  { toNetwork = 'ethereum', minAmount = '0.01', name = 'Shift Shop' } = {},
): Promise<ShiftMerchant> {
  const merchant = await createMerchant(ctx, { name });
  const live = await merchant.inMode('live');
  const secretKey = ctx.config.appSecretKey;
  const ltcWalletId = await insertWallet({
    db: ctx.db,
    secretKey,
    userId: merchant.id,
    currency: 'LTC',
    network: 'litecoin',
    address: MERCHANT_TPUB,
    kind: 'xpub',
    chainMode: 'regtest',
    isDefault: true,
  });
  const usdtAddress = `0x${randomBytes(20).toString('hex')}`;
  const usdtWalletId = await insertWallet({
    db: ctx.db,
    secretKey,
    userId: merchant.id,
    currency: 'USDT',
    network: toNetwork,
    address: usdtAddress,
    kind: 'address',
    chainMode: 'mainnet',
  });
  const ruleId = randomId('prl');
  const now = new Date();
  await ctx.db
    .insertInto('payout_rules')
    .values({
      id: ruleId,
      user_id: merchant.id,
      from_currency: 'LTC',
      from_network: 'litecoin',
      to_currency: 'USDT',
      wallet_id: usdtWalletId,
      min_amount: minAmount,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await setAutoConversion(ctx.db, merchant.id, true);
  return { merchant, live, ltcWalletId, usdtWalletId, usdtAddress, ruleId };
}

export const setAutoConversion = (db: Db, userId: string, on: boolean) =>
  db
    .updateTable('user_settings')
    .set({ auto_conversion_enabled: on })
    .where('user_id', '=', userId)
    .execute();

/** A live LTC payment link of `amount` LTC, created by the merchant's session. */
export async function liveLtcLink(live: Merchant, amount = '0.05'): Promise<string> {
  const res = await live.call({
    method: 'POST',
    url: '/api/v1/payment-links',
    payload: { amount, currency: 'LTC', network: 'litecoin' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}
