/**
 * Deploys the swapping forwarder factory on one EVM network, once per network.
 *
 *   npm run evm:deploy-swap-factory -- --network ethereum --router 0x.. --weth 0x.. --v3-factory 0x..
 *
 * The command itself is in deploy-swap-factory-command.ts; this file runs it on the process's own streams.
 */
import { runDeploySwapFactory } from './deploy-swap-factory-command.ts';

const code = await runDeploySwapFactory(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exit(code);
