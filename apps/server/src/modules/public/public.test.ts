import { CRYPTO_CURRENCIES } from '@coinlane/core/currencies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setSystemSetting } from '#app/modules/system-settings/set-system-setting.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const overview = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/public/overview' });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('GET /public/overview', () => {
  it('answers anonymous callers with the platform name, fee and coin catalogue', async () => {
    const data = await overview();
    expect(data.platformName).toBe('Coinlane');
    expect(data.feePercent).toBe('1');
    expect(data.coinCount).toBe(new Set(CRYPTO_CURRENCIES.map((c) => c.symbol)).size);
    expect(data.coinCount).toBe(data.coins.length);
    expect(data.networkCount).toBe(new Set(CRYPTO_CURRENCIES.map((c) => c.network)).size);
    const usdt = data.coins.find((c: { symbol: string }) => c.symbol === 'USDT');
    expect(usdt).toEqual({
      symbol: 'USDT',
      name: 'Tether USD',
      featured: true,
      networks: [
        { id: 'ethereum', name: 'Ethereum' },
        { id: 'tron', name: 'Tron' },
        { id: 'polygon', name: 'Polygon' },
        { id: 'binance-smart-chain', name: 'BNB Smart Chain' },
        { id: 'avalanche', name: 'Avalanche C-Chain' },
        { id: 'arbitrum', name: 'Arbitrum One' },
        { id: 'optimism', name: 'OP Mainnet' },
      ],
    });
    const featured = data.coins
      .filter((c: { featured: boolean }) => c.featured)
      .map((c: { symbol: string }) => c.symbol);
    expect(featured.sort()).toEqual(['BNB', 'BTC', 'ETH', 'MATIC', 'USDC', 'USDT']);
  });

  it('follows the platform name set by the admins', async () => {
    await setSystemSetting({ db: ctx.db, key: 'platform_name', value: 'Acme Pay', updatedBy: null });
    expect((await overview()).platformName).toBe('Acme Pay');
  });
});
