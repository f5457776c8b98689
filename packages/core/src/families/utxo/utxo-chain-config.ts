import type { TChainConfigBase, TChainConfigReader } from '../family.ts';

/** A UTXO network with a Bitcoin-Core-style node: only CHAIN_<NETWORK>_RPC_URL (with a port) and _MODE. */
export type UtxoChainConfig = TChainConfigBase<'utxo'>;

export const utxoChainConfig: TChainConfigReader<UtxoChainConfig> = {
  variables: [],
  rpcUrl: { needsPort: true, example: 'http://user:pass@127.0.0.1:9332' },
  read: ({ base }) => ({ family: 'utxo', ...base }),
};
