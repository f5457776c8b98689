import type { CoreChainFamily } from '@coinlane/core/families/family';
import type { AnyJobDefinition } from '#app/jobs/define-job.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { TokenFamily } from '#app/modules/admin-currencies/token-family.ts';
import type { ChainFamily } from '#app/modules/chains/chain-reader.ts';
import type { WalletFamily } from '#app/modules/wallets/wallet-family.ts';

/**
 * A chain family on the server (issue 15; docs/architecture.md, "Chain families"): one object per family in
 * `families/<family>/`, listed once in `families/registry.ts`. It is made of what each module asks of a family,
 * defined by that module so that no module imports this folder (only the composition root does):
 * - `createReader` (modules/chains, `ChainFamily`): the watcher's reader of a configured chain;
 * - `acceptsCoin`, `checkWalletInput`, `addressSource` (modules/wallets, `WalletFamily`): which coins take a wallet,
 *   how a wallet's input is parsed and checked, the live address source of a configured chain;
 * - `jobs`: the family's own jobs, run by the webhooks role (EVM: the forwarder flush);
 * - `core`: its pure parts (packages/core families/: payment URI, chain details, key parsing, what the payment
 *   replies show), which the payments module and the web app reach through CORE_FAMILIES;
 * - `readTokenDecimals` (modules/admin-currencies, `TokenFamily`; EVM only): a token's decimals() on a configured
 *   node, checked when the back-office saves a token.
 * The configuration of a family's chains (CHAIN_<NETWORK>_* variables) is read in lib/chain-config.ts, since
 * config.ts imports no module.
 */
export type ServerChainFamily<C extends ChainConfig = ChainConfig> = ChainFamily<C> &
  WalletFamily<C> &
  TokenFamily<C> & {
    readonly core: CoreChainFamily;
    readonly jobs: readonly AnyJobDefinition[];
  };
