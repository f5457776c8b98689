import { testTokenAbi } from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import {
  deployForwarderFactory,
  deploySwapForwarderFactory,
  deployTestToken,
} from '@coinlane/contracts/deploy';
import { forwarderAddress } from '@coinlane/contracts/forwarder-address';
import { encodeV3Path } from '@coinlane/contracts/swap-forwarder-address';
import {
  createPoolWithLiquidity,
  deployUniswapV3,
  increaseTime,
  traderSwap,
  type Uniswap,
} from '@coinlane/contracts/uniswap-test-deploy';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { randomId } from '@coinlane/core/ids';
import { parseUnits } from '@coinlane/core/money';
import pino from 'pino';
import { type Address, getAddress, type Hex, parseEther, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvmWalletAddressSource } from '#app/families/evm/evm-address-source.ts';
import { allocateSwapAddress } from '#app/families/evm/evm-swap-allocation.ts';
import { createEvmSwapRouteFinder } from '#app/families/evm/evm-swap-routes.ts';
import { writeVerifiedSwapFactory } from '#app/modules/chains/watcher-findings.ts';
import { recordPaymentTransfer } from '#app/modules/payments/record-payment-transfer.ts';
import { sealWalletAddress } from '#app/modules/wallets/wallet-secret.ts';
import { createUser } from '#app/test/fixtures.ts';
import { HARDHAT_KEYS, type Hardhat, startHardhat } from '#app/test/hardhat.ts';
import { insertFixedAddressPayment } from '#app/test/live-payment-fixtures.ts';
import { readPaymentColumns } from '#app/test/payment-columns.ts';
import { createTestContext, type TestContext } from '#app/test/test-app.ts';
import { flushForwarders } from './flush-forwarders.ts';

// Payments under a payout rule on a real Hardhat node with Uniswap V3 deployed from the official npm packages'
// artifacts (decision 024): the payment's deposit address is a swapping forwarder whose terms come from the rule;
// the `evm.flush` round swaps what it received and the target token reaches the merchant's wallet, recorded in the
// payout history; when the pool's price has moved past the TWAP bound the original coin is delivered instead.

const log = pino({ level: process.env.FLUSH_LOG ?? 'silent' });
const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));
const TWAP = 600;

describe('swapping deposit addresses flushed by the job (Uniswap V3 on Hardhat)', () => {
  let node: Hardhat;
  let ctx: TestContext;
  let chain: EvmChainConfig;
  let uniswap: Uniswap;
  let usdt: Address;
  let usdc: Address;
  let userId: string;
  let merchant: Address;
  let usdtWallet: string;

  const clients = () => ({ wallet: node.wallets[0]!, publicClient: node.publicClient });
  const balanceOf = (token: Address, owner: Address) =>
    node.publicClient.readContract({
      address: token,
      abi: testTokenAbi,
      functionName: 'balanceOf',
      args: [owner],
    });
  const payouts = (paymentId: string) =>
    ctx.db
      .selectFrom('payouts')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .orderBy('created_at')
      .execute();
  const flushRound = () =>
    flushForwarders({ db: ctx.db, chain, secretKey: ctx.config.appSecretKey, log, pollingIntervalMs: 50 });

  async function insertWallet(owner: string, address: Address, currency: string): Promise<string> {
    const id = randomId('wal');
    await ctx.db
      .insertInto('wallets')
      .values({
        id,
        user_id: owner,
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
        receive_mode: 'forwarder',
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    return id;
  }

  /** A rule from `from` to USDT as the rules route saves it: the route read from the chain. */
  async function insertRule(owner: string, from: 'ETH' | 'USDC', walletId: string) {
    const finder = createEvmSwapRouteFinder({ chain, db: ctx.db });
    const route = await finder.findRoute({ tokenIn: from === 'ETH' ? null : usdc, tokenOut: usdt });
    expect(route).not.toBeNull();
    const id = randomId('rul');
    await ctx.db
      .insertInto('payout_rules')
      .values({
        id,
        user_id: owner,
        from_currency: from,
        from_network: 'ethereum',
        to_currency: 'USDT',
        wallet_id: walletId,
        min_amount: '0.01',
        swap_route: JSON.stringify(route),
        created_at: new Date(),
        updated_at: new Date(),
      })
      .execute();
    return id;
  }

  /** A live payment created as the EVM address source creates one under a rule. */
  async function swapPayment(symbol: 'ETH' | 'USDC', amount: string) {
    const decimals = symbol === 'ETH' ? 18 : 6;
    const allocation = await allocateSwapAddress({
      db: ctx.db,
      chain,
      secretKey: ctx.config.appSecretKey,
      userId,
      symbol,
      decimals,
      amount: parseUnits(amount, decimals),
      contractAddress: symbol === 'USDC' ? usdc : null,
      chainId: node.chainId,
    });
    expect(allocation).not.toBeNull();
    const p = await insertFixedAddressPayment({
      db: ctx.db,
      userId,
      currency: symbol,
      network: 'ethereum',
      amount,
      allocation: allocation!,
      requiredConfirmations: 1,
    });
    return p;
  }

  async function pay(paymentId: string, units: bigint) {
    const p = await readPaymentColumns(ctx.db, paymentId);
    const payer = node.wallets[1]!;
    const to = getAddress(p.address);
    let hash: Hex;
    if (p.currency === 'USDC') {
      await node.publicClient.waitForTransactionReceipt({
        hash: await payer.writeContract({
          address: usdc,
          abi: testTokenAbi,
          functionName: 'mint',
          args: [payer.account.address, units],
        }),
      });
      hash = await payer.writeContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [to, units],
      });
    } else {
      hash = await payer.sendTransaction({ to, value: units });
    }
    const receipt = await node.publicClient.waitForTransactionReceipt({ hash });
    await recordPaymentTransfer({
      deps: ctx.server.payments,
      db: ctx.db,
      paymentId,
      transfer: {
        txid: hash,
        outputIndex: p.currency === 'USDC' ? receipt.logs[0]!.logIndex : 0,
        amount: units,
        confirmations: 1,
        blockHeight: Number(receipt.blockNumber),
        blockHash: receipt.blockHash,
        seenAt: new Date(),
      },
    });
  }

  beforeAll(async () => {
    loadArtifacts();
    node = await startHardhat();
    const c = clients();
    const factory = await deployForwarderFactory(c);
    uniswap = await deployUniswapV3(c);
    usdt = await deployTestToken({ ...c, name: 'Tether USD', symbol: 'USDT', decimals: 6 });
    usdc = await deployTestToken({ ...c, name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    // 1 ETH = 3,000 USDT; 1 USDC = 1 USDT
    await createPoolWithLiquidity({
      ...c,
      uniswap,
      tokenA: uniswap.weth,
      tokenB: usdt,
      fee: 3000,
      amountA: parseEther('100'),
      amountB: parseUnits('300000', 6),
    });
    await createPoolWithLiquidity({
      ...c,
      uniswap,
      tokenA: usdc,
      tokenB: usdt,
      fee: 100,
      amountA: parseUnits('1000000', 6),
      amountB: parseUnits('1000000', 6),
    });
    await increaseTime(node.publicClient, TWAP * 2);
    const swapFactory = await deploySwapForwarderFactory({
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
      tokens: { USDT: usdt, USDC: usdc },
      factory,
      gasKey: HARDHAT_KEYS[3]!,
      swapFactory,
      swapTwapSeconds: TWAP,
    };
    ctx = await createTestContext({ configuredChains: [chain] });
    // the watcher checked the swap factory on the node (evm-swap-factory-check.test.ts does it against Hardhat)
    await writeVerifiedSwapFactory(ctx.db, 'ethereum', swapFactory, new Date());
    userId = (await createUser({ db: ctx.db })).id;
    merchant = randomAddress();
    usdtWallet = await insertWallet(userId, merchant, 'USDT');
    await ctx.db
      .insertInto('user_settings')
      .values({ user_id: userId, auto_conversion_enabled: true, max_slippage_bps: 100 })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ auto_conversion_enabled: true, max_slippage_bps: 100 }),
      )
      .execute();
    await insertRule(userId, 'ETH', usdtWallet);
    await insertRule(userId, 'USDC', usdtWallet);
  });
  afterAll(async () => {
    await ctx?.close();
    await node?.stop();
  });

  it('finds the direct V3 pool of a pair, and two hops through WETH when there is none', async () => {
    const finder = createEvmSwapRouteFinder({ chain, db: ctx.db });
    expect(await finder.findRoute({ tokenIn: null, tokenOut: usdt })).toEqual({
      tokens: [uniswap.weth, usdt],
      fees: [3000],
    });
    expect(await finder.findRoute({ tokenIn: usdc, tokenOut: usdt })).toEqual({
      tokens: [usdc, usdt],
      fees: [100],
    });
    // no USDC/WETH pool, so USDC -> WETH has no route; WETH -> USDC neither
    expect(await finder.findRoute({ tokenIn: null, tokenOut: usdc })).toBeNull();
    const lonely = await deployTestToken({ ...clients(), name: 'Lonely', symbol: 'LON', decimals: 18 });
    expect(await finder.findRoute({ tokenIn: lonely, tokenOut: usdt })).toBeNull();
  });

  it('an ETH payment under an ETH -> USDT rule is swapped and USDT reaches the merchant, recorded in the history', async () => {
    const p = await swapPayment('ETH', '0.5');
    expect(p.address).not.toBe(merchant);
    await pay(p.id, parseEther('0.5'));
    const round = await flushRound();
    expect(round).toMatchObject({ status: 'confirmed', flushed: [p.id], failed: [] });
    const received = await balanceOf(usdt, merchant);
    // 0.5 ETH at 3,000 less the 0.3 % pool fee and the price impact: within 1 % of 1,495.5
    expect(received).toBeGreaterThan(parseUnits('1480', 6));
    expect(received).toBeLessThan(parseUnits('1500', 6));
    // nothing stays at the deposit address, in the factory or with the gas wallet
    expect(await node.publicClient.getBalance({ address: getAddress(p.address) })).toBe(0n);
    expect(await balanceOf(usdt, getAddress(p.address))).toBe(0n);
    expect(await balanceOf(usdt, getAddress(chain.swapFactory!))).toBe(0n);
    expect(await node.publicClient.getBalance({ address: merchant })).toBe(0n);

    const [entry, ...more] = await payouts(p.id);
    expect(more).toHaveLength(0);
    expect(entry).toMatchObject({
      kind: 'swap',
      status: 'completed',
      original_amount: '0.5',
      original_currency: 'ETH',
      payout_currency: 'USDT',
      wallet_address: merchant,
      tx_hash: round.txHash,
      fee_currency: 'ETH',
    });
    expect(parseUnits(entry!.converted_amount!, 6)).toBe(received);
    expect(Number(entry!.exchange_rate)).toBeGreaterThan(2960);
    expect(entry!.fee_details).toMatchObject({ poolFees: [3000], poolFee: '0.0015', poolFeeCurrency: 'ETH' });
  });

  it('a USDC payment under a USDC -> USDT rule is swapped one for one less the pool fee', async () => {
    const before = await balanceOf(usdt, merchant);
    const p = await swapPayment('USDC', '250');
    await pay(p.id, parseUnits('250', 6));
    expect(await flushRound()).toMatchObject({ status: 'confirmed', flushed: [p.id] });
    const got = (await balanceOf(usdt, merchant)) - before;
    expect(got).toBeGreaterThan(parseUnits('249.9', 6));
    expect(got).toBeLessThanOrEqual(parseUnits('250', 6));
    expect(await balanceOf(usdc, merchant)).toBe(0n);
    const [entry] = await payouts(p.id);
    expect(entry).toMatchObject({ kind: 'swap', status: 'completed', payout_currency: 'USDT' });
  });

  it('when a large trade moved the price past the bound, the original ETH is delivered instead', async () => {
    const p = await swapPayment('ETH', '0.3');
    await pay(p.id, parseEther('0.3'));
    // someone dumps 40 ETH into the pool: the spot price falls far below the 10-minute average
    await traderSwap({
      wallet: node.wallets[2]!,
      publicClient: node.publicClient,
      uniswap,
      path: encodeV3Path([uniswap.weth, usdt], [3000]),
      amountIn: parseEther('40'),
    });
    const usdtBefore = await balanceOf(usdt, merchant);
    expect(await flushRound()).toMatchObject({ status: 'confirmed', flushed: [p.id] });
    expect(await balanceOf(usdt, merchant)).toBe(usdtBefore);
    expect(await node.publicClient.getBalance({ address: merchant })).toBe(parseEther('0.3'));
    const [entry] = await payouts(p.id);
    expect(entry).toMatchObject({
      kind: 'swap',
      status: 'completed',
      converted_amount: '0.3',
      payout_currency: 'ETH',
      exchange_rate: '1',
    });
    expect(entry!.fee_details).toMatchObject({ swapSkipped: expect.any(String) });
  });

  it('a payment below the rule minimum, or with the switch off, gets no swapping address', async () => {
    const small = await allocateSwapAddress({
      db: ctx.db,
      chain,
      secretKey: ctx.config.appSecretKey,
      userId,
      symbol: 'ETH',
      decimals: 18,
      amount: parseEther('0.001'),
      contractAddress: null,
      chainId: node.chainId,
    });
    expect(small).toBeNull();
    await ctx.db
      .updateTable('user_settings')
      .set({ auto_conversion_enabled: false })
      .where('user_id', '=', userId)
      .execute();
    const off = await allocateSwapAddress({
      db: ctx.db,
      chain,
      secretKey: ctx.config.appSecretKey,
      userId,
      symbol: 'ETH',
      decimals: 18,
      amount: parseEther('1'),
      contractAddress: null,
      chainId: node.chainId,
    });
    expect(off).toBeNull();
    await ctx.db
      .updateTable('user_settings')
      .set({ auto_conversion_enabled: true })
      .where('user_id', '=', userId)
      .execute();
  });

  it('through the EVM address source: no ETH wallet needed, converted at or above the minimum, paid to the rule wallet as it is below it', async () => {
    // what the network's watcher records once it found the factory deployed (decision 011)
    await ctx.db
      .insertInto('chain_cursors')
      .values({
        network: 'ethereum',
        height: 1,
        hash: '0x01',
        node_tip: 1,
        status_at: new Date(),
        chain_id: node.chainId,
        factory: chain.factory,
      })
      .onConflict((oc) =>
        oc.column('network').doUpdateSet({ chain_id: node.chainId, factory: chain.factory }),
      )
      .execute();
    const source = createEvmWalletAddressSource({ chain, secretKey: ctx.config.appSecretKey });
    const eth = await ctx.db
      .selectFrom('supported_cryptocurrencies')
      .selectAll()
      .where('symbol', '=', 'ETH')
      .where('network', '=', 'ethereum')
      .executeTakeFirstOrThrow();
    // the merchant has a USDT wallet and the ETH -> USDT rule, no ETH wallet
    await expect(source.checkReady!({ db: ctx.db, userId, currency: eth })).resolves.toBeUndefined();
    const request = (amount: string) => ({
      db: ctx.db,
      userId,
      mode: 'live' as const,
      paymentId: randomId('pay'),
      currency: eth,
      amount: parseEther(amount),
      now: new Date(),
    });
    const converted = await source.allocate(request('0.2'));
    expect(converted.conversion).toMatchObject({ kind: 'swap', toCurrency: 'USDT', recipient: merchant });
    expect(converted.chainDetails).toMatchObject({ forwarderFactory: chain.swapFactory });
    const small = await source.allocate(request('0.001'));
    expect(small.conversion).toBeUndefined();
    expect(small).toMatchObject({ walletId: usdtWallet, chainDetails: { forwarderFactory: chain.factory } });
    expect(small.address).toBe(
      forwarderAddress({
        factory: chain.factory!,
        merchant,
        paymentSalt: (small.chainDetails as { depositSalt: Hex }).depositSalt,
      }),
    );
    // another merchant with neither a wallet nor a rule is still refused
    const stranger = (await createUser({ db: ctx.db })).id;
    await expect(source.checkReady!({ db: ctx.db, userId: stranger, currency: eth })).rejects.toThrow(
      /wallet/i,
    );
  });
});
