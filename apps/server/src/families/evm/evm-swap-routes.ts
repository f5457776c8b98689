import { NETWORKS } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { T } from '@coinlane/core/texts';
import { type Address, createPublicClient, getAddress, http, parseAbi, zeroAddress } from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { TSwapRoute } from '#app/db/schema.ts';
import { selectCursor } from '#app/modules/chains/watcher-findings.ts';

/** Uniswap V3's fee tiers (hundredths of a basis point): 0.01 %, 0.05 %, 0.3 %, 1 %. */
export const V3_FEE_TIERS = [100, 500, 3000, 10_000] as const;

const swapFactoryAbi = parseAbi([
  'function weth() view returns (address)',
  'function v3Factory() view returns (address)',
  'function router() view returns (address)',
]);
const v3FactoryAbi = parseAbi(['function getPool(address, address, uint24) view returns (address)']);
const v3PoolAbi = parseAbi(['function liquidity() view returns (uint128)']);

/** The Uniswap contracts a swap factory was deployed with (its immutables). */
export type SwapFactoryFacts = { weth: Address; v3Factory: Address; router: Address };

/**
 * Routes of a swapping deposit address on an EVM network (docs/decisions/024-auto-conversion.md): the Uniswap V3
 * pools, read from the chain, that take `tokenIn` (null: the native coin, swapped as the wrapped token) to
 * `tokenOut`. A direct pool when one has liquidity (of the four fee tiers, the one with the most in range), else
 * two hops through the wrapped native token; null when neither exists. Read from the node when a rule is saved;
 * the route found is stored with the rule and committed into each payment's deposit address, so a pool created
 * later changes nothing under way. The swap factory's immutables are read once per factory. Only under a swap factory
 * the network's watcher verified (chain_cursors.swap_factory, evm-node-checks.ts): otherwise findRoute refuses with
 * a 503 saying so, as payments under a rule are refused (evm-swap-allocation.ts).
 */
export function createEvmSwapRouteFinder({ chain, db }: { chain: EvmChainConfig; db: Db }) {
  const client = createPublicClient({ transport: http(chain.rpcUrl, { timeout: 15_000, retryCount: 1 }) });
  let facts: Promise<SwapFactoryFacts> | null = null;

  const factoryFacts = (): Promise<SwapFactoryFacts> => {
    const factory = chain.swapFactory;
    if (!factory) throw new Error(`${chain.network} has no swap factory`);
    facts ??= Promise.all(
      (['weth', 'v3Factory', 'router'] as const).map((functionName) =>
        client.readContract({ address: factory, abi: swapFactoryAbi, functionName }),
      ),
    ).then(([weth, v3Factory, router]) => ({
      weth: getAddress(weth!),
      v3Factory: getAddress(v3Factory!),
      router: getAddress(router!),
    }));
    facts.catch(() => {
      facts = null; // a node that did not answer is asked again next time
    });
    return facts;
  };

  /** The fee tier of the pool of (a, b) with the most liquidity in range; null when no pool has any. */
  async function bestPool(v3Factory: Address, a: Address, b: Address): Promise<number | null> {
    const found = await Promise.all(
      V3_FEE_TIERS.map(async (fee) => {
        const pool = await client.readContract({
          address: v3Factory,
          abi: v3FactoryAbi,
          functionName: 'getPool',
          args: [a, b, fee],
        });
        if (pool === zeroAddress) return { fee, liquidity: 0n };
        const liquidity = await client.readContract({
          address: pool,
          abi: v3PoolAbi,
          functionName: 'liquidity',
        });
        return { fee, liquidity };
      }),
    );
    const best = found
      .filter((p) => p.liquidity > 0n)
      .sort((x, y) => (y.liquidity > x.liquidity ? 1 : -1))[0];
    return best?.fee ?? null;
  }

  return {
    factoryFacts,
    async findRoute({
      tokenIn,
      tokenOut,
    }: {
      tokenIn: string | null;
      tokenOut: string;
    }): Promise<TSwapRoute | null> {
      const verified = (await selectCursor(db, chain.network))?.swap_factory;
      if (!chain.swapFactory || !verified || getAddress(verified) !== getAddress(chain.swapFactory)) {
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: T.payoutSwapFactoryUnverified(NETWORKS[chain.network].name),
        });
      }
      const { weth, v3Factory } = await factoryFacts();
      const from = getAddress(tokenIn ?? weth);
      const to = getAddress(tokenOut);
      if (from === to) return null;
      const direct = await bestPool(v3Factory, from, to);
      if (direct !== null) return { tokens: [from, to], fees: [direct] };
      if (from === weth || to === weth) return null;
      const [first, second] = await Promise.all([
        bestPool(v3Factory, from, weth),
        bestPool(v3Factory, weth, to),
      ]);
      if (first === null || second === null) return null;
      return { tokens: [from, weth, to], fees: [first, second] };
    },
  };
}
