import fs from 'node:fs';
import {
  type Account,
  type Address,
  type Chain,
  getAddress,
  type Hex,
  type PublicClient,
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
