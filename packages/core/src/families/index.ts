import type { z } from 'zod';
import type { TNetworkFamily, TNetworkId } from '../currencies.ts';
import { NETWORKS } from '../currencies.ts';
import { evmFamily } from './evm/evm-family.ts';
import type { CoreChainFamily, TNoChainDetails } from './family.ts';
import { tronFamily } from './tron/tron-family.ts';
import { utxoFamily } from './utxo/utxo-family.ts';

/**
 * The chain families of the pure code, in the order the wallet picker lists their coins. A new family is a folder
 * beside utxo/, evm/ and tron/ whose <family>-family.ts exports its CoreChainFamily, plus one line here (docs/architecture.md, "Chain
 * families"). A network whose family is not listed ('other': Solana, Cardano, ...) has no watcher, no wallets and the
 * coin code as its URI scheme.
 */
export const CORE_FAMILIES = [utxoFamily, evmFamily, tronFamily] as const;

export type TCoreFamily = (typeof CORE_FAMILIES)[number];
/** The ids of the families with code: 'utxo', 'evm', 'tron'. */
export type TChainFamilyId = TCoreFamily['id'];

/** A configured node of any family (the server's `config.configuredChains`): each family's own configuration. */
export type TChainConfig = NonNullable<ReturnType<TCoreFamily['chainConfig']['read']>>;

type FamilyById = { [F in TCoreFamily as F['id']]: F };

/** A payment's chain details by family: the family's schema, `{}` for networks of no family. */
export type TChainDetailsOf = {
  [F in TNetworkFamily]: F extends keyof FamilyById
    ? z.infer<FamilyById[F]['chainDetails']>
    : TNoChainDetails;
};

/** The family with code of a family id ('other' and unknown ids: undefined). */
export function coreFamilyOf(id: TNetworkFamily | string): CoreChainFamily | undefined {
  return (CORE_FAMILIES as readonly CoreChainFamily[]).find((f) => f.id === id);
}

/** The family with code a catalogue network belongs to, or undefined. */
export const networkFamily = (network: TNetworkId): CoreChainFamily | undefined =>
  coreFamilyOf(NETWORKS[network].family);
