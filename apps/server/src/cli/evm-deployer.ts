/**
 * What the EVM deployment commands (`npm run evm:deploy-factory`, `npm run evm:deploy-swap-factory`) share: the
 * network's node from the environment (CHAIN_<NETWORK>_RPC_URL), the deployer's key (DEPLOYER_KEY, else
 * CHAIN_<NETWORK>_GAS_KEY: never on the command line), and the node's chain id checked against the configured one
 * before anything is sent.
 */
import { normalizeNetworkId } from '@coinlane/core/currencies';
import { isEvmChain } from '@coinlane/core/families/evm/evm-chain-config';
import {
  type Account,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ChainConfigError, chainEnvPrefix, chainsFromEnv } from '#app/lib/chain-config.ts';

/** A refusal of a command: its message for the operator and its exit code (64 usage, 65 data, 78 configuration). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/**
 * The clients that deploy on `networkArg`'s node (configured in `env`), or a CliError naming what is missing or
 * wrong.
 */
export async function evmDeployerClients(
  networkArg: string,
  usage: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{
  network: string;
  chainId: number;
  account: Address;
  wallet: WalletClient<Transport, Chain, Account>;
  publicClient: PublicClient<Transport, Chain>;
}> {
  const network = normalizeNetworkId(networkArg);
  let chains: ReturnType<typeof chainsFromEnv>;
  try {
    chains = chainsFromEnv(env);
  } catch (err) {
    if (err instanceof ChainConfigError) throw new CliError(err.message, 78);
    throw err;
  }
  const chain = chains.find((c) => c.network === network);
  if (!network || !chain || !isEvmChain(chain)) {
    throw new CliError(
      `${networkArg}: not an EVM network with a node configured (${chainEnvPrefix(networkArg)}RPC_URL).\n\n${usage}`,
      64,
    );
  }
  const key = (env.DEPLOYER_KEY ?? chain.gasKey ?? '').trim();
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new CliError(
      `Set DEPLOYER_KEY (or ${chainEnvPrefix(network)}GAS_KEY) to the deployer's private key: 0x and 64 hex digits.`,
      78,
    );
  }
  const transport = http(chain.rpcUrl);
  const probe = createPublicClient({ transport });
  const nodeChainId = await probe.getChainId();
  if (chain.chainId !== null && chain.chainId !== nodeChainId) {
    throw new CliError(
      `The node at ${chainEnvPrefix(network)}RPC_URL is chain ${nodeChainId}, not ${chain.chainId}: refusing to deploy.`,
      78,
    );
  }
  const viemChain = defineChain({
    id: nodeChainId,
    name: network,
    nativeCurrency: { name: 'native', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  });
  const account = privateKeyToAccount(key as Hex);
  return {
    network,
    chainId: nodeChainId,
    account: account.address,
    publicClient: createPublicClient({ chain: viemChain, transport }),
    wallet: createWalletClient({ account, chain: viemChain, transport }),
  };
}
