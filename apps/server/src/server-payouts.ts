import type { TNetworkId } from '@coinlane/core/currencies';
import { type EvmChainConfig, isEvmChain } from '@coinlane/core/families/evm/evm-chain-config';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import { createEvmSwapRouteFinder } from '#app/families/evm/evm-swap-routes.ts';
import type { SwapRouteFinder } from '#app/modules/payouts/swap-route-finder.ts';

/**
 * The route finder of payout rules, as this server is configured (part of the composition root, server.ts;
 * decision 024): on each configured EVM chain with a swapping forwarder factory (CHAIN_<NETWORK>_SWAP_FACTORY),
 * the Uniswap V3 routes read from its node (families/evm/evm-swap-routes.ts); every other network has no swap
 * factory, so a rule converting there is refused with that reason. Nothing is asked of a node until a rule is saved,
 * and then only under the swap factory the network's watcher verified (`db`: chain_cursors.swap_factory).
 */
export function swapRouteFinderOf(config: Pick<Config, 'configuredChains'>, db: Db): SwapRouteFinder {
  const finders = new Map<string, ReturnType<typeof createEvmSwapRouteFinder>>();
  for (const chain of config.configuredChains) {
    if (isEvmChain(chain) && (chain as EvmChainConfig).swapFactory) {
      finders.set(chain.network, createEvmSwapRouteFinder({ chain, db }));
    }
  }
  return {
    hasSwapFactory: (network: TNetworkId) => finders.has(network),
    findRoute: async ({ network, tokenIn, tokenOut }) => {
      const finder = finders.get(network);
      return finder ? finder.findRoute({ tokenIn, tokenOut }) : null;
    },
  };
}
