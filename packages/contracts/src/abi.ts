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

export const contractAbis = {
  ForwarderFactory: forwarderFactoryAbi,
  Forwarder: forwarderAbi,
  TestToken: testTokenAbi,
  NoReturnTestToken: noReturnTestTokenAbi,
  GasBurner: gasBurnerAbi,
} as const;
export type ContractName = keyof typeof contractAbis;
