import { parseChainDetails, type TChainDetailsOf } from '@coinlane/core/chain-details';
import type { TNetworkFamily, TNetworkInfo } from '@coinlane/core/currencies';
import type { CoreChainFamily } from '@coinlane/core/families/family';
import { coreFamilyOf, type TChainFamilyId } from '@coinlane/core/families/index';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentRecord } from './queries.ts';

type WithDetails = Pick<PaymentRecord, 'network' | 'chain_details'>;

/** What a payment's replies show of its chain details (its family's presentDetails). */
export type PresentedDetails = ReturnType<CoreChainFamily['presentDetails']>;

const NO_DETAILS: PresentedDetails = { chainId: null, forwarder: null };

/** A payment's chain details (payments.chain_details), checked against its network family's schema. */
export function chainDetailsOf(row: WithDetails): TChainDetailsOf[TNetworkFamily] {
  return parseChainDetails(networkInfo(row.network).family, row.chain_details);
}

/**
 * What the details of a payment on `network` mean for its replies, by the network's family (packages/core
 * families/): the chain id its wallet must be on, the forwarder of a forwarder payment. Nothing for a network of
 * no family.
 */
export function presentDetails(
  network: TNetworkInfo,
  details: TChainDetailsOf[TNetworkFamily],
): PresentedDetails {
  return coreFamilyOf(network.family)?.presentDetails(details, network) ?? NO_DETAILS;
}

/** A stored payment's presented details (presentDetails of its checked chain details). */
export const presentedDetailsOf = (row: WithDetails): PresentedDetails =>
  presentDetails(networkInfo(row.network), chainDetailsOf(row));

/**
 * A payment's chain details when it is of `family` (a family's own code reading its payments, e.g. the EVM flush);
 * null for a payment of another family (whose details are checked all the same).
 */
export function familyDetailsOf<F extends TChainFamilyId>(
  row: WithDetails,
  family: F,
): TChainDetailsOf[F] | null {
  const rowFamily = networkInfo(row.network).family;
  const details = parseChainDetails(rowFamily, row.chain_details);
  return rowFamily === family ? (details as TChainDetailsOf[F]) : null;
}

/** A forwarder payment's deposit salt and factory (decision 010); null for any other payment. */
export function forwarderOf(
  row: WithDetails,
): { depositSalt: string; forwarderFactory: string | null } | null {
  return presentedDetailsOf(row).forwarder;
}
