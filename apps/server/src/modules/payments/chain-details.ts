import { parseChainDetails, type TChainDetailsOf, type TEvmChainDetails } from '@coinlane/core/chain-details';
import type { TNetworkFamily } from '@coinlane/core/currencies';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentRecord } from './queries.ts';

type WithDetails = Pick<PaymentRecord, 'network' | 'chain_details'>;

/** A payment's chain details (payments.chain_details), checked against its network family's schema. */
export function chainDetailsOf(row: WithDetails): TChainDetailsOf[TNetworkFamily] {
  return parseChainDetails(networkInfo(row.network).family, row.chain_details);
}

/** An EVM payment's chain details; null for a payment of another family (whose details are checked all the same). */
export function evmDetailsOf(row: WithDetails): TEvmChainDetails | null {
  const family = networkInfo(row.network).family;
  const details = parseChainDetails(family, row.chain_details);
  return family === 'evm' ? details : null;
}

/** A forwarder payment's deposit salt and factory (decision 010); null for any other payment. */
export function forwarderOf(
  row: WithDetails,
): { depositSalt: string; forwarderFactory: string | null } | null {
  const evm = evmDetailsOf(row);
  return evm?.depositSalt
    ? { depositSalt: evm.depositSalt, forwarderFactory: evm.forwarderFactory ?? null }
    : null;
}
