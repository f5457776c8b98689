/**
 * The evm:deploy-swap-factory command (`deploy-swap-factory.ts` runs it on the process's own streams): deploys the
 * swapping forwarder factory on one EVM network, once per network (docs/decisions/024-auto-conversion.md).
 *
 *   npm run evm:deploy-swap-factory -- --network ethereum --router 0x.. --weth 0x.. --v3-factory 0x..
 *
 * The three addresses are the chain's Uniswap contracts the factory is bound to for ever (its immutables): SwapRouter02,
 * the wrapped native coin the router uses (WETH9, WBNB, WPOL, ...) and Uniswap V3's factory. Before anything is sent
 * they must be contracts on the node, the router a SwapRouter02 naming the same wrapped coin (WETH9()) and V3 factory
 * (factory()), so that addresses of another chain or a typing slip are refused instead of being deployed into a
 * factory that could never swap. Talks to CHAIN_<NETWORK>_RPC_URL and pays from DEPLOYER_KEY, or else
 * CHAIN_<NETWORK>_GAS_KEY (from the environment only), after checking the node's chain id, as
 * `npm run evm:deploy-factory` does. Deployed with CREATE2 through the deterministic deployment proxy, so the address
 * depends only on the bytecode and the three addresses (the same on chains where Uniswap's are); when the factory is
 * already there nothing is sent. Prints its address: set it as CHAIN_<NETWORK>_SWAP_FACTORY. The factory has no
 * owner: whoever deploys it has no power over it or over any deposit address.
 */
import { parseArgs } from 'node:util';
import { deploySwapForwarderFactoryDeterministic, type SwapFactoryConfig } from '@coinlane/contracts/deploy';
import { checksumEvmAddress } from '@coinlane/core/families/evm/evm-keys';
import { type Address, getAddress, parseAbi, zeroAddress } from 'viem';
import { chainEnvPrefix } from '#app/lib/chain-config.ts';
import { CliError, evmDeployerClients } from './evm-deployer.ts';

const USAGE = `Usage: npm run evm:deploy-swap-factory -- --network <network> --router <address> --weth <address> --v3-factory <address>

  --network     an EVM network with CHAIN_<NETWORK>_RPC_URL set (ethereum, polygon, binance-smart-chain,
                avalanche, arbitrum, optimism)
  --router      Uniswap's SwapRouter02 on that chain
  --weth        the wrapped native coin the router uses (WETH9, WBNB, WPOL, WAVAX, ...)
  --v3-factory  Uniswap V3's factory on that chain

The deployer's key comes from DEPLOYER_KEY, or CHAIN_<NETWORK>_GAS_KEY, in the environment.`;

/** What is read of the router: SwapRouter02's PeripheryImmutableState and ImmutableState. */
const routerAbi = parseAbi([
  'function WETH9() view returns (address)',
  'function factory() view returns (address)',
  'function positionManager() view returns (address)',
]);

const OPTIONS = {
  network: { type: 'string' },
  router: { type: 'string' },
  weth: { type: 'string' },
  'v3-factory': { type: 'string' },
  help: { type: 'boolean' },
} as const;
const ADDRESS_OPTIONS = [
  ['router', 'router'],
  ['weth', 'weth'],
  ['v3-factory', 'v3Factory'],
] as const;

/** The three addresses from the command line, each a valid, non-zero EVM address, all different. */
function addressesOf(values: Record<string, string | boolean | undefined>): SwapFactoryConfig {
  const missing = ADDRESS_OPTIONS.filter(([option]) => typeof values[option] !== 'string').map(
    ([option]) => `--${option}`,
  );
  if (missing.length > 0) throw new CliError(`Missing ${missing.join(', ')}.\n\n${USAGE}`, 64);
  const config = {} as Record<keyof SwapFactoryConfig, Address>;
  for (const [option, key] of ADDRESS_OPTIONS) {
    const text = values[option] as string;
    let address: Address;
    try {
      address = getAddress(checksumEvmAddress(text));
    } catch (err) {
      throw new CliError(`--${option} ${text}: ${(err as Error).message}`, 64);
    }
    if (address === zeroAddress) throw new CliError(`--${option}: the zero address is not a contract.`, 64);
    config[key] = address;
  }
  const distinct = new Set(Object.values(config));
  if (distinct.size < 3) {
    throw new CliError('--router, --weth and --v3-factory must be three different contracts.', 64);
  }
  return config;
}

/** Where the command writes: the factory's address on `stdout`, everything said to the operator on `stderr`. */
export type CommandIo = {
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
};

/** Runs the command with `args` (the words after its name); resolves to its exit code, never throws a refusal. */
export async function runDeploySwapFactory(args: string[], io: CommandIo): Promise<number> {
  try {
    return await deploySwapFactory(args, io);
  } catch (err) {
    io.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return err instanceof CliError ? err.exitCode : 1;
  }
}

async function deploySwapFactory(args: string[], { env, stdout, stderr }: CommandIo): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ args, options: OPTIONS }));
  } catch (err) {
    throw new CliError(`${(err as Error).message}\n\n${USAGE}`, 64);
  }
  if (values.help) {
    stderr.write(`${USAGE}\n`);
    return 0;
  }
  if (typeof values.network !== 'string') throw new CliError(`Missing --network.\n\n${USAGE}`, 64);
  const config = addressesOf(values);
  const { network, chainId, account, wallet, publicClient } = await evmDeployerClients(
    values.network,
    USAGE,
    env,
  );

  // the three must be contracts on this node, and the router bound to the same wrapped coin and V3 factory
  for (const [option, key] of ADDRESS_OPTIONS) {
    const code = await publicClient.getCode({ address: config[key] });
    if (!code || code === '0x') {
      throw new CliError(
        `--${option} ${config[key]}: no contract at this address on the ${network} node (chain ${chainId}). Check that it is the address on this chain.`,
        65,
      );
    }
  }
  // SwapRouter02 alone has positionManager() beside WETH9() and factory() (the position manager has those two, the
  // first SwapRouter has no positionManager() and its exactInput takes a deadline the forwarder does not pass)
  const read = async (functionName: 'positionManager' | 'WETH9' | 'factory') =>
    publicClient
      .readContract({ address: config.router, abi: routerAbi, functionName })
      .then(getAddress)
      .catch(() => {
        throw new CliError(
          `--router ${config.router}: this contract does not answer ${functionName}(): it is not Uniswap's SwapRouter02.`,
          65,
        );
      });
  await read('positionManager');
  const routerWeth = await read('WETH9');
  if (routerWeth !== config.weth) {
    throw new CliError(
      `--weth ${config.weth}: the router swaps through ${routerWeth} (its WETH9()), not this contract. Give the router's own wrapped native coin.`,
      65,
    );
  }
  const routerFactory = await read('factory');
  if (routerFactory !== config.v3Factory) {
    throw new CliError(
      `--v3-factory ${config.v3Factory}: the router finds its pools through ${routerFactory} (its factory()), not this contract. Give the router's own Uniswap V3 factory.`,
      65,
    );
  }

  stderr.write(
    `Deploying SwapForwarderFactory on ${network} (chain ${chainId}) from ${account} through the deterministic deployment proxy, bound to router ${config.router}, wrapped coin ${config.weth}, V3 factory ${config.v3Factory}…\n`,
  );
  const { factory, deployed } = await deploySwapForwarderFactoryDeterministic({
    wallet,
    publicClient,
    ...config,
  });
  if (!deployed) stderr.write(`Already deployed on this chain at ${factory}.\n`);
  stdout.write(`${factory}\n`);
  stderr.write(`Done. Set ${chainEnvPrefix(network)}SWAP_FACTORY=${factory}\n`);
  return 0;
}
