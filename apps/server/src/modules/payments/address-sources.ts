import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import type { CurrencyRow } from '#app/modules/currencies/queries.ts';
import { testNetworkAddressSource } from '#app/modules/test-network/test-address-source.ts';

export type AddressRequest = {
  /** The transaction that inserts the payment: an allocation (e.g. the next derivation index) commits with it. */
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
  currency: CurrencyRow;
};

/**
 * Gives each payment its own receiving address on a network. Test mode uses the built-in test network; live
 * chain adapters (derivation from the merchant's xpub for UTXO coins, forwarder contracts or unique amounts on
 * EVM networks: ARCHITECTURE "Chains") implement this same interface and are registered per network.
 * allocate() runs inside the payment's insert transaction: it must not do network I/O.
 */
export interface AddressSource {
  readonly id: string;
  allocate(request: AddressRequest): Promise<{ address: string }>;
}

export type AddressSources = {
  /** The source for a payment in `mode` on `network`, or null when none is configured. */
  forPayment(mode: TMode, network: string): AddressSource | null;
};

/** Test mode: the test network for every network. Live: only the adapters given (none until live chains). */
export function createAddressSources(live: Readonly<Record<string, AddressSource>> = {}): AddressSources {
  return {
    forPayment(mode, network) {
      if (mode === 'test') return testNetworkAddressSource;
      return Object.hasOwn(live, network) ? live[network]! : null;
    },
  };
}

/** The sources this server runs with. The live-chains issue passes its adapters here. */
export const addressSources: AddressSources = createAddressSources();
