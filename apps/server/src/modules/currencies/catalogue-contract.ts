import type { Db } from '#app/db/connection.ts';
import { selectBySymbolNetwork } from './queries.ts';

/**
 * The token contract of (symbol, network) in supported_cryptocurrencies (the mainnet deployment an admin may
 * edit), null for a native coin, a token without one or a pair not listed. Read with the chain's configuration
 * (lib/chain-config.ts chainTokenContract), which prefers CHAIN_<NETWORK>_TOKENS and ignores it off mainnet.
 */
export async function catalogueContract({
  db,
  symbol,
  network,
}: {
  db: Db;
  symbol: string;
  network: string;
}): Promise<string | null> {
  return (await selectBySymbolNetwork(db, symbol, network))?.contract_address ?? null;
}
