import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  type Abi,
  type Account,
  type Address,
  type Chain,
  encodeAbiParameters,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  type PublicClient,
  parseAbi,
  type Transport,
  type WalletClient,
  zeroAddress,
} from 'viem';
import { testWeth9Abi } from './abi.ts';
import { artifact } from './artifacts.ts';

/**
 * Uniswap V3 on a test node (tests and the chains bench only), deployed from the compiled artifacts of the official
 * npm packages (devDependencies of this package): UniswapV3Factory from @uniswap/v3-core, NonfungiblePositionManager
 * from @uniswap/v3-periphery and SwapRouter02 from @uniswap/swap-router-contracts, which is the router the swap
 * forwarder calls (decision 024). None of those packages ships a WETH9 artifact, so the wrapped native coin is
 * TestWETH9 of contracts/. Uniswap V2 (@uniswap/v2-core, v2-periphery) is not deployed: the forwarder swaps only in
 * V3 pools, whose oracle gives the time-weighted price its minimum is computed from on chain (a V2 pair's
 * cumulative price needs a snapshot taken earlier and stored, which a stateless forwarder does not have), and
 * SwapRouter02's V2 functions are never called.
 */

type Clients = {
  wallet: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient<Transport, Chain>;
};

export type Uniswap = {
  weth: Address;
  v3Factory: Address;
  positionManager: Address;
  router: Address;
};

/**
 * The pool init code hash that v3-periphery's PoolAddress (used by NonfungiblePositionManager and SwapRouter02 to
 * find a pool and check its callbacks) bakes in. It must equal keccak256 of the pool creation code in the deployed
 * factory, or every swap and mint fails: `uniswapInitCodeHashes` checks it against the artifacts.
 */
export const V3_POOL_INIT_CODE_HASH: Hex =
  '0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54';

const require = createRequire(import.meta.url);
const ARTIFACTS = {
  UniswapV3Factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  UniswapV3Pool: '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json',
  NonfungiblePositionManager:
    '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  SwapRouter02: '@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
} as const;
export type UniswapContract = keyof typeof ARTIFACTS;

/** A compiled contract of the official Uniswap npm packages (Hardhat artifact: abi, bytecode, no libraries). */
export function uniswapArtifact(name: UniswapContract): { abi: Abi; bytecode: Hex; deployedBytecode: Hex } {
  const json = JSON.parse(fs.readFileSync(require.resolve(ARTIFACTS[name]), 'utf8')) as {
    abi: Abi;
    bytecode: Hex;
    deployedBytecode: Hex;
    linkReferences: Record<string, unknown>;
  };
  if (Object.keys(json.linkReferences).length > 0) throw new Error(`${name} needs linked libraries`);
  return { abi: json.abi, bytecode: json.bytecode, deployedBytecode: json.deployedBytecode };
}

/**
 * The init code hashes that must agree: keccak256 of the pool artifact's creation code, whether the factory's code
 * embeds that creation code, and whether the position manager and the router embed V3_POOL_INIT_CODE_HASH.
 */
export function uniswapInitCodeHashes(): {
  poolCreationCodeHash: Hex;
  factoryEmbedsPool: boolean;
  positionManagerHasHash: boolean;
  routerHasHash: boolean;
} {
  const pool = uniswapArtifact('UniswapV3Pool').bytecode;
  const hash = V3_POOL_INIT_CODE_HASH.slice(2);
  return {
    poolCreationCodeHash: keccak256(pool),
    factoryEmbedsPool: uniswapArtifact('UniswapV3Factory').deployedBytecode.includes(pool.slice(2)),
    positionManagerHasHash: uniswapArtifact('NonfungiblePositionManager').deployedBytecode.includes(hash),
    routerHasHash: uniswapArtifact('SwapRouter02').deployedBytecode.includes(hash),
  };
}

/** The address of the (tokenA, tokenB, fee) pool of `v3Factory` as PoolAddress computes it (CREATE2). */
export function v3PoolAddress(v3Factory: Address, tokenA: Address, tokenB: Address, fee: number): Address {
  const [token0, token1] = sortTokens(tokenA, tokenB);
  return getContractAddress({
    opcode: 'CREATE2',
    from: v3Factory,
    salt: keccak256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }],
        [token0, token1, fee],
      ),
    ),
    bytecodeHash: V3_POOL_INIT_CODE_HASH,
  });
}

/** The pool's token order: token0 is the lower address. */
export function sortTokens(a: Address, b: Address): [Address, Address] {
  return BigInt(a) < BigInt(b) ? [getAddress(a), getAddress(b)] : [getAddress(b), getAddress(a)];
}

/** Minimal typed ABIs of what tests call on Uniswap's contracts. */
export const v3FactoryAbi = parseAbi([
  'function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)',
  'function createPool(address tokenA, address tokenB, uint24 fee) returns (address pool)',
  'function enableFeeAmount(uint24 fee, int24 tickSpacing)',
  'function feeAmountTickSpacing(uint24 fee) view returns (int24)',
]);
export const v3PoolAbi = parseAbi([
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)',
  'function initialize(uint160 sqrtPriceX96)',
  'function liquidity() view returns (uint128)',
  'function observe(uint32[] secondsAgos) view returns (int56[] tickCumulatives, uint160[] secondsPerLiquidityCumulativeX128s)',
  'function increaseObservationCardinalityNext(uint16 observationCardinalityNext)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
]);
export const positionManagerAbi = parseAbi([
  'struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }',
  'function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)',
  'function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)',
]);
export const swapRouter02Abi = parseAbi([
  'struct ExactInputParams { bytes path; address recipient; uint256 amountIn; uint256 amountOutMinimum; }',
  'function exactInput(ExactInputParams params) payable returns (uint256 amountOut)',
  'function factory() view returns (address)',
  'function WETH9() view returns (address)',
]);
/** A test token's mint and an approve whose return value is not read (so USDT-like tokens work too). */
const tokenAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function balanceOf(address) view returns (uint256)',
]);

/** The tick spacing of each fee Uniswap V3 enables (the 0.01 % tier was enabled by governance after launch). */
export const TICK_SPACING: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };

async function mined({ publicClient }: Clients, hash: Hex) {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

async function deploy(clients: Clients, abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<Address> {
  const receipt = await mined(clients, await clients.wallet.deployContract({ abi, bytecode, args }));
  if (!receipt.contractAddress) throw new Error('no contract address');
  return getAddress(receipt.contractAddress);
}

/**
 * Deploys WETH (TestWETH9), UniswapV3Factory (with the 0.01 % fee tier enabled, as on mainnet),
 * NonfungiblePositionManager (no token descriptor: tokenURI is never called) and SwapRouter02 (no V2 factory) from
 * `wallet`, which becomes the V3 factory's owner.
 */
export async function deployUniswapV3(clients: Clients): Promise<Uniswap> {
  const wethArtifact = artifact('TestWETH9');
  const weth = await deploy(clients, wethArtifact.abi, wethArtifact.bytecode, []);
  const factory = uniswapArtifact('UniswapV3Factory');
  const v3Factory = await deploy(clients, factory.abi, factory.bytecode, []);
  await mined(
    clients,
    await clients.wallet.writeContract({
      address: v3Factory,
      abi: v3FactoryAbi,
      functionName: 'enableFeeAmount',
      args: [100, 1],
    }),
  );
  const npm = uniswapArtifact('NonfungiblePositionManager');
  const positionManager = await deploy(clients, npm.abi, npm.bytecode, [v3Factory, weth, zeroAddress]);
  const router02 = uniswapArtifact('SwapRouter02');
  const router = await deploy(clients, router02.abi, router02.bytecode, [
    zeroAddress,
    v3Factory,
    positionManager,
    weth,
  ]);
  return { weth, v3Factory, positionManager, router };
}

/** floor(sqrt(n)) of a bigint (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new Error('negative');
  if (n < 2n) return n;
  let x = BigInt(`0x1${'0'.repeat(Math.ceil(n.toString(16).length / 2))}`);
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** The Q64.96 square root of the price of token0 in token1 when `amount0` of token0 is worth `amount1` of token1. */
export function sqrtPriceX96For(amount0: bigint, amount1: bigint): bigint {
  return isqrt((amount1 << 192n) / amount0);
}

/** Gives `wallet` `amount` of `token`: wraps native coin for WETH, mints a test token otherwise. */
async function obtain(clients: Clients, uniswap: Uniswap, token: Address, amount: bigint): Promise<void> {
  const hash =
    getAddress(token) === uniswap.weth
      ? await clients.wallet.writeContract({
          address: token,
          abi: testWeth9Abi,
          functionName: 'deposit',
          value: amount,
        })
      : await clients.wallet.writeContract({
          address: token,
          abi: tokenAbi,
          functionName: 'mint',
          args: [clients.wallet.account.address, amount],
        });
  await mined(clients, hash);
}

/** Sets `wallet`'s allowance of `token` for `spender` (to 0 first: USDT-like tokens refuse a change otherwise). */
async function approve(clients: Clients, token: Address, spender: Address, amount: bigint): Promise<void> {
  for (const value of [0n, amount]) {
    await mined(
      clients,
      await clients.wallet.writeContract({
        address: token,
        abi: tokenAbi,
        functionName: 'approve',
        args: [spender, value],
      }),
    );
  }
}

/**
 * Creates the (tokenA, tokenB, fee) pool at the price where `amountA` of tokenA is worth `amountB` of tokenB, adds
 * full-range liquidity of about those amounts from `wallet` (tokens minted to it, or native coin wrapped for WETH),
 * and raises the pool's observation cardinality to `cardinality` (each later block with a swap keeps one more
 * observation, so the oracle can look back that many swaps). Returns the pool's address.
 */
export async function createPoolWithLiquidity(
  clients: Clients & {
    uniswap: Uniswap;
    tokenA: Address;
    tokenB: Address;
    fee: number;
    amountA: bigint;
    amountB: bigint;
    cardinality?: number;
  },
): Promise<Address> {
  const { uniswap, fee, cardinality = 100 } = clients;
  const spacing = TICK_SPACING[fee];
  if (!spacing) throw new Error(`fee ${fee} is not enabled`);
  const [token0, token1] = sortTokens(clients.tokenA, clients.tokenB);
  const aIs0 = token0 === getAddress(clients.tokenA);
  const amount0 = aIs0 ? clients.amountA : clients.amountB;
  const amount1 = aIs0 ? clients.amountB : clients.amountA;
  await mined(
    clients,
    await clients.wallet.writeContract({
      address: uniswap.positionManager,
      abi: positionManagerAbi,
      functionName: 'createAndInitializePoolIfNecessary',
      args: [token0, token1, fee, sqrtPriceX96For(amount0, amount1)],
    }),
  );
  const pool = await clients.publicClient.readContract({
    address: uniswap.v3Factory,
    abi: v3FactoryAbi,
    functionName: 'getPool',
    args: [token0, token1, fee],
  });
  for (const [token, amount] of [
    [token0, amount0],
    [token1, amount1],
  ] as const) {
    await obtain(clients, uniswap, token, amount);
    await approve(clients, token, uniswap.positionManager, amount);
  }
  const maxTick = Math.floor(887272 / spacing) * spacing;
  await mined(
    clients,
    await clients.wallet.writeContract({
      address: uniswap.positionManager,
      abi: positionManagerAbi,
      functionName: 'mint',
      args: [
        {
          token0,
          token1,
          fee,
          tickLower: -maxTick,
          tickUpper: maxTick,
          amount0Desired: amount0,
          amount1Desired: amount1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: clients.wallet.account.address,
          deadline: 2n ** 64n,
        },
      ],
    }),
  );
  if (cardinality > 1) {
    await mined(
      clients,
      await clients.wallet.writeContract({
        address: pool,
        abi: v3PoolAbi,
        functionName: 'increaseObservationCardinalityNext',
        args: [cardinality],
      }),
    );
  }
  return getAddress(pool);
}

/**
 * Swaps `amountIn` of the path's first token (minted or wrapped for `wallet` first) along `path` through the router,
 * the output to `recipient` (default `wallet`), with no minimum: a test trader moving a pool's price. Returns the
 * output amount's transaction receipt.
 */
export async function traderSwap(
  clients: Clients & { uniswap: Uniswap; path: Hex; amountIn: bigint; recipient?: Address },
) {
  const { uniswap, path, amountIn } = clients;
  const tokenIn = getAddress(path.slice(0, 42));
  await obtain(clients, uniswap, tokenIn, amountIn);
  await approve(clients, tokenIn, uniswap.router, amountIn);
  return mined(
    clients,
    await clients.wallet.writeContract({
      address: uniswap.router,
      abi: swapRouter02Abi,
      functionName: 'exactInput',
      args: [
        {
          path,
          recipient: clients.recipient ?? clients.wallet.account.address,
          amountIn,
          amountOutMinimum: 0n,
        },
      ],
    }),
  );
}

/** Moves the node's clock `seconds` forward and mines a block at that time (evm_increaseTime, evm_mine). */
export async function increaseTime(
  publicClient: PublicClient<Transport, Chain>,
  seconds: number,
): Promise<void> {
  await publicClient.request({ method: 'evm_increaseTime' as never, params: [seconds] as never });
  await publicClient.request({ method: 'evm_mine' as never, params: [] as never });
}
