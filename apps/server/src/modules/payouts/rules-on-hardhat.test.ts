import { loadArtifacts } from '@coinlane/contracts/artifacts';
import { deploySwapForwarderFactory, deployTestToken } from '@coinlane/contracts/deploy';
import {
  createPoolWithLiquidity,
  deployUniswapV3,
  type Uniswap,
} from '@coinlane/contracts/uniswap-test-deploy';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { parseUnits } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import { type Address, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeVerifiedSwapFactory } from '#app/modules/chains/watcher-findings.ts';
import { type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { insertPayoutWallet } from '#app/test/payout-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { swapRouteFinderOf } from '../../server-payouts.ts';

// Rules saved through the server as it is wired (server-payouts.ts), against a real Hardhat node with Uniswap V3
// deployed from the official npm packages' artifacts: the route is read from the node's pools and stored with the
// rule; a pair without a pool is refused. Polygon is configured without a swap factory: refused for that reason.

describe('payout rules on Hardhat with Uniswap V3', () => {
  let node: Hardhat;
  let ctx: TestContext;
  let uniswap: Uniswap;
  let usdt: Address;
  let usdc: Address;
  let m: Merchant;

  beforeAll(async () => {
    loadArtifacts();
    node = await startHardhat();
    const c = { wallet: node.wallets[0]!, publicClient: node.publicClient };
    uniswap = await deployUniswapV3(c);
    usdt = await deployTestToken({ ...c, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
    usdc = await deployTestToken({ ...c, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    // 1 ETH = 3,000 USDT; no USDC pool at all
    await createPoolWithLiquidity({
      ...c,
      uniswap,
      tokenA: uniswap.weth,
      tokenB: usdt,
      fee: 3000,
      amountA: parseEther('100'),
      amountB: parseUnits('300000', 6),
    });
    const swapFactory = await deploySwapForwarderFactory({
      ...c,
      router: uniswap.router,
      weth: uniswap.weth,
      v3Factory: uniswap.v3Factory,
    });
    const ethereum: EvmChainConfig = {
      family: 'evm',
      network: 'ethereum',
      rpcUrl: node.url,
      mode: 'regtest',
      chainId: null,
      tokens: { USDT: usdt, USDC: usdc },
      factory: null,
      gasKey: null,
      swapFactory,
      swapTwapSeconds: 600,
    };
    const polygon: EvmChainConfig = { ...ethereum, network: 'polygon', swapFactory: null };
    ctx = await createTestContext({ configuredChains: [ethereum, polygon] });
    // the watcher checked the swap factory on the node (evm-swap-factory-check.test.ts does it against Hardhat)
    await writeVerifiedSwapFactory(ctx.db, 'ethereum', swapFactory, new Date());
    m = await createMerchant(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await node?.stop();
  });

  const wallet = (network: string, currency = 'USDT') =>
    insertPayoutWallet({
      db: ctx.db,
      secretKey: ctx.config.appSecretKey,
      userId: m.id,
      currency,
      network,
      chainMode: 'regtest',
    });
  const addRule = (payload: Record<string, unknown>) =>
    m.call({ method: 'POST', url: '/api/v1/payouts/rules', payload });

  it('has a swap factory where one is configured only', () => {
    const finder = ctx.app.swapRouteFinder;
    expect(finder.hasSwapFactory('ethereum')).toBe(true);
    expect(finder.hasSwapFactory('polygon')).toBe(false);
    expect(finder.hasSwapFactory('arbitrum')).toBe(false);
    expect(swapRouteFinderOf({ configuredChains: [] }, ctx.db).hasSwapFactory('ethereum')).toBe(false);
  });

  it('saves ETH -> USDT with the pool read from the node', async () => {
    const w = await wallet('ethereum');
    const res = await addRule({
      fromCurrency: 'ETH',
      fromNetwork: 'ethereum',
      toCurrency: 'USDT',
      walletId: w.id,
      minAmount: '0.01',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      conversion: 'swap',
      swapRoute: { tokens: [uniswap.weth, usdt], fees: [3000] },
    });
  });

  it('refuses a pair without a pool, and a network without a swap factory', async () => {
    const w = await wallet('ethereum', 'USDC');
    const noPool = await addRule({
      fromCurrency: 'ETH',
      fromNetwork: 'ethereum',
      toCurrency: 'USDC',
      walletId: w.id,
      minAmount: '0.01',
    });
    // ETH/USDC has no pool; through WETH neither (WETH is one side)
    expect(noPool.statusCode).toBe(400);
    expect(noPool.json().error.message).toBe(T.payoutNoRoute('ETH', 'USDC', 'Ethereum'));
    const pw = await wallet('polygon');
    const noFactory = await addRule({
      fromCurrency: 'MATIC',
      toCurrency: 'USDT',
      walletId: pw.id,
      minAmount: '1',
    });
    expect(noFactory.statusCode).toBe(422);
    expect(noFactory.json().error.message).toBe(T.payoutNoSwapFactory('Polygon'));
  });
});
