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
  'function REQUEST_GAS() view returns (uint256)',
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
  'function factory() view returns (address)',
  'function merchant() view returns (address)',
  'function initialize(address merchant_)',
  'function flush(address[] tokens)',
  'receive() external payable',
  'event Forwarded(address indexed token, uint256 amount)',
  'error NotFactory()',
  'error AlreadyInitialized()',
  'error ZeroMerchant()',
  'error NotInitialized()',
  'error EthTransferFailed()',
  'error TokenCallFailed(address token)',
]);

/** TestToken (tests only): ERC-20 with a public mint. */
export const testTokenAbi = parseAbi([
  'constructor(string name_, string symbol_, uint8 decimals_)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address, address) view returns (uint256)',
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transferFrom(address from, address to, uint256 amount) returns (bool)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
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

export const contractAbis = {
  ForwarderFactory: forwarderFactoryAbi,
  Forwarder: forwarderAbi,
  TestToken: testTokenAbi,
  NoReturnTestToken: noReturnTestTokenAbi,
} as const;
export type ContractName = keyof typeof contractAbis;
