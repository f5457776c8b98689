import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';

// A litecoin node, and a dev EVM chain whose only token contract is USDC's (CHAIN_ETHEREUM_TOKENS).
const USDC_DEV = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    configuredChains: [
      { family: 'utxo', network: 'litecoin', rpcUrl: 'http://u:p@127.0.0.1:9', mode: 'regtest' },
      {
        family: 'evm',
        network: 'ethereum',
        rpcUrl: 'http://127.0.0.1:9',
        mode: 'regtest',
        chainId: null,
        tokens: { USDC: USDC_DEV },
        factory: null,
        gasKey: null,
      },
    ],
  });
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
    // The spec's networks in its order, then the other networks of the catalogue (issue 7: arbitrum, optimism...).
    expect(list[2]!.networks.map((n) => n.id)).toEqual([
      'ethereum',
      'tron',
      'polygon',
      'binance-smart-chain',
      'avalanche',
      'arbitrum',
      'optimism',
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
      'avalanche',
      'arbitrum',
      'optimism',
    ]);
  });

  it('offers in live mode only the coins whose chain has a node (and tokens with a contract there)', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/currencies?mode=live' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { symbol: string; networks: { id: string }[] }[];
    expect(list.map((c) => [c.symbol, c.networks.map((n) => n.id)])).toEqual([
      ['ETH', ['ethereum']],
      ['USDC', ['ethereum']],
      ['LTC', ['litecoin']],
    ]);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/currencies?mode=mainnet' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
  });
});
