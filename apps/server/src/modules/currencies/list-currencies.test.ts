import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /currencies', () => {
  it('lists the enabled coins, the spec’s link coins first with their networks in the spec’s order', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/currencies' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as {
      symbol: string;
      networks: { id: string; requiredConfirmations: number }[];
    }[];
    expect(list.slice(0, 4).map((c) => c.symbol)).toEqual(['BTC', 'ETH', 'USDT', 'USDC']);
    expect(list[2]!.networks.map((n) => n.id)).toEqual([
      'ethereum',
      'tron',
      'polygon',
      'binance-smart-chain',
    ]);
    expect(list[3]!.networks.slice(0, 3).map((n) => n.id)).toEqual(['ethereum', 'polygon', 'avalanche']);
    expect(list[0]).toEqual({
      symbol: 'BTC',
      name: 'Bitcoin',
      networks: [
        {
          id: 'bitcoin',
          name: 'Bitcoin',
          decimals: 8,
          requiredConfirmations: 1,
          feeText: '$2-8',
          speedText: '10-60 min',
        },
      ],
    });
  });

  it('leaves out what an admin disabled', async () => {
    await ctx.db
      .updateTable('supported_cryptocurrencies')
      .set({ enabled: false })
      .where('symbol', '=', 'USDT')
      .where('network', '=', 'tron')
      .execute();
    const list = (await ctx.app.inject({ method: 'GET', url: '/api/v1/currencies' })).json().data as {
      symbol: string;
      networks: { id: string }[];
    }[];
    expect(list.find((c) => c.symbol === 'USDT')!.networks.map((n) => n.id)).toEqual([
      'ethereum',
      'polygon',
      'binance-smart-chain',
    ]);
  });
});
