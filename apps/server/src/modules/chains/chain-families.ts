import type { Db } from '#app/db/connection.ts';
import type { ChainConfig } from '#app/lib/chain-config.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import type { WatcherLog } from './chain-bookkeeping.ts';
import type { ChainFamily, ChainReader } from './chain-reader.ts';
import { evmFamily } from './evm/evm-watcher.ts';
import { utxoFamily } from './utxo/utxo-watcher.ts';

type FamilyId = NonNullable<ChainConfig['family']>;
type ConfigOf<F extends FamilyId> = Extract<ChainConfig, { family?: F }>;

/**
 * The chain families, by `ChainConfig.family` (a UTXO chain's is optional): the one list the watcher role picks a
 * chain's reader from. A new family is a folder beside utxo/ and evm/ exporting its `ChainFamily`, plus one line
 * here (docs/architecture.md, "Chain watchers").
 */
export const CHAIN_FAMILIES = {
  utxo: utxoFamily,
  evm: evmFamily,
} satisfies { [F in FamilyId]: ChainFamily<ConfigOf<F>> };

/** The reader of a configured chain, made by its family. */
export function createChainReader(options: {
  deps: PaymentDeps;
  db: Db;
  chain: ChainConfig;
  log?: WatcherLog;
}): ChainReader {
  const family: ChainFamily = CHAIN_FAMILIES[options.chain.family ?? 'utxo'];
  return family.createReader(options);
}
