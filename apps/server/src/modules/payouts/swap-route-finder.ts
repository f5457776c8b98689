import type { TNetworkId } from '@coinlane/core/currencies';
import type { TSwapRoute } from '#app/db/schema.ts';

/** What a route is asked for: token contract addresses on `network`, tokenIn null for the network's own coin. */
export type SwapRouteQuery = { network: TNetworkId; tokenIn: string | null; tokenOut: string };

/**
 * How the payouts module learns whether a payment on an EVM network can be swapped to a stablecoin: a Uniswap V3
 * route between the two tokens (docs/decisions/024-auto-conversion.md). Given to the module by the composition
 * root (server.ts, `app.swapRouteFinder`; built by server-payouts.ts: the EVM family's reader of the V3 factory's pools
 * on the configured node, for the chains with a swap factory). A rule is refused when the network has no swap factory or when no route exists.
 */
export type SwapRouteFinder = {
  /** The network has a Uniswap V3 factory (and router) configured: swaps can be made there. */
  hasSwapFactory(network: TNetworkId): boolean;
  /**
   * A route from tokenIn to tokenOut (tokens.length === fees.length + 1; the native coin as its wrapped token),
   * or null when no pool path exists. Throws when the node cannot be asked (the rule is then refused with 503), or
   * an AppError of its own that the rule's refusal passes on (the network's swap factory not verified yet).
   */
  findRoute(query: SwapRouteQuery): Promise<TSwapRoute | null>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The payouts module's route finder (swap-route-finder.ts), given by the composition root. */
    swapRouteFinder: SwapRouteFinder;
  }
}
