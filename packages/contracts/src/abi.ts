import { parseAbi } from 'viem';

/**
 * The contracts' ABIs as typed constants, for viem's type inference (server code needs these only, never solc or
 * bytecode). `artifacts.test` in the server project checks that they equal what solc produces from contracts/.
 */
export const forwarderFactoryAbi = parseAbi([
  'struct Request { address merchant; bytes32 paymentSalt; address[] tokens; }',
  'constructor()',
  'function implementation() view returns (address)',
  'function cloneCodeHash() view returns (bytes32)',
  'function REQUEST_BASE_GAS() view returns (uint256)',
  'function REQUEST_TOKEN_GAS() view returns (uint256)',
  'function requestGas(uint256 tokenCount) pure returns (uint256)',
  'function predict(address merchant, bytes32 paymentSalt) view returns (address)',
  'function flush(address merchant, bytes32 paymentSalt, address[] tokens) returns (address)',
  'function flushMany(Request[] requests)',
  'function flushOne(address merchant, bytes32 paymentSalt, address[] tokens)',
  'event ForwarderDeployed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt)',
  'event Flushed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt)',
  'event FlushFailed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt, bytes reason)',
  'error ZeroMerchant()',
  'error DeployFailed()',
  'error OnlySelf()',
  'error InsufficientGas()',
]);

export const forwarderAbi = parseAbi([
  'constructor()',
  'function ETH_GAS() view returns (uint256)',
  'function BALANCE_GAS() view returns (uint256)',
  'function TRANSFER_GAS() view returns (uint256)',
  'function factory() view returns (address)',
  'function merchant() view returns (address)',
  'function initialize(address merchant_)',
  'function flush(address[] tokens)',
  'receive() external payable',
  'event Forwarded(address indexed token, uint256 amount)',
  'event ForwardFailed(address indexed token, uint256 amount, bytes reason)',
  'error NotFactory()',
  'error AlreadyInitialized()',
  'error ZeroMerchant()',
  'error NotInitialized()',
  'error InsufficientGas()',
]);

/** TestToken (tests only): ERC-20 with a public mint. */
export const testTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function paused() view returns (bool)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function blocked(address) view returns (bool)',
  'function mint(address to, uint256 amount)',
  'function setPaused(bool paused_)',
  'function setBlocked(address account, bool blocked_)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'error Paused()',
  'error Blocked(address account)',
]);

/** NoReturnTestToken (tests only): USDT-like, `transfer` returns nothing. */
export const noReturnTestTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/**
 * GasBurner (tests only): a merchant contract whose `receive` burns `burn` gas or refuses ETH, and a token whose
 * `balanceOf` and `transfer` burn `burn` gas (the worst a hostile merchant or token can do to a flush).
 */
export const gasBurnerAbi = parseAbi([
  'function burn() view returns (uint256)',
  'function refuse() view returns (bool)',
  'function fakeBalance() view returns (uint256)',
  'function set(uint256 burn_, bool refuse_, uint256 fakeBalance_)',
  'function balanceOf(address) view returns (uint256)',
  'function transfer(address, uint256) returns (bool)',
  'receive() external payable',
]);

/**
 * SwapForwarderFactory (decision 024): deposit addresses that convert what they receive through Uniswap V3 and pay
 * the result to the merchant. A route's address is CREATE2 with salt swapRouteSalt(route) (swap-forwarder-address.ts).
 */
export const swapForwarderFactoryAbi = parseAbi([
  'struct SwapRoute { address merchant; address tokenIn; address tokenOut; bytes path; uint16 slippageBps; uint32 twapSeconds; bytes32 paymentSalt; }',
  'struct Request { SwapRoute route; address[] tokens; }',
  'constructor(address router_, address weth_, address v3Factory_)',
  'function implementation() view returns (address)',
  'function cloneCodeHash() view returns (bytes32)',
  'function router() view returns (address)',
  'function weth() view returns (address)',
  'function v3Factory() view returns (address)',
  'function REQUEST_BASE_GAS() view returns (uint256)',
  'function REQUEST_HOP_GAS() view returns (uint256)',
  'function REQUEST_TOKEN_GAS() view returns (uint256)',
  'function requestGas(uint256 hops, uint256 tokenCount) pure returns (uint256)',
  'function predict(SwapRoute route) view returns (address)',
  'function flush(SwapRoute route, address[] tokens) returns (address)',
  'function flushMany(Request[] requests)',
  'function flushOne(SwapRoute route, address[] tokens)',
  'event SwapForwarderDeployed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt)',
  'event Flushed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt)',
  'event FlushFailed(address indexed forwarder, address indexed merchant, bytes32 paymentSalt, bytes reason)',
  'error BadMerchant()',
  'error DeployFailed()',
  'error OnlySelf()',
  'error InsufficientGas()',
]);

/** SwapForwarder: the implementation every swap deposit address delegates to (and its events, on each clone). */
export const swapForwarderAbi = parseAbi([
  'struct SwapRoute { address merchant; address tokenIn; address tokenOut; bytes path; uint16 slippageBps; uint32 twapSeconds; bytes32 paymentSalt; }',
  'constructor(address router_, address weth_, address v3Factory_)',
  'function ETH_GAS() view returns (uint256)',
  'function BALANCE_GAS() view returns (uint256)',
  'function TRANSFER_GAS() view returns (uint256)',
  'function SWAP_BASE_GAS() view returns (uint256)',
  'function SWAP_HOP_GAS() view returns (uint256)',
  'function MAX_HOPS() view returns (uint256)',
  'function MAX_SLIPPAGE_BPS() view returns (uint16)',
  'function MIN_TWAP_SECONDS() view returns (uint32)',
  'function factory() view returns (address)',
  'function router() view returns (address)',
  'function weth() view returns (address)',
  'function v3Factory() view returns (address)',
  'function cloneCodeHash() view returns (bytes32)',
  'function swapGas(uint256 hops) pure returns (uint256)',
  'function flush(SwapRoute route, address[] tokens)',
  'function minAmountOut(SwapRoute route, uint256 amount) view returns (uint256)',
  'function swapAttempt(SwapRoute route, uint256 amount) returns (uint256 amountOut, uint256 minOut)',
  'receive() external payable',
  'event Swapped(address indexed tokenIn, uint256 amountIn, address indexed tokenOut, uint256 amountOut, uint256 minOut)',
  'event SwapSkipped(address indexed tokenIn, uint256 amount, bytes reason)',
  'event Forwarded(address indexed token, uint256 amount)',
  'event ForwardFailed(address indexed token, uint256 amount, bytes reason)',
  'error WrongRoute()',
  'error OnlySelf()',
  'error InsufficientGas()',
  'error BadRoute()',
  'error NoPool(address tokenA, address tokenB, uint24 fee)',
  'error OracleFailed(address pool, bytes reason)',
  'error ZeroQuote()',
  'error SwapFailed(bytes reason)',
  'error AllowanceLeft(uint256 allowance)',
  'error TickOutOfRange(int24 tick)',
  'error MulDivOverflow()',
]);

/** SwapMath: a library of internal functions; its ABI holds only its errors. */
export const swapMathAbi = parseAbi(['error TickOutOfRange(int24 tick)', 'error MulDivOverflow()']);

/** SwapMathHarness (tests only): SwapMath's functions, callable. */
export const swapMathHarnessAbi = parseAbi([
  'function sqrtPriceAtTick(int24 tick) pure returns (uint160)',
  'function mulDiv(uint256 a, uint256 b, uint256 d) pure returns (uint256)',
  'function quoteAtTick(uint256 amount, int24 tick, bool zeroForOne) pure returns (uint256)',
  'function meanTick(int56 cumulativeBefore, int56 cumulativeNow, uint32 seconds_) pure returns (int24)',
  'error TickOutOfRange(int24 tick)',
  'error MulDivOverflow()',
]);

/** TestWETH9 (tests only): the wrapped native coin, as WETH9 behaves. */
export const testWeth9Abi = parseAbi([
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function deposit() payable',
  'function withdraw(uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'receive() external payable',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Deposit(address indexed to, uint256 value)',
  'event Withdrawal(address indexed from, uint256 value)',
]);

/**
 * UsdtLikeTestToken (tests only): USDT's quirks, `transfer`, `transferFrom` and `approve` return nothing and
 * `approve` refuses to change a non-zero allowance to another non-zero value.
 */
export const usdtLikeTestTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);

/** HostileTestToken (tests only): an ERC-20 whose transfers burn all their gas while `hostile` is set. */
export const hostileTestTokenAbi = parseAbi([
  'function decimals() view returns (uint8)',
  'function hostile() view returns (bool)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function setHostile(bool hostile_)',
  'function mint(address to, uint256 amount)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
]);

export const contractAbis = {
  ForwarderFactory: forwarderFactoryAbi,
  Forwarder: forwarderAbi,
  TestToken: testTokenAbi,
  NoReturnTestToken: noReturnTestTokenAbi,
  GasBurner: gasBurnerAbi,
  SwapForwarderFactory: swapForwarderFactoryAbi,
  SwapForwarder: swapForwarderAbi,
  SwapMath: swapMathAbi,
  SwapMathHarness: swapMathHarnessAbi,
  TestWETH9: testWeth9Abi,
  UsdtLikeTestToken: usdtLikeTestTokenAbi,
  HostileTestToken: hostileTestTokenAbi,
} as const;
export type ContractName = keyof typeof contractAbis;
