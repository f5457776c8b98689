import { CRYPTO_CURRENCIES, NETWORKS, PAYMENT_LINK_CRYPTOS } from '@coinlane/core/currencies';
import { isTronAddress } from '@coinlane/core/families/tron/tron-keys';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENCY_SEED } from '#app/db/migrations/0002-payments.ts';
import { EVM_CURRENCY_SEED } from '#app/db/migrations/0010-evm-currencies.ts';
import { TRON_CURRENCY_SEED, TRON_USDT_CONTRACT } from '#app/db/migrations/0032-tron.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { resolveCurrency } from './resolve-currency.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('supported_cryptocurrencies seed (migrations 0002 and 0010)', () => {
  it('holds one row per (symbol, network) of the core catalogue, with its decimals and confirmations', async () => {
    const rows = await ctx.db.selectFrom('supported_cryptocurrencies').selectAll().execute();
    const key = (c: { symbol: string; network: string }) => `${c.symbol}@${c.network}`;
    expect(rows.map(key).sort()).toEqual(CRYPTO_CURRENCIES.map(key).sort());
    for (const c of CRYPTO_CURRENCIES) {
      const row = rows.find((r) => key(r) === key(c))!;
      expect(row, key(c)).toMatchObject({
        name: c.name,
        decimals: c.decimals,
        required_confirmations: NETWORKS[c.network].requiredConfirmations,
        enabled: true,
        fee_percentage: null,
      });
      // Tokens on EVM networks and Tron carry their contract; native coins none.
      if (['evm', 'tron'].includes(NETWORKS[c.network].family))
        expect(row.contract_address === null, key(c)).toBe(c.native);
    }
    // The frozen seed list of the migration is the catalogue of this release.
    const seeded = [...CURRENCY_SEED, ...EVM_CURRENCY_SEED, ...TRON_CURRENCY_SEED];
    expect(seeded.map(key).sort()).toEqual(CRYPTO_CURRENCIES.map(key).sort());
    // Every seeded token contract is a well-formed, EIP-55 checksummed address (a typo fails the checksum).
    for (const c of seeded) if (c.contract) expect(getAddress(c.contract), key(c)).toBe(c.contract);
    // Tether's Tron contract, seeded by 0032 where 0002 could store none: a valid base58check Tron address.
    expect(isTronAddress(TRON_USDT_CONTRACT)).toBe(true);
    expect(rows.find((r) => key(r) === 'USDT@tron')?.contract_address).toBe(TRON_USDT_CONTRACT);
  });

  it('offers ETH, USDT, USDC and DAI on every EVM network the watcher supports (issue 7)', async () => {
    const rows = await ctx.db.selectFrom('supported_cryptocurrencies').selectAll().execute();
    const has = (symbol: string, network: string) =>
      rows.some((r) => r.symbol === symbol && r.network === network);
    for (const network of ['ethereum', 'polygon', 'binance-smart-chain', 'avalanche', 'arbitrum', 'optimism'])
      for (const symbol of ['USDT', 'USDC', 'DAI'])
        expect(has(symbol, network), `${symbol}@${network}`).toBe(true);
    for (const network of ['ethereum', 'arbitrum', 'optimism'])
      expect(has('ETH', network), network).toBe(true);
  });

  it('has every crypto and network the link form offers, and the spec confirmations', async () => {
    for (const [symbol, networks] of Object.entries(PAYMENT_LINK_CRYPTOS)) {
      for (const network of networks) {
        const { row } = await resolveCurrency({ db: ctx.db, currency: symbol, network });
        expect(row.network).toBe(network);
      }
    }
    const confirmations = Object.fromEntries(
      (
        await ctx.db
          .selectFrom('supported_cryptocurrencies')
          .select(['network', 'required_confirmations'])
          .execute()
      ).map((r) => [r.network, r.required_confirmations]),
    );
    expect(confirmations).toMatchObject({
      bitcoin: 1,
      ethereum: 12,
      tron: 20,
      polygon: 128,
      'binance-smart-chain': 15,
      avalanche: 1,
      litecoin: 6,
      dogecoin: 40,
      arbitrum: 64,
      optimism: 30,
    });
  });

  it('seeds the platform fee at 1 %', async () => {
    const fees = await ctx.db.selectFrom('fee_structures').selectAll().orderBy('type').execute();
    expect(fees.map((f) => [f.type, f.percentage])).toEqual([
      ['platform', '1'],
      ['processing', '0'],
      ['withdrawal', '0'],
    ]);
  });

  it('accepts the bsc alias and full coin names', async () => {
    const { row } = await resolveCurrency({ db: ctx.db, currency: 'usd-coin', network: 'BSC' });
    expect(row).toMatchObject({ symbol: 'USDC', network: 'binance-smart-chain', decimals: 18 });
  });

  it('reads ETH without a network as ethereum (its layer 2s are named), but asks which USDT', async () => {
    expect((await resolveCurrency({ db: ctx.db, currency: 'ETH' })).row.network).toBe('ethereum');
    expect((await resolveCurrency({ db: ctx.db, currency: 'eth', network: 'arbitrum' })).row).toMatchObject({
      symbol: 'ETH',
      network: 'arbitrum',
      decimals: 18,
      contract_address: null,
    });
    await expect(resolveCurrency({ db: ctx.db, currency: 'USDT' })).rejects.toMatchObject({
      message: 'Please select a network for USDT',
    });
  });
});
