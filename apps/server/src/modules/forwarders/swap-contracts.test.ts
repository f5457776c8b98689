import {
  gasBurnerAbi,
  hostileTestTokenAbi,
  swapForwarderAbi,
  swapForwarderFactoryAbi,
  swapMathHarnessAbi,
  testTokenAbi,
  usdtLikeTestTokenAbi,
} from '@coinlane/contracts/abi';
import { loadArtifacts } from '@coinlane/contracts/artifacts';
import {
  deployForwarderFactory,
  deployGasBurner,
  deployHostileTestToken,
  deploySwapForwarderFactory,
  deploySwapForwarderFactoryDeterministic,
  deploySwapMathHarness,
  deployTestToken,
  deployUsdtLikeTestToken,
  deterministicSwapFactoryAddress,
} from '@coinlane/contracts/deploy';
import { SWAP_FORWARDER_VERSIONS, swapForwarderCodeVersion } from '@coinlane/contracts/known-code';
import { measureFlushGas } from '@coinlane/contracts/measure-flush-gas';
import { measureSwapFlushGas } from '@coinlane/contracts/measure-swap-flush-gas';
import {
  SWAP_REQUEST_BASE_GAS,
  SWAP_REQUEST_HOP_GAS,
  SWAP_REQUEST_TOKEN_GAS,
  swapFlushGasLimit,
  swapFlushManyGasLimit,
  swapRequestGas,
} from '@coinlane/contracts/swap-flush-gas';
import {
  decodeV3Path,
  encodeV3Path,
  type SwapRoute,
  swapForwarderAddress,
  swapForwarderImplementationAddress,
  swapPathHops,
  swapRouteProblem,
} from '@coinlane/contracts/swap-forwarder-address';
import {
  createPoolWithLiquidity,
  deployUniswapV3,
  increaseTime,
  traderSwap,
  type Uniswap,
  uniswapInitCodeHashes,
  V3_POOL_INIT_CODE_HASH,
  v3FactoryAbi,
  v3PoolAbi,
  v3PoolAddress,
} from '@coinlane/contracts/uniswap-test-deploy';
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  keccak256,
  parseAbi,
  parseEther,
  parseEventLogs,
  parseUnits,
  RpcRequestError,
  toFunctionSelector,
  toHex,
  zeroAddress,
} from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Hardhat, startHardhat } from '#app/test/hardhat.ts';

// The swapping forwarder (packages/contracts SwapForwarder / SwapForwarderFactory, decision 024) on a real Hardhat
// node with Uniswap V3 deployed from the official npm packages' artifacts and real full-range liquidity.

const randomSalt = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(32)));
const randomAddress = (): Address => getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));

/** The custom error name a reverted call carries (viem decodes it with the ABI), or its Error(string) message. */
async function revertName(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
  } catch (err) {
    if (err instanceof BaseError) {
      const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
      if (revert instanceof ContractFunctionRevertedError)
        return revert.data?.errorName === 'Error'
          ? String(revert.data.args?.[0])
          : (revert.data?.errorName ?? revert.reason);
    }
    throw err;
  }
  return undefined;
}

/** |actual - expected| <= expected x `relative`. */
function expectNear(actual: bigint, expected: bigint, relative: number) {
  const diff = actual > expected ? actual - expected : expected - actual;
  expect(Number(diff) / Number(expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(relative);
}

const INSUFFICIENT_GAS = toFunctionSelector('InsufficientGas()');

/** The revert data of a transaction whose send the node answered with an error (Hardhat mines it and says so). */
function rpcRevertData(err: unknown): Hex | undefined {
  if (!(err instanceof BaseError)) throw err;
  const rpc = err.walk((e) => e instanceof RpcRequestError);
  if (!(rpc instanceof RpcRequestError)) throw err;
  return (rpc.data as { data?: Hex } | undefined)?.data;
}

/** Error(string), to decode a revert reason carried in an event. */
const errorStringAbi = parseAbi(['error Error(string)']);

/** ETH price in USDT of the test pool, and its depth. */
const ETH_USDT = 3_000n;
const POOL_ETH = parseEther('1000');

describe('swap forwarder contracts on a Hardhat node with Uniswap V3', () => {
  let node: Hardhat;
  let uni: Uniswap;
  let factory: Address;
  let usdt: Address; // 6 decimals, USDT's quirks
  let usdc: Address; // 6 decimals
  let wethUsdtPool: Address;

  const client = () => node.publicClient;
  const receipt = (hash: Hex) => node.publicClient.waitForTransactionReceipt({ hash });
  const ethBalance = (address: Address) => client().getBalance({ address });
  const tokenBalance = (token: Address, address: Address) =>
    client().readContract({ address: token, abi: testTokenAbi, functionName: 'balanceOf', args: [address] });
  const deployer = () => ({ wallet: node.wallets[0]!, publicClient: node.publicClient });

  const ethRoute = (merchant: Address, over: Partial<SwapRoute> = {}): SwapRoute => ({
    merchant,
    tokenIn: zeroAddress,
    tokenOut: usdt,
    path: encodeV3Path([uni.weth, usdt], [3000]),
    slippageBps: 100,
    twapSeconds: 1800,
    paymentSalt: randomSalt(),
    ...over,
  });
  const usdcRoute = (merchant: Address, over: Partial<SwapRoute> = {}): SwapRoute => ({
    merchant,
    tokenIn: usdc,
    tokenOut: usdt,
    path: encodeV3Path([usdc, usdt], [100]),
    slippageBps: 50,
    twapSeconds: 1800,
    paymentSalt: randomSalt(),
    ...over,
  });
  const depositOf = (route: SwapRoute) => swapForwarderAddress({ factory, ...route });
  /** Sends factory.flush(route, tokens) from `wallet` (default account 2, a stranger) with swapFlushGasLimit. */
  const flush = async (route: SwapRoute, tokens: Address[] = [], wallet = node.wallets[2]!) => {
    const data = encodeFunctionData({
      abi: swapForwarderFactoryAbi,
      functionName: 'flush',
      args: [route, tokens],
    });
    const r = await receipt(
      await wallet.sendTransaction({
        to: factory,
        data,
        gas: swapFlushGasLimit({ path: route.path, tokens, data }),
      }),
    );
    expect(r.status).toBe('success');
    return r;
  };
  const events = (r: Awaited<ReturnType<typeof flush>>) => ({
    swapped: parseEventLogs({ abi: swapForwarderAbi, logs: r.logs, eventName: 'Swapped' }),
    skipped: parseEventLogs({ abi: swapForwarderAbi, logs: r.logs, eventName: 'SwapSkipped' }),
    forwarded: parseEventLogs({ abi: swapForwarderAbi, logs: r.logs, eventName: 'Forwarded' }),
    failed: parseEventLogs({ abi: swapForwarderAbi, logs: r.logs, eventName: 'ForwardFailed' }),
  });
  const payEth = async (to: Address, value: bigint) => {
    expect((await receipt(await node.wallets[1]!.sendTransaction({ to, value }))).status).toBe('success');
  };
  const payToken = async (token: Address, to: Address, amount: bigint) => {
    const payer = node.wallets[1]!;
    await receipt(
      await payer.writeContract({
        address: token,
        abi: testTokenAbi,
        functionName: 'mint',
        args: [payer.account.address, amount],
      }),
    );
    const hash = await payer.writeContract({
      address: token,
      abi: usdtLikeTestTokenAbi, // transfer without a return value: serves both kinds of test token
      functionName: 'transfer',
      args: [to, amount],
    });
    expect((await receipt(hash)).status).toBe('success');
  };
  /** Nothing of ETH, WETH, USDT or USDC is left at any of `addresses`. */
  const holdsNothing = async (...addresses: Address[]) => {
    for (const a of addresses) {
      expect(await ethBalance(a), `ETH at ${a}`).toBe(0n);
      for (const token of [uni.weth, usdt, usdc])
        expect(await tokenBalance(token, a), `${token} at ${a}`).toBe(0n);
    }
  };

  beforeAll(async () => {
    loadArtifacts();
    node = await startHardhat();
    uni = await deployUniswapV3(deployer());
    usdt = await deployUsdtLikeTestToken({ ...deployer(), name: 'Tether', symbol: 'USDT', decimals: 6 });
    usdc = await deployTestToken({ ...deployer(), name: 'USD Coin', symbol: 'USDC', decimals: 6 });
    wethUsdtPool = await createPoolWithLiquidity({
      ...deployer(),
      uniswap: uni,
      tokenA: uni.weth,
      tokenB: usdt,
      fee: 3000,
      amountA: POOL_ETH,
      amountB: (POOL_ETH * ETH_USDT) / 10n ** 12n,
    });
    await createPoolWithLiquidity({
      ...deployer(),
      uniswap: uni,
      tokenA: usdc,
      tokenB: usdt,
      fee: 100,
      amountA: parseUnits('5000000', 6),
      amountB: parseUnits('5000000', 6),
    });
    // the oracle's window needs history: an hour passes
    await increaseTime(node.publicClient, 3600);
    factory = await deploySwapForwarderFactory({
      ...deployer(),
      router: uni.router,
      weth: uni.weth,
      v3Factory: uni.v3Factory,
    });
  });
  afterAll(async () => {
    await node?.stop();
  });

  it('the pool init code hash of the periphery is the pool bytecode of the deployed factory', async () => {
    const hashes = uniswapInitCodeHashes();
    expect(hashes).toEqual({
      poolCreationCodeHash: V3_POOL_INIT_CODE_HASH,
      factoryEmbedsPool: true,
      positionManagerHasHash: true,
      routerHasHash: true,
    });
    // the factory deployed the pool where the router looks for it
    expect(v3PoolAddress(uni.v3Factory, usdt, uni.weth, 3000)).toBe(wethUsdtPool);
  });

  it('the pure address functions equal implementation() and predict(); the gas constants are those of the contract', async () => {
    const read = <F extends 'implementation' | 'REQUEST_BASE_GAS' | 'REQUEST_HOP_GAS' | 'REQUEST_TOKEN_GAS'>(
      functionName: F,
    ) => client().readContract({ address: factory, abi: swapForwarderFactoryAbi, functionName });
    expect(await read('implementation')).toBe(swapForwarderImplementationAddress(factory));
    expect(await read('REQUEST_BASE_GAS')).toBe(SWAP_REQUEST_BASE_GAS);
    expect(await read('REQUEST_HOP_GAS')).toBe(SWAP_REQUEST_HOP_GAS);
    expect(await read('REQUEST_TOKEN_GAS')).toBe(SWAP_REQUEST_TOKEN_GAS);
    for (const [hops, tokens] of [
      [0, 0],
      [1, 0],
      [2, 3],
      [3, 1],
      [7, 2],
    ] as const) {
      expect(
        await client().readContract({
          address: factory,
          abi: swapForwarderFactoryAbi,
          functionName: 'requestGas',
          args: [BigInt(hops), BigInt(tokens)],
        }),
      ).toBe(swapRequestGas(hops, tokens));
    }
    const merchant = randomAddress();
    const routes = [
      ethRoute(merchant),
      usdcRoute(merchant),
      ethRoute(merchant, { slippageBps: 101 }),
      ethRoute(merchant, { twapSeconds: 1801 }),
      ethRoute(merchant, { path: encodeV3Path([uni.weth, usdc, usdt], [500, 100]) }),
      ethRoute(randomAddress()),
    ];
    const addresses = new Set<Address>();
    for (const route of routes) {
      const onChain = await client().readContract({
        address: factory,
        abi: swapForwarderFactoryAbi,
        functionName: 'predict',
        args: [route],
      });
      expect(depositOf(route)).toBe(onChain);
      addresses.add(onChain);
    }
    expect(addresses.size).toBe(routes.length);
    const path = encodeV3Path([uni.weth, usdc, usdt], [500, 100]);
    expect(decodeV3Path(path)).toEqual({ tokens: [uni.weth, usdc, usdt], fees: [500, 100] });
    expect(swapPathHops(path)).toBe(2);
    expect(swapRouteProblem(ethRoute(merchant), uni.weth)).toBeNull();
    expect(swapRouteProblem(ethRoute(merchant, { slippageBps: 5000 }), uni.weth)).toMatch(/slippage/);
    expect(swapRouteProblem(ethRoute(merchant, { tokenOut: usdc }), uni.weth)).toMatch(/end with tokenOut/);
  });

  it('the known code hashes are the swap contracts as solc compiles them and as deployed', async () => {
    const { contracts } = loadArtifacts();
    const v = SWAP_FORWARDER_VERSIONS[0];
    expect(keccak256(contracts.SwapForwarderFactory!.deployedBytecode)).toBe(v.factory);
    expect(keccak256(contracts.SwapForwarder!.deployedBytecode)).toBe(v.forwarder);
    const config = { router: uni.router, weth: uni.weth, v3Factory: uni.v3Factory };
    const codes = {
      factory,
      factoryCode: (await client().getCode({ address: factory }))!,
      implementationCode: (await client().getCode({ address: swapForwarderImplementationAddress(factory) }))!,
    };
    expect(swapForwarderCodeVersion({ ...codes, config })).toBe('swap-v1');
    // bound to other Uniswap contracts, or a plain factory: not a known swap factory
    expect(swapForwarderCodeVersion({ ...codes, config: { ...config, router: randomAddress() } })).toBeNull();
    const plain = await deployForwarderFactory(deployer());
    expect(
      swapForwarderCodeVersion({
        factory: plain,
        config,
        factoryCode: (await client().getCode({ address: plain }))!,
        implementationCode: (await client().getCode({ address: swapForwarderImplementationAddress(plain) }))!,
      }),
    ).toBeNull();
  });

  it('the tick math gives the price a deployed pool uses at each tick, extremes included', async () => {
    const harness = await deploySwapMathHarness(deployer());
    const sqrtAt = (tick: number) =>
      client().readContract({
        address: harness,
        abi: swapMathHarnessAbi,
        functionName: 'sqrtPriceAtTick',
        args: [tick],
      });
    const x = await deployTestToken({ ...deployer(), name: 'X', symbol: 'X', decimals: 18 });
    const y = await deployTestToken({ ...deployer(), name: 'Y', symbol: 'Y', decimals: 18 });
    let fee = 20_000;
    /** The tick a fresh pool reports when initialised at `sqrtPriceX96`, or the pool's revert reason. */
    const poolTickAt = async (sqrtPriceX96: bigint): Promise<number | string> => {
      fee += 1;
      const w = node.wallets[0]!;
      await receipt(
        await w.writeContract({
          address: uni.v3Factory,
          abi: v3FactoryAbi,
          functionName: 'enableFeeAmount',
          args: [fee, 1],
        }),
      );
      await receipt(
        await w.writeContract({
          address: uni.v3Factory,
          abi: v3FactoryAbi,
          functionName: 'createPool',
          args: [x, y, fee],
        }),
      );
      const pool = v3PoolAddress(uni.v3Factory, x, y, fee);
      const reason = await revertName(
        client().simulateContract({
          account: w.account,
          address: pool,
          abi: v3PoolAbi,
          functionName: 'initialize',
          args: [sqrtPriceX96],
        }),
      );
      if (reason !== undefined) return reason;
      await receipt(
        await w.writeContract({
          address: pool,
          abi: v3PoolAbi,
          functionName: 'initialize',
          args: [sqrtPriceX96],
        }),
      );
      const [, tick] = await client().readContract({ address: pool, abi: v3PoolAbi, functionName: 'slot0' });
      return tick;
    };
    const MIN = -887272;
    const MAX = 887272;
    const ticks = [MIN, MIN + 1, -600_000, -443_637, -443_636, -200_000, -92_109, -60, -1, 0, 1, 2, 59, 60];
    ticks.push(92_108, 200_000, 276_324, 443_636, 443_637, 600_000, MAX - 1);
    for (let i = 0; i < 8; i++) ticks.push(Math.floor(Math.random() * (MAX - MIN)) + MIN + 1);
    for (const t of ticks) {
      const s = await sqrtAt(t);
      // at sqrtPriceAtTick(t) the pool is at tick t; one unit below, at t - 1: so the pool's boundary is exactly ours
      expect(await poolTickAt(s), `tick ${t}`).toBe(t);
      expect(await poolTickAt(s - 1n), `tick ${t} - 1 unit`).toBe(t === MIN ? 'R' : t - 1);
    }
    // the extremes: the pool's range is [sqrtPriceAtTick(MIN), sqrtPriceAtTick(MAX))
    expect(await sqrtAt(MIN)).toBe(4295128739n);
    expect(await poolTickAt(await sqrtAt(MAX))).toBe('R');
    expect(await poolTickAt((await sqrtAt(MAX)) - 1n)).toBe(MAX - 1);
    expect(await revertName(sqrtAt(MAX + 1))).toBe('TickOutOfRange');
    expect(await revertName(sqrtAt(MIN - 1))).toBe('TickOutOfRange');
    // a live pool after swaps: its tick brackets its price
    const [sqrtPriceX96, tick] = await client().readContract({
      address: wethUsdtPool,
      abi: v3PoolAbi,
      functionName: 'slot0',
    });
    expect(await sqrtAt(tick)).toBeLessThanOrEqual(sqrtPriceX96);
    expect(await sqrtAt(tick + 1)).toBeGreaterThan(sqrtPriceX96);
  });

  it('mulDiv is exact on 512 bits; the mean tick rounds toward negative infinity; quotes are exact', async () => {
    const harness = await deploySwapMathHarness(deployer());
    const call = <F extends 'mulDiv' | 'meanTick' | 'quoteAtTick'>(
      functionName: F,
      args: readonly unknown[],
    ) =>
      client().readContract({ address: harness, abi: swapMathHarnessAbi, functionName, args: args as never });
    const random = (bits: number) => {
      const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(bits / 8)));
      return BigInt(toHex(bytes)) >> BigInt(bytes.length * 8 - bits);
    };
    const MAX = 2n ** 256n - 1n;
    const cases: [bigint, bigint, bigint][] = [
      [MAX, MAX, MAX],
      [MAX, MAX - 1n, MAX],
      [2n ** 255n, 2n, 2n ** 128n],
      [123n, 456n, 7n],
      [MAX, 1n, 1n],
    ];
    for (let i = 0; i < 60; i++) {
      const a = random(1 + Math.floor(Math.random() * 256));
      const b = random(1 + Math.floor(Math.random() * 256));
      const d = random(1 + Math.floor(Math.random() * 256)) || 1n;
      cases.push([a, b, d]);
    }
    for (const [a, b, d] of cases) {
      const exact = (a * b) / d;
      if (exact > MAX) expect(await revertName(call('mulDiv', [a, b, d]))).toBe('MulDivOverflow');
      else expect(await call('mulDiv', [a, b, d]), `${a} * ${b} / ${d}`).toBe(exact);
    }
    expect(await revertName(call('mulDiv', [1n, 1n, 0n]))).toBe('MulDivOverflow');
    expect(await call('meanTick', [0n, 3n, 2])).toBe(1);
    expect(await call('meanTick', [0n, -3n, 2])).toBe(-2);
    expect(await call('meanTick', [10n, 6n, 2])).toBe(-2);
    expect(await call('meanTick', [-1800n * 200_000n, 0n, 1800])).toBe(200_000);
    // a quote is floor(amount x sqrtPrice^2 / 2^192) (or its inverse), below and above the 2^128 square-root branch
    for (const tick of [-200_000, -1, 0, 1, 75_000, 443_636, 443_637, 600_000]) {
      const s = await client().readContract({
        address: harness,
        abi: swapMathHarnessAbi,
        functionName: 'sqrtPriceAtTick',
        args: [tick],
      });
      const amount = 10n ** 18n + 12_345n;
      const q0 = (await call('quoteAtTick', [amount, tick, true])) as bigint;
      const q1 = (await call('quoteAtTick', [amount, tick, false])) as bigint;
      if (s < 2n ** 128n) {
        expect(q0).toBe((amount * s * s) / 2n ** 192n);
        expect(q1).toBe((amount * 2n ** 192n) / (s * s));
      } else {
        const p128 = (s * s) / 2n ** 64n;
        expect(q0).toBe((amount * p128) / 2n ** 128n);
        expect(q1).toBe((amount * 2n ** 128n) / p128);
      }
    }
  });

  it('ETH -> USDT: paid before any code exists, flushed by a stranger, USDT reaches the merchant and nowhere else', async () => {
    const merchant = randomAddress();
    const route = ethRoute(merchant);
    const deposit = depositOf(route);
    expect(
      await client().readContract({
        address: factory,
        abi: swapForwarderFactoryAbi,
        functionName: 'predict',
        args: [route],
      }),
    ).toBe(deposit);
    await payEth(deposit, parseEther('1'));
    const caller = node.wallets[2]!;
    const callerEth = await ethBalance(caller.account.address);
    const r = await flush(route);
    const e = events(r);
    expect(e.skipped).toEqual([]);
    expect(e.swapped).toHaveLength(1);
    const { amountIn, amountOut, minOut, tokenIn, tokenOut } = e.swapped[0]!.args;
    expect([tokenIn, tokenOut, amountIn]).toEqual([zeroAddress, usdt, parseEther('1')]);
    expect(amountOut).toBeGreaterThanOrEqual(minOut);
    // 1 ETH at 3,000 USDT, less the 0.3 % fee, less the 1 % slippage
    const expected = (3000_000_000n * 997n) / 1000n;
    // (a tick is 0.01 %: the mean tick's price is within that of the pool's)
    expectNear(minOut, (expected * 99n) / 100n, 0.0002);
    expect(await tokenBalance(usdt, merchant)).toBe(amountOut);
    await holdsNothing(deposit, factory, uni.router);
    expect(await tokenBalance(usdt, caller.account.address)).toBe(0n);
    expect(await ethBalance(caller.account.address)).toBe(callerEth - r.gasUsed * r.effectiveGasPrice);
    console.log(
      `ETH -> USDT first flush: ${r.gasUsed} gas; 1 ETH -> ${amountOut} USDT units (min ${minOut})`,
    );
  });
  it('ETH -> USDC over two pools (WETH/USDT 0.3 %, USDT/USDC 0.01 %): the minimum is taken hop by hop', async () => {
    const merchant = randomAddress();
    const route = ethRoute(merchant, {
      tokenOut: usdc,
      path: encodeV3Path([uni.weth, usdt, usdc], [3000, 100]),
    });
    const deposit = depositOf(route);
    await payEth(deposit, parseEther('0.5'));
    const e = events(await flush(route));
    expect(e.skipped).toEqual([]);
    const { amountOut, minOut, tokenOut } = e.swapped[0]!.args;
    expect(tokenOut).toBe(usdc);
    // 0.5 ETH at about 3,000 (earlier tests sold some ETH: within 1 %), less both fees and the 1 % slippage
    expectNear(minOut, (1500_000_000n * 997n * 9999n * 99n) / (1000n * 10_000n * 100n), 0.01);
    expect(amountOut).toBeGreaterThanOrEqual(minOut);
    expect(await tokenBalance(usdc, merchant)).toBe(amountOut);
    await holdsNothing(deposit, factory, uni.router);
  });

  it('the swap factory deploys at one address through the deterministic deployment proxy', async () => {
    const config = { router: uni.router, weth: uni.weth, v3Factory: uni.v3Factory };
    const first = await deploySwapForwarderFactoryDeterministic({ ...deployer(), ...config });
    expect(first).toEqual({ factory: deterministicSwapFactoryAddress(config), deployed: true });
    expect(
      await deploySwapForwarderFactoryDeterministic({
        wallet: node.wallets[4]!,
        publicClient: node.publicClient,
        ...config,
      }),
    ).toEqual({
      factory: first.factory,
      deployed: false,
    });
    const route = ethRoute(randomAddress());
    expect(
      await client().readContract({
        address: first.factory,
        abi: swapForwarderFactoryAbi,
        functionName: 'predict',
        args: [route],
      }),
    ).toBe(swapForwarderAddress({ factory: first.factory, ...route }));
    // bound to this chain's Uniswap: another router is another factory
    expect(deterministicSwapFactoryAddress({ ...config, router: randomAddress() })).not.toBe(first.factory);
  });

  it('USDC -> USDT: the minimum is the view minAmountOut, the swap beats it, USDT reaches the merchant only', async () => {
    const merchant = randomAddress();
    const route = usdcRoute(merchant);
    const deposit = depositOf(route);
    const amount = parseUnits('1000', 6);
    await payToken(usdc, deposit, amount);
    // the implementation answers the view for any route (the server can check a rule's route before any payment)
    const implementation = swapForwarderImplementationAddress(factory);
    const quoted = await client().readContract({
      address: implementation,
      abi: swapForwarderAbi,
      functionName: 'minAmountOut',
      args: [route, amount],
    });
    const e = events(await flush(route));
    expect(e.skipped).toEqual([]);
    const { amountOut, minOut } = e.swapped[0]!.args;
    // no swap in the pool during the window: the mean tick did not move between the view and the flush
    expect(minOut).toBe(quoted);
    // 1,000 USDC at 1:1, less the 0.01 % fee, less 0.5 %
    expectNear(minOut, (amount * 9999n * 9950n) / 10n ** 8n, 0.0002);
    expect(amountOut).toBeGreaterThanOrEqual(minOut);
    expect(await tokenBalance(usdt, merchant)).toBe(amountOut);
    expect(await tokenBalance(usdc, merchant)).toBe(0n);
    await holdsNothing(deposit, factory, uni.router);
    // the router has no allowance left over the deposit address
    expect(
      await client().readContract({
        address: usdc,
        abi: testTokenAbi,
        functionName: 'allowance',
        args: [deposit, uni.router],
      }),
    ).toBe(0n);
  });

  it('USDT-like tokens in: the zero-first approve works for a second payment to the same address', async () => {
    const merchant = randomAddress();
    const route: SwapRoute = {
      ...usdcRoute(merchant),
      tokenIn: usdt,
      tokenOut: usdc,
      path: encodeV3Path([usdt, usdc], [100]),
    };
    const deposit = depositOf(route);
    let received = 0n;
    for (const amount of [parseUnits('250', 6), parseUnits('40', 6)]) {
      await payToken(usdt, deposit, amount);
      const e = events(await flush(route));
      expect(e.skipped).toEqual([]);
      expect(e.swapped[0]!.args.amountIn).toBe(amount);
      received += e.swapped[0]!.args.amountOut;
    }
    expect(await tokenBalance(usdc, merchant)).toBe(received);
    await holdsNothing(deposit);
  });

  it('the price bound: after a large trade moves the spot price, the flush delivers the original ETH', async () => {
    const snapshot = await node.snapshot();
    try {
      const merchant = randomAddress();
      const route = ethRoute(merchant);
      const deposit = depositOf(route);
      await payEth(deposit, parseEther('2'));
      const [before] = await client().readContract({
        address: wethUsdtPool,
        abi: v3PoolAbi,
        functionName: 'slot0',
      });
      // a trader sells 150 ETH into the 1,000 ETH pool: the spot price of ETH falls by about a quarter
      await traderSwap({ ...deployer(), uniswap: uni, path: route.path, amountIn: parseEther('150') });
      const [after] = await client().readContract({
        address: wethUsdtPool,
        abi: v3PoolAbi,
        functionName: 'slot0',
      });
      expect(Number(after) / Number(before)).toBeLessThan(0.9);
      const r = await flush(route);
      const e = events(r);
      expect(e.swapped).toEqual([]);
      expect(e.skipped).toHaveLength(1);
      expect(e.skipped[0]!.args.amount).toBe(parseEther('2'));
      // the router refused: the output would be below the minimum computed from the 30-minute average
      const reason = decodeErrorResult({ abi: swapForwarderAbi, data: e.skipped[0]!.args.reason });
      expect(reason.errorName).toBe('SwapFailed');
      const inner = decodeErrorResult({ abi: errorStringAbi, data: (reason.args as [Hex])[0] });
      expect(inner.args).toEqual(['Too little received']);
      expect(e.forwarded.map((f) => [f.args.token, f.args.amount])).toEqual([[zeroAddress, parseEther('2')]]);
      expect(await ethBalance(merchant)).toBe(parseEther('2'));
      expect(await tokenBalance(usdt, merchant)).toBe(0n);
      await holdsNothing(deposit, factory, uni.router);
    } finally {
      await node.revert(snapshot);
    }
  });

  it('a hostile caller with its own route (recipient, slippage, path) cannot touch the real address', async () => {
    const merchant = randomAddress();
    const route = ethRoute(merchant);
    const deposit = depositOf(route);
    await payEth(deposit, parseEther('1'));
    const attacker = node.wallets[3]!;
    const mine = attacker.account.address;
    const hostile: SwapRoute[] = [
      { ...route, merchant: mine },
      { ...route, slippageBps: 1000 },
      { ...route, slippageBps: 10_000 },
      { ...route, twapSeconds: 60 },
      { ...route, tokenOut: usdc, path: encodeV3Path([uni.weth, usdc], [500]) },
    ];
    for (const h of hostile) {
      expect(depositOf(h)).not.toBe(deposit);
      await flush(h, [], attacker);
    }
    expect(await ethBalance(deposit)).toBe(parseEther('1'));
    // once the real address exists, naming it with another route is refused, and its swap frame is its own
    await flush(route, [], node.wallets[2]!);
    await payEth(deposit, parseEther('1'));
    for (const h of hostile) {
      expect(
        await revertName(
          client().simulateContract({
            account: attacker.account,
            address: deposit,
            abi: swapForwarderAbi,
            functionName: 'flush',
            args: [h, []],
            gas: 2_000_000n,
          }),
        ),
      ).toBe('WrongRoute');
    }
    expect(
      await revertName(
        client().simulateContract({
          account: attacker.account,
          address: deposit,
          abi: swapForwarderAbi,
          functionName: 'swapAttempt',
          args: [{ ...route, slippageBps: 1000 }, parseEther('1')],
        }),
      ),
    ).toBe('OnlySelf');
    expect(
      await revertName(
        client().simulateContract({
          account: attacker.account,
          address: factory,
          abi: swapForwarderFactoryAbi,
          functionName: 'flushOne',
          args: [route, []],
        }),
      ),
    ).toBe('OnlySelf');
    // the implementation has no route of its own
    expect(
      await revertName(
        client().simulateContract({
          account: attacker.account,
          address: swapForwarderImplementationAddress(factory),
          abi: swapForwarderAbi,
          functionName: 'flush',
          args: [route, []],
          gas: 2_000_000n,
        }),
      ),
    ).toBe('WrongRoute');
    expect(await ethBalance(deposit)).toBe(parseEther('1'));
    expect(await tokenBalance(usdt, mine)).toBe(0n);
    expect(await tokenBalance(usdc, mine)).toBe(0n);
    // the real route still converts it for the merchant
    const e = events(await flush(route, [], attacker));
    expect(e.swapped).toHaveLength(1);
    await holdsNothing(deposit);
    expect(await tokenBalance(usdt, merchant)).toBeGreaterThan(parseUnits('5900', 6));
  });

  it('a pool with too short a history, a missing pool or a route out of bounds: the original coin is delivered', async () => {
    // a WETH/USDC pool created now: its oracle has no observation 30 minutes old
    const young = await createPoolWithLiquidity({
      ...deployer(),
      uniswap: uni,
      tokenA: uni.weth,
      tokenB: usdc,
      fee: 500,
      amountA: parseEther('100'),
      amountB: parseUnits('300000', 6),
      cardinality: 1,
    });
    const merchant = randomAddress();
    const cases: [SwapRoute, string][] = [
      [ethRoute(merchant, { tokenOut: usdc, path: encodeV3Path([uni.weth, usdc], [500]) }), 'OracleFailed'],
      [ethRoute(merchant, { path: encodeV3Path([uni.weth, usdt], [10_000]) }), 'NoPool'],
      [ethRoute(merchant, { slippageBps: 1001 }), 'BadRoute'],
      [ethRoute(merchant, { twapSeconds: 59 }), 'BadRoute'],
      [ethRoute(merchant, { path: encodeV3Path([usdc, usdt], [100]) }), 'BadRoute'],
    ];
    let total = 0n;
    for (const [route, error] of cases) {
      const deposit = depositOf(route);
      await payEth(deposit, parseEther('0.1'));
      const e = events(await flush(route));
      expect(e.swapped).toEqual([]);
      const reason = decodeErrorResult({ abi: swapForwarderAbi, data: e.skipped[0]!.args.reason });
      expect(reason.errorName, error).toBe(error);
      if (error === 'OracleFailed') {
        expect(reason.args?.[0]).toBe(young);
        // the pool's own reason: observations too old (OLD)
        expect(decodeErrorResult({ abi: errorStringAbi, data: reason.args?.[1] as Hex }).args).toEqual([
          'OLD',
        ]);
      }
      expect(e.forwarded.map((f) => [f.args.token, f.args.amount])).toEqual([
        [zeroAddress, parseEther('0.1')],
      ]);
      total += parseEther('0.1');
      await holdsNothing(deposit);
    }
    expect(await ethBalance(merchant)).toBe(total);
  });

  it('an ERC-20 route forwards ETH and tokens sent by mistake as they are; a bad merchant is refused', async () => {
    const merchant = randomAddress();
    const route = usdcRoute(merchant);
    const deposit = depositOf(route);
    const dai = await deployTestToken({ ...deployer(), name: 'Dai', symbol: 'DAI', decimals: 18 });
    await payToken(usdc, deposit, parseUnits('10', 6));
    await payEth(deposit, parseEther('0.3'));
    await payToken(dai, deposit, parseEther('7'));
    await payToken(usdt, deposit, parseUnits('2', 6));
    const e = events(await flush(route, [dai, usdt, usdc]));
    expect(e.swapped).toHaveLength(1);
    expect(e.forwarded.map((f) => [f.args.token, f.args.amount])).toEqual([
      [zeroAddress, parseEther('0.3')],
      [dai, parseEther('7')],
      [usdt, parseUnits('2', 6)],
    ]);
    expect(await ethBalance(merchant)).toBe(parseEther('0.3'));
    expect(await tokenBalance(dai, merchant)).toBe(parseEther('7'));
    expect(await tokenBalance(usdt, merchant)).toBe(parseUnits('2', 6) + e.swapped[0]!.args.amountOut);
    await holdsNothing(deposit);
    for (const bad of [
      zeroAddress,
      '0x0000000000000000000000000000000000000001',
      '0x0000000000000000000000000000000000000002',
    ] as const) {
      expect(
        await revertName(
          client().simulateContract({
            account: node.wallets[2]!.account,
            address: factory,
            abi: swapForwarderFactoryAbi,
            functionName: 'flush',
            args: [{ ...route, merchant: bad }, []],
            gas: 2_000_000n,
          }),
        ),
      ).toBe('BadMerchant');
    }
  });

  it('a gas limit too low reverts (InsufficientGas) and never turns into a skipped swap', async () => {
    const route = ethRoute(randomAddress());
    const deposit = depositOf(route);
    await payEth(deposit, parseEther('0.5'));
    const data = encodeFunctionData({
      abi: swapForwarderFactoryAbi,
      functionName: 'flush',
      args: [route, []],
    });
    const bound = swapFlushGasLimit({ path: route.path, tokens: [], data });
    const caller = node.wallets[2]!;
    let insufficient = 0;
    let swapped = 0;
    for (let gas = 150_000n; gas <= bound; gas += 25_000n) {
      const snapshot = await node.snapshot();
      try {
        // Hardhat mines a reverting transaction and answers its send with the revert data
        const r = await caller.sendTransaction({ to: factory, data, gas }).then(receipt, (err: unknown) => {
          const revert = rpcRevertData(err);
          // out of gas in the caller's frame (no data) would be a revert too; never a skipped swap
          expect([INSUFFICIENT_GAS, '0x']).toContain(revert);
          if (revert === INSUFFICIENT_GAS) insufficient += 1;
          return undefined;
        });
        if (r) {
          const e = events(r);
          expect(e.skipped, `gas ${gas}`).toEqual([]);
          expect(e.swapped, `gas ${gas}`).toHaveLength(1);
          swapped += 1;
        }
      } finally {
        await node.revert(snapshot);
      }
    }
    expect(insufficient).toBeGreaterThan(0);
    expect(swapped).toBeGreaterThan(0);
    // a low limit on flushMany: the whole call reverts InsufficientGas rather than fail the request
    expect(
      await revertName(
        client().simulateContract({
          account: caller.account,
          address: factory,
          abi: swapForwarderFactoryAbi,
          functionName: 'flushMany',
          args: [[{ route, tokens: [] }]],
          gas: 400_000n,
        }),
      ),
    ).toBe('InsufficientGas');
  });
  it('gas of flushMany with a swap, 1 and 50 payments, beside a plain flush of the same batches', async () => {
    // earlier tests sold ETH into the pool: let the 30-minute average catch up with the spot price, and keep the
    // batch's own price impact (50 swaps in one block) well within the 1 % slippage
    await increaseTime(node.publicClient, 3600);
    const merchant = randomAddress();
    const common = {
      publicClient: node.publicClient,
      payer: node.wallets[1]!,
      caller: node.wallets[2]!,
      factory,
    };
    const eth = ethRoute(merchant);
    const stable = usdcRoute(merchant);
    const ethOne = await measureSwapFlushGas({
      ...common,
      route: eth,
      payments: 1,
      amount: parseEther('0.02'),
    });
    const ethFifty = await measureSwapFlushGas({
      ...common,
      route: eth,
      payments: 50,
      amount: parseEther('0.02'),
    });
    const usdcOne = await measureSwapFlushGas({
      ...common,
      route: stable,
      payments: 1,
      amount: parseUnits('100', 6),
    });
    const usdcFifty = await measureSwapFlushGas({
      ...common,
      route: stable,
      payments: 50,
      amount: parseUnits('100', 6),
    });
    const plainFactory = await deployForwarderFactory(deployer());
    const plain = { ...common, factory: plainFactory, token: usdc, merchant: randomAddress() };
    const plainOne = await measureFlushGas({ ...plain, payments: 1 });
    const plainFifty = await measureFlushGas({ ...plain, payments: 50 });
    const row = (name: string, one: { gasUsed: bigint }, fifty: { gasUsed: bigint; perPayment: bigint }) =>
      `${name}: 1 payment ${one.gasUsed}; 50 payments ${fifty.gasUsed} (${fifty.perPayment} per payment)`;
    console.log(
      [
        'flush gas (hardhat, paris, first flush: clone deployed):',
        row('  swap ETH -> USDT (1 pool, 0.3 %)', ethOne, ethFifty),
        row('  swap USDC -> USDT (1 pool, 0.01 %)', usdcOne, usdcFifty),
        row('  plain USDC (ForwarderFactory)', plainOne, plainFifty),
        `  bounds: swap request ${swapRequestGas(1, 0)}; batch of 50 ${ethFifty.gasBound} (sent with ${ethFifty.gasLimit})`,
      ].join('\n'),
    );
    expect(await tokenBalance(usdt, merchant)).toBeGreaterThan(parseUnits('5000', 6));
    for (const m of [ethOne, ethFifty, usdcOne, usdcFifty])
      expect(m.perPayment).toBeLessThan(swapRequestGas(1, 0));
  });
  it('with the gas limit of swapFlushManyGasLimit a batch never reverts, whatever merchants, tokens and pools do', async () => {
    // a token that will turn hostile (its transfers burn all their gas), with a real pool and an hour of history
    const hostile = await deployHostileTestToken(deployer());
    await createPoolWithLiquidity({
      ...deployer(),
      uniswap: uni,
      tokenA: uni.weth,
      tokenB: hostile,
      fee: 3000,
      amountA: parseEther('100'),
      amountB: parseEther('100000'),
    });
    await increaseTime(node.publicClient, 3600);
    // a merchant contract and a "token" that burn every unit of gas they get
    const burner = await deployGasBurner(deployer());
    const burnerToken = await deployGasBurner(deployer());
    const honest = randomAddress();
    const requests = [
      // the swap's output transfer burns the whole swap frame, then the ETH sent back burns its stipend
      {
        route: ethRoute(burner, { tokenOut: hostile, path: encodeV3Path([uni.weth, hostile], [3000]) }),
        tokens: [hostile],
      },
      // ETH to a burner, the pool's pull of the input burns the frame, the fallback transfer burns its gas, and two
      // named tokens burn theirs
      {
        route: ethRoute(burner, {
          tokenIn: hostile,
          tokenOut: uni.weth,
          path: encodeV3Path([hostile, uni.weth], [3000]),
        }),
        tokens: [burnerToken, hostile],
      },
      // the same over three pools
      {
        route: ethRoute(burner, {
          tokenIn: hostile,
          tokenOut: usdc,
          path: encodeV3Path([hostile, uni.weth, usdt, usdc], [3000, 3000, 100]),
        }),
        tokens: [burnerToken],
      },
      { route: ethRoute(honest), tokens: [usdc] },
    ];
    for (const { route } of requests) {
      const deposit = depositOf(route);
      await payEth(deposit, parseEther('0.2'));
      // a hostile token paid or sent by mistake: its transfer will burn all its gas
      await payToken(hostile, deposit, parseEther('50'));
    }
    const data = encodeFunctionData({
      abi: swapForwarderFactoryAbi,
      functionName: 'flushMany',
      args: [requests],
    });
    const gas = swapFlushManyGasLimit({ requests, data });
    // they turn hostile once the batch is signed
    await receipt(
      await node.wallets[0]!.writeContract({
        address: hostile,
        abi: hostileTestTokenAbi,
        functionName: 'setHostile',
        args: [true],
      }),
    );
    for (const c of [burner, burnerToken]) {
      await receipt(
        await node.wallets[0]!.writeContract({
          address: c,
          abi: gasBurnerAbi,
          functionName: 'set',
          args: [10n ** 9n, false, 1n],
        }),
      );
    }
    const r = await receipt(await node.wallets[2]!.sendTransaction({ to: factory, data, gas }));
    expect(r.status).toBe('success');
    expect(r.gasUsed).toBeLessThanOrEqual(gas);
    const flushed = parseEventLogs({ abi: swapForwarderFactoryAbi, logs: r.logs, eventName: 'Flushed' });
    expect(flushed.map((f) => f.args.forwarder)).toEqual(requests.map((q) => depositOf(q.route)));
    const e = events(r);
    // the three hostile swaps were skipped (the pool's transfer of the hostile token ran out of gas), the honest one
    // swapped
    expect(
      e.skipped.map((k) => decodeErrorResult({ abi: swapForwarderAbi, data: k.args.reason }).errorName),
    ).toEqual(['SwapFailed', 'SwapFailed', 'SwapFailed']);
    expect(e.swapped).toHaveLength(1);
    expect(await tokenBalance(usdt, honest)).toBeGreaterThan(0n);
    // what could not move stays at its deposit address for a later flush
    expect(await ethBalance(depositOf(requests[0]!.route))).toBe(parseEther('0.2'));
    expect(await tokenBalance(hostile, depositOf(requests[1]!.route))).toBe(parseEther('50'));
    console.log(`worst-case swap batch of ${requests.length}: gas limit ${gas}, used ${r.gasUsed}`);
  });
});
