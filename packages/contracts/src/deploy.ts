import fs from 'node:fs';
import {
  type Account,
  type Address,
  type Chain,
  concatHex,
  encodeDeployData,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  type PublicClient,
  parseEther,
  stringToHex,
  type Transport,
  type WalletClient,
} from 'viem';
import { forwarderFactoryAbi } from './abi.ts';
import { artifact } from './artifacts.ts';

type Clients = {
  wallet: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient<Transport, Chain>;
};

async function deployed(publicClient: Clients['publicClient'], hash: Hex): Promise<Address> {
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deployment ${hash} failed`);
  return getAddress(receipt.contractAddress);
}

/**
 * Deploys ForwarderFactory from `wallet` (tests, bench, and an operator's one-time deployment per network). The
 * factory deploys its Forwarder implementation in its constructor. Returns the factory's address.
 */
export async function deployForwarderFactory({ wallet, publicClient }: Clients): Promise<Address> {
  const { abi, bytecode } = artifact('ForwarderFactory');
  return deployed(publicClient, await wallet.deployContract({ abi, bytecode }));
}

/**
 * The deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy): a CREATE2 deployer at
 * the same address on every chain that has it, created by a pre-signed transaction without a chain id (EIP-155)
 * from a one-time signer, so anyone can bring it to a chain that lacks it. Called with `salt ++ initCode`, it
 * deploys initCode with CREATE2 (salt) and returns the address, which depends only on the deployer, the salt and
 * the init code: not on who pays, nor on their nonce.
 */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
/** The proxy's one-time signer (nonce 0 creates the proxy) and the ETH its transaction costs (100,000 gas x 100 gwei). */
export const DETERMINISTIC_DEPLOYER_SIGNER: Address = '0x3fAB184622Dc19b6109349B94811493BF2a45362';
const DETERMINISTIC_DEPLOYER_COST = parseEther('0.01');
/** The proxy's pre-signed creation transaction (r = s = 0x22...22, v = 27). */
export const DETERMINISTIC_DEPLOYER_TX: Hex =
  '0xf8a58085174876e800830186a08080b853604580600e600039806000f350fe7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf31ba02222222222222222222222222222222222222222222222222222222222222222a02222222222222222222222222222222222222222222222222222222222222222';
/** The CREATE2 salt of Coinlane's ForwarderFactory: fixed, so the factory has one address on every chain. */
export const FACTORY_SALT: Hex = keccak256(stringToHex('coinlane ForwarderFactory'));

/**
 * Makes sure the deterministic deployment proxy exists on the node: when it has no code, funds its signer with the
 * 0.01 ETH its transaction costs (from `wallet`) and broadcasts the pre-signed transaction. A chain that refuses
 * transactions without a chain id (some nodes do by default) cannot get it this way: the error says so.
 */
export async function ensureDeterministicDeployer({ wallet, publicClient }: Clients): Promise<void> {
  const code = await publicClient.getCode({ address: DETERMINISTIC_DEPLOYER });
  if (code && code !== '0x') return;
  const balance = await publicClient.getBalance({ address: DETERMINISTIC_DEPLOYER_SIGNER });
  if (balance < DETERMINISTIC_DEPLOYER_COST) {
    const hash = await wallet.sendTransaction({
      to: DETERMINISTIC_DEPLOYER_SIGNER,
      value: DETERMINISTIC_DEPLOYER_COST - balance,
    });
    await publicClient.waitForTransactionReceipt({ hash });
  }
  let hash: Hex;
  try {
    hash = await publicClient.request({
      method: 'eth_sendRawTransaction',
      params: [DETERMINISTIC_DEPLOYER_TX],
    });
  } catch (err) {
    throw new Error(
      `The node refused the deterministic deployment proxy's pre-signed transaction (it has no chain id, EIP-155): ${
        err instanceof Error ? err.message : String(err)
      }`,
    );
  }
  await publicClient.waitForTransactionReceipt({ hash });
  const deployed = await publicClient.getCode({ address: DETERMINISTIC_DEPLOYER });
  if (!deployed || deployed === '0x') throw new Error('the deterministic deployment proxy was not created');
}

/** The address of the ForwarderFactory deployed through the deterministic deployment proxy: the same everywhere. */
export function deterministicFactoryAddress(): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: FACTORY_SALT,
    bytecode: artifact('ForwarderFactory').bytecode,
  });
}

/**
 * Deploys ForwarderFactory at the same address on every chain (`npm run evm:deploy-factory`): through the
 * deterministic deployment proxy (brought to the chain first if needed) with FACTORY_SALT, so the address
 * depends only on the factory's bytecode. When the factory is already there, nothing is sent. Returns the
 * address, and whether this call deployed it.
 */
export async function deployForwarderFactoryDeterministic(
  clients: Clients,
): Promise<{ factory: Address; deployed: boolean }> {
  const { wallet, publicClient } = clients;
  const factory = deterministicFactoryAddress();
  const existing = await publicClient.getCode({ address: factory });
  if (existing && existing !== '0x') return { factory, deployed: false };
  await ensureDeterministicDeployer(clients);
  const hash = await wallet.sendTransaction({
    to: DETERMINISTIC_DEPLOYER,
    data: concatHex([FACTORY_SALT, artifact('ForwarderFactory').bytecode]),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const code = await publicClient.getCode({ address: factory });
  if (receipt.status !== 'success' || !code || code === '0x') throw new Error(`deployment ${hash} failed`);
  return { factory, deployed: true };
}

/**
 * Deploys a test ERC-20 (FOR TESTS ONLY: anyone can mint). `noReturn` deploys the USDT-like variant whose
 * `transfer` returns nothing.
 */
export async function deployTestToken({
  wallet,
  publicClient,
  name,
  symbol,
  decimals,
  noReturn = false,
}: Clients & { name: string; symbol: string; decimals: number; noReturn?: boolean }): Promise<Address> {
  const hash = noReturn
    ? await wallet.deployContract({
        ...artifact('NoReturnTestToken'),
        args: [name, symbol, decimals],
      })
    : await wallet.deployContract({ ...artifact('TestToken'), args: [name, symbol, decimals] });
  return deployed(publicClient, hash);
}

/** The first ForwarderFactory (v1, decision 010 of 2026-11-22) exactly as it was compiled, from legacy/. */
export function forwarderFactoryV1Artifact(): { abi: typeof forwarderFactoryAbi; bytecode: Hex } {
  const file = new URL('../legacy/forwarder-factory-v1.json', import.meta.url);
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { ForwarderFactory: { bytecode: Hex } };
  // v1's ABI is v2's minus what v2 added; viem needs only the constructor to deploy it
  return { abi: forwarderFactoryAbi, bytecode: json.ForwarderFactory.bytecode };
}

/**
 * Deploys the v1 ForwarderFactory (tests only: deposit addresses of payments made before v2 must keep working).
 * Its `flush` and `flushMany` have v2's signatures; its events are v2's `ForwarderDeployed`, `Flushed` and
 * `FlushFailed`, and its forwarders emit `Forwarded` only.
 */
export async function deployForwarderFactoryV1({ wallet, publicClient }: Clients): Promise<Address> {
  const { abi, bytecode } = forwarderFactoryV1Artifact();
  return deployed(publicClient, await wallet.deployContract({ abi, bytecode }));
}

/** Deploys a GasBurner (tests only): a hostile merchant contract or token. */
export async function deployGasBurner({ wallet, publicClient }: Clients): Promise<Address> {
  const { abi, bytecode } = artifact('GasBurner');
  return deployed(publicClient, await wallet.deployContract({ abi, bytecode }));
}

/** The chain's Uniswap contracts a SwapForwarderFactory is bound to (its constructor arguments, immutables). */
export type SwapFactoryConfig = {
  /** Uniswap's SwapRouter02. */
  router: Address;
  /** The wrapped native coin the router and pools use (WETH9, WBNB, WPOL, ...). */
  weth: Address;
  /** Uniswap V3's factory. */
  v3Factory: Address;
};

/** The init code of a SwapForwarderFactory bound to `config`. */
export function swapForwarderFactoryInitCode({ router, weth, v3Factory }: SwapFactoryConfig): Hex {
  const { abi, bytecode } = artifact('SwapForwarderFactory');
  return encodeDeployData({
    abi,
    bytecode,
    args: [getAddress(router), getAddress(weth), getAddress(v3Factory)],
  });
}

/**
 * Deploys SwapForwarderFactory (decision 024) from `wallet` with CREATE (tests, bench). The factory deploys its
 * SwapForwarder implementation in its constructor. Returns the factory's address.
 */
export async function deploySwapForwarderFactory({
  wallet,
  publicClient,
  ...config
}: Clients & SwapFactoryConfig): Promise<Address> {
  return deployed(publicClient, await wallet.sendTransaction({ data: swapForwarderFactoryInitCode(config) }));
}

/** The CREATE2 salt of Coinlane's SwapForwarderFactory through the deterministic deployment proxy. */
export const SWAP_FACTORY_SALT: Hex = keccak256(stringToHex('coinlane SwapForwarderFactory'));

/**
 * The address of the SwapForwarderFactory bound to `config` deployed through the deterministic deployment proxy: it
 * depends only on the factory's bytecode and `config`, so chains where Uniswap has the same addresses get the
 * same factory address.
 */
export function deterministicSwapFactoryAddress(config: SwapFactoryConfig): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt: SWAP_FACTORY_SALT,
    bytecode: swapForwarderFactoryInitCode(config),
  });
}

/**
 * Deploys SwapForwarderFactory bound to `config` through the deterministic deployment proxy (brought to the chain
 * first if needed), as deployForwarderFactoryDeterministic does for the plain factory. Nothing is sent when it is
 * already there. Returns the address, and whether this call deployed it.
 */
export async function deploySwapForwarderFactoryDeterministic({
  wallet,
  publicClient,
  ...config
}: Clients & SwapFactoryConfig): Promise<{ factory: Address; deployed: boolean }> {
  const factory = deterministicSwapFactoryAddress(config);
  const existing = await publicClient.getCode({ address: factory });
  if (existing && existing !== '0x') return { factory, deployed: false };
  await ensureDeterministicDeployer({ wallet, publicClient });
  const hash = await wallet.sendTransaction({
    to: DETERMINISTIC_DEPLOYER,
    data: concatHex([SWAP_FACTORY_SALT, swapForwarderFactoryInitCode(config)]),
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  const code = await publicClient.getCode({ address: factory });
  if (receipt.status !== 'success' || !code || code === '0x') throw new Error(`deployment ${hash} failed`);
  return { factory, deployed: true };
}

/** Deploys a UsdtLikeTestToken (tests only): USDT's no-return transfers and zero-first approve. */
export async function deployUsdtLikeTestToken({
  wallet,
  publicClient,
  name,
  symbol,
  decimals,
}: Clients & { name: string; symbol: string; decimals: number }): Promise<Address> {
  const hash = await wallet.deployContract({
    ...artifact('UsdtLikeTestToken'),
    args: [name, symbol, decimals],
  });
  return deployed(publicClient, hash);
}

/** Deploys a SwapMathHarness (tests only). */
export async function deploySwapMathHarness({ wallet, publicClient }: Clients): Promise<Address> {
  const { abi, bytecode } = artifact('SwapMathHarness');
  return deployed(publicClient, await wallet.deployContract({ abi, bytecode }));
}

/** Deploys a HostileTestToken (tests only): an ERC-20 whose transfers can be made to burn all their gas. */
export async function deployHostileTestToken({ wallet, publicClient }: Clients): Promise<Address> {
  const { abi, bytecode } = artifact('HostileTestToken');
  return deployed(publicClient, await wallet.deployContract({ abi, bytecode }));
}
