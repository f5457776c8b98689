/**
 * Deploys the forwarder factory on one EVM network, once per network (docs/decisions/010-evm-forwarders.md).
 *
 *   npm run evm:deploy-factory -- --network ethereum
 *
 * Talks to CHAIN_<NETWORK>_RPC_URL and pays the deployment from the key in DEPLOYER_KEY, or else
 * CHAIN_<NETWORK>_GAS_KEY (0x + 64 hex, from the environment only: never on the command line). Checks the node's
 * chain id against CHAIN_<NETWORK>_MODE first. Prints the factory's address: set it as CHAIN_<NETWORK>_FACTORY.
 * The factory has no owner: whoever deploys it has no power over it or over any deposit address.
 * Deployed with CREATE2 through the deterministic deployment proxy (brought to the chain first if it lacks it),
 * so the address is the same on every chain, whoever deploys and whatever their nonce (issue 13); when the
 * factory is already there nothing is sent and its address is printed.
 */
import { parseArgs } from 'node:util';
import { DETERMINISTIC_DEPLOYER, deployForwarderFactoryDeterministic } from '@coinlane/contracts/deploy';
import { chainEnvPrefix } from '#app/lib/chain-config.ts';
import { CliError, evmDeployerClients } from './evm-deployer.ts';

const USAGE = `Usage: npm run evm:deploy-factory -- --network <network>

  --network  an EVM network with CHAIN_<NETWORK>_RPC_URL set (ethereum, polygon, binance-smart-chain,
             avalanche, arbitrum, optimism)

The deployer's key comes from DEPLOYER_KEY, or CHAIN_<NETWORK>_GAS_KEY, in the environment.`;

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { network: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.network) {
    console.error(USAGE);
    return values.help ? 0 : 64;
  }
  const { network, chainId, account, wallet, publicClient } = await evmDeployerClients(values.network, USAGE);
  console.error(
    `Deploying ForwarderFactory on ${network} (chain ${chainId}) from ${account} through the deterministic deployment proxy ${DETERMINISTIC_DEPLOYER}…`,
  );
  const { factory, deployed } = await deployForwarderFactoryDeterministic({ wallet, publicClient });
  if (!deployed) console.error(`Already deployed on this chain at ${factory}.`);
  console.log(factory);
  console.error(`Done. Set ${chainEnvPrefix(network)}FACTORY=${factory}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(err instanceof CliError ? err.exitCode : 1);
  },
);
