import { type Address, getAddress } from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { EvmChainConfig } from '#app/modules/chains/chain-config.ts';
import { listTokenContracts } from '#app/modules/currencies/queries.ts';

/**
 * The tokens a flush of a forwarder names (decision 010), so that a token paid to a deposit address by mistake
 * reaches the merchant too: the payment's own token, every token of CHAIN_<NETWORK>_TOKENS and, on mainnet,
 * every token contract the catalogue lists on the network. A token with a zero balance costs one balanceOf.
 * Returns a function of the payment's token (read the catalogue once per flush round).
 */
export async function flushTokens({
  db,
  chain,
}: {
  db: Db;
  chain: EvmChainConfig;
}): Promise<(paymentToken: string | null) => Address[]> {
  const known = [
    ...Object.values(chain.tokens),
    ...(chain.mode === 'mainnet' ? await listTokenContracts(db, chain.network) : []),
  ];
  return (paymentToken) => [
    ...new Set([...(paymentToken ? [paymentToken] : []), ...known].map((t) => getAddress(t))),
  ];
}
