import type { ChainFamilyId } from '#app/lib/chain-config.ts';
import type { ServerChainFamily } from './chain-family.ts';
import { evmFamily } from './evm/evm-family.ts';
import { tronFamily } from './tron/tron-family.ts';
import { utxoFamily } from './utxo/utxo-family.ts';

/**
 * The server's chain families by id (every family a chain can be configured for, lib/chain-config.ts, must have
 * its object: checked when compiling). A new family is a folder beside utxo/, evm/ and tron/ plus one line here
 * (docs/architecture.md, "Chain families").
 */
const FAMILIES_BY_ID = {
  utxo: utxoFamily,
  evm: evmFamily,
  tron: tronFamily,
} satisfies Record<ChainFamilyId, ServerChainFamily>;

/**
 * The one list the composition root hands to the modules that need the families: the watcher role (readers), the
 * wallets module (wallet input, address sources) and the webhooks role's jobs (each family's own).
 */
export const SERVER_FAMILIES: readonly ServerChainFamily[] = Object.values(FAMILIES_BY_ID);
