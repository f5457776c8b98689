import { getCryptoCurrency } from '@coinlane/core/currencies';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { type Address, getAddress } from 'viem';
import type { Db } from '#app/db/connection.ts';
import { listCatalogueTokens } from './queries.ts';

/** A token the flush job knows on a network: its contract, symbol and decimals (for valuing a balance). */
export type KnownToken = { address: Address; symbol: string; decimals: number };

/**
 * The network's known tokens: every token of CHAIN_<NETWORK>_TOKENS and, on mainnet, every token contract the
 * catalogue lists on the network (decimals from the catalogue, or from currencies.ts for a configured token).
 */
export async function knownTokens({ db, chain }: { db: Db; chain: EvmChainConfig }): Promise<KnownToken[]> {
  const catalogue = await listCatalogueTokens(db, chain.network);
  const found = new Map<string, KnownToken>();
  for (const [symbol, address] of Object.entries(chain.tokens)) {
    const decimals =
      catalogue.find((c) => c.symbol === symbol)?.decimals ??
      getCryptoCurrency(symbol, chain.network)?.decimals;
    if (decimals === undefined) continue;
    found.set(address.toLowerCase(), { address: getAddress(address), symbol, decimals });
  }
  if (chain.mode === 'mainnet') {
    for (const c of catalogue) {
      if (!found.has(c.contractAddress.toLowerCase())) {
        found.set(c.contractAddress.toLowerCase(), {
          address: getAddress(c.contractAddress),
          symbol: c.symbol,
          decimals: c.decimals,
        });
      }
    }
  }
  return [...found.values()];
}

/**
 * The tokens a flush of a forwarder may name (decision 010), so that a token paid to a deposit address by mistake
 * reaches the merchant too: the payment's own token and the network's known tokens (knownTokens). The merchant's
 * own flush call names them all; the flush job names only those its deposit address holds (issue 13: one token
 * that fails can then not even be named beside the others). Returns a function of the payment's token (read the
 * catalogue once per flush round).
 */
export async function flushTokens({
  db,
  chain,
}: {
  db: Db;
  chain: EvmChainConfig;
}): Promise<(paymentToken: string | null) => Address[]> {
  const known = (await knownTokens({ db, chain })).map((t) => t.address);
  return (paymentToken) => [
    ...new Set([...(paymentToken ? [paymentToken] : []), ...known].map((t) => getAddress(t))),
  ];
}
