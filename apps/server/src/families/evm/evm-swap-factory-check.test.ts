import { swapForwarderFactoryAbi } from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import {
  deployForwarderFactory,
  deploySwapForwarderFactory,
  deployTestToken,
} from '@coinlane/contracts/deploy';
import { encodeV3Path, swapForwarderAddress } from '@coinlane/contracts/swap-forwarder-address';
import {
  createPoolWithLiquidity,
  deployUniswapV3,
  increaseTime,
  type Uniswap,
} from '@coinlane/contracts/uniswap-test-deploy';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { randomId } from '@coinlane/core/ids';
import { parseUnits } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import { type Address, getAddress, type Hex, parseEther, toHex, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TPaymentConversion } from '#app/db/schema.ts';
import { writeVerifiedSwapFactory } from '#app/modules/chains/watcher-findings.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { readPaymentColumns } from '#app/test/payment-columns.ts';
import { createMerchant, type Merchant } from '#app/test/payment-fixtures.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { createEvmSwapRouteFinder } from './evm-swap-routes.ts';
import { createEvmChainWatcher } from './evm-watcher.ts';

// The swapping forwarder factory's node check (decision 024), against a Hardhat node with Uniswap V3 deployed from
// the official npm artifacts: the watcher verifies a configured swap factory's code (swapForwarderCodeVersion, given
// the router, wrapped coin and V3 factory it is bound to) and records it (chain_cursors.swap_factory); impostors are
// refused with their reason while the scan goes on; payments a rule converts, created through the API, and the
// route finder of rules wait for a verified swap factory, as forwarder addresses wait for a verified factory.

const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));

describe('the swap forwarder factory checked on the node', () => {
  let node: Hardhat;
  let ctx: TestContext;
  let chain: EvmChainConfig;
  let uniswap: Uniswap;
  let usdt: Address;
  let factory: Address;
  let swapFactory: Address;
  let merchant: Merchant;
  let live: Merchant;
  let payout: Address;
  let usdtWallet: string;

  const clients = () => ({ wallet: node.wallets[0]!, publicClient: node.publicClient });
  /** One watcher pass over `network` with the configured chain changed by `over`; its error and cursor row. */
  async function check(over: Partial<EvmChainConfig>, network: EvmChainConfig['network'] = 'avalanche') {
    const watcher = createEvmChainWatcher({
      deps: ctx.server.payments,
      dbHandle: ctx.dbHandle,
      chain: { ...chain, network, ...over },
      pollMs: 100,
    });
    await watcher.tick();
    const row = await ctx.db
      .selectFrom('chain_cursors')
      .selectAll()
      .where('network', '=', network)
      .executeTakeFirstOrThrow();
    return { status: watcher.status(), row };
  }
  async function insertWallet(currency: string, address: Address): Promise<string> {
    const id = randomId('wal');
    await ctx.db
      .insertInto('wallets')
      .values({
        id,
        user_id: merchant.id,
        currency,
        network: 'ethereum',
        chain_mode: 'regtest',
        kind: 'address',
        address_sealed: sealWalletAddress(ctx.config.appSecretKey, id, address),
        address_hash: randomId('h'),
        address_display: address,
        script_type: 'evm',
        label: `${currency} wallet`,
        verified: true,
        is_default: true,
        receive_mode: 'forwarder',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    return id;
  }
  /** A second ETH -> USDT rule, added through the API (the route is looked up before its uniqueness is checked). */
  const addRule = () =>
    merchant.call({
      method: 'POST',
      url: '/api/v1/payouts/rules',
      payload: {
        fromCurrency: 'ETH',
        fromNetwork: 'ethereum',
        toCurrency: 'USDT',
        walletId: usdtWallet,
        minAmount: '0.01',
      },
    });
  const livePayment = (amount: string) =>
    live.call({
      method: 'POST',
      url: '/api/v1/payments',
      payload: { amount, currency: 'ETH', network: 'ethereum' },
    });

  beforeAll(async () => {
    loadArtifacts();
    node = await startHardhat();
    const c = clients();
    factory = await deployForwarderFactory(c);
    uniswap = await deployUniswapV3(c);
    usdt = await deployTestToken({ ...c, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
    await createPoolWithLiquidity({
      ...c,
      uniswap,
      tokenA: uniswap.weth,
      tokenB: usdt,
      fee: 3000,
      amountA: parseEther('10'),
      amountB: parseUnits('30000', 6),
    });
    await increaseTime(node.publicClient, 120);
    swapFactory = await deploySwapForwarderFactory({
      ...c,
      router: uniswap.router,
      weth: uniswap.weth,
      v3Factory: uniswap.v3Factory,
    });
    chain = {
      family: 'evm',
      network: 'ethereum',
      rpcUrl: node.url,
      mode: 'regtest',
      chainId: null,
      tokens: { USDT: usdt },
      factory,
      gasKey: HARDHAT_KEYS[3]!,
      swapFactory,
      swapTwapSeconds: 60,
    };
    ctx = await createTestContext({ configuredChains: [chain] });
    merchant = await createMerchant(ctx, { name: 'Swap Shop' });
    live = await merchant.inMode('live');
    await insertWallet('ETH', randomAddress());
    payout = randomAddress();
    usdtWallet = await insertWallet('USDT', payout);
    await ctx.db
      .insertInto('user_settings')
      .values({ user_id: merchant.id, auto_conversion_enabled: true, max_slippage_bps: 100 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ auto_conversion_enabled: true, max_slippage_bps: 100 }),
      )
      .execute();
    await ctx.db
      .insertInto('payout_rules')
      .values({
        id: randomId('rul'),
        user_id: merchant.id,
        from_currency: 'ETH',
        from_network: 'ethereum',
        to_currency: 'USDT',
        wallet_id: usdtWallet,
        min_amount: '0.01',
        swap_route: JSON.stringify({ tokens: [uniswap.weth, usdt], fees: [3000] }),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
  });
  afterAll(async () => {
    await ctx?.close();
    await node?.stop();
  });

  it('verifies the genuine swap factory, bound to the node’s Uniswap contracts, and records it', async () => {
    const { status, row } = await check({}, 'ethereum');
    expect(status.lastError).toBeNull();
    expect(row).toMatchObject({ factory, swap_factory: swapFactory, chain_id: 31337 });
  });

  it('refuses a swap factory that is not deployed, not Coinlane’s, or bound to Uniswap contracts absent from the node, and scans on', async () => {
    // the same SwapForwarderFactory code bound to a router, wrapped coin and V3 factory of another chain
    const elsewhere = await deploySwapForwarderFactory({
      ...clients(),
      router: randomAddress(),
      weth: uniswap.weth,
      v3Factory: uniswap.v3Factory,
    });
    const router = await node.publicClient.readContract({
      address: elsewhere,
      abi: swapForwarderFactoryAbi,
      functionName: 'router',
    });
    const cases: [Address, string][] = [
      [payout, T.evmSwapFactoryNotDeployed('Avalanche C-Chain', payout)],
      [usdt, T.evmSwapFactoryCodeUnknown('Avalanche C-Chain', usdt)], // no router(): not a swap factory
      [factory, T.evmSwapFactoryCodeUnknown('Avalanche C-Chain', factory)], // the plain forwarder factory
      [uniswap.router, T.evmSwapFactoryCodeUnknown('Avalanche C-Chain', uniswap.router)],
      [elsewhere, T.evmSwapFactoryUniswapMissing('Avalanche C-Chain', elsewhere, 'SwapRouter02', router)],
    ];
    for (const [wrong, message] of cases) {
      const { status, row } = await check({ swapFactory: wrong });
      expect(status.lastError).toBe(message);
      expect(status.processedHeight).not.toBeNull(); // payments under no rule are still seen
      expect(row).toMatchObject({ swap_factory: null, factory, last_error: message });
    }
    // the genuine one passes there too
    const { status, row } = await check({});
    expect(status.lastError).toBeNull();
    expect(row.swap_factory).toBe(swapFactory);
  });

  it('payments a rule converts and rules’ routes (the finder, POST /payouts/rules) wait for a verified swap factory; payments under no rule do not', async () => {
    const finder = createEvmSwapRouteFinder({ chain, db: ctx.db });
    for (const verified of [null, usdt]) {
      // not checked yet, or another contract checked earlier (the configuration changed since)
      await writeVerifiedSwapFactory(ctx.db, 'ethereum', verified, new Date());
      const refused = await livePayment('0.5');
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: T.evmSwapFactoryUnverified('Ethereum'),
      });
      await expect(finder.findRoute({ tokenIn: null, tokenOut: usdt })).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: T.payoutSwapFactoryUnverified('Ethereum'),
      });
      const rule = await addRule();
      expect(rule.statusCode, rule.body).toBe(503);
      expect(rule.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: T.payoutSwapFactoryUnverified('Ethereum'),
      });
      // below the rule's minimum: no conversion, a plain forwarder address under the verified factory
      const plain = await livePayment('0.005');
      expect(plain.statusCode, plain.body).toBe(201);
      const row = await readPaymentColumns(ctx.db, plain.json().data.id);
      expect(row).toMatchObject({ forwarder_factory: factory, payout_rule_id: null });
    }
    // the watcher checks it again: verified
    const { status } = await check({}, 'ethereum');
    expect(status.lastError).toBeNull();
    expect(await finder.findRoute({ tokenIn: null, tokenOut: usdt })).toEqual({
      tokens: [uniswap.weth, usdt],
      fees: [3000],
    });
    // the route is found now: the second rule is refused only because the first one is enabled
    const second = await addRule();
    expect(second.statusCode, second.body).toBe(409);
    const created = await livePayment('0.5');
    expect(created.statusCode, created.body).toBe(201);
    const row = await readPaymentColumns(ctx.db, created.json().data.id);
    const conversion = row.conversion as TPaymentConversion;
    expect(row.forwarder_factory).toBe(swapFactory);
    expect(conversion).toMatchObject({ kind: 'swap', swapFactory, recipient: payout, toCurrency: 'USDT' });
    expect(created.json().data.address).toBe(
      swapForwarderAddress({
        factory: swapFactory,
        merchant: payout,
        tokenIn: zeroAddress,
        tokenOut: usdt,
        path: encodeV3Path([uniswap.weth, usdt], [3000]),
        slippageBps: 100,
        twapSeconds: 60,
        paymentSalt: row.deposit_salt as Hex,
      }),
    );
  });
});
