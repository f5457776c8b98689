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
