import { randomId } from '@coinlane/core/ids';
import type { AddressSource } from './address-sources.ts';

/**
 * Addresses on the built-in test network: `test_<network>_<128-bit random>`, unique per payment and invalid
 * on every real chain, so no wallet can send real coins to one (a scanned test QR code is refused). The test
 * network's blocks and simulated payments are modules/test-network's.
 */
export const TEST_ADDRESS_PREFIX = 'test_';

export const testNetworkAddressSource: AddressSource = {
  id: 'test-network',
  async allocate({ currency }) {
    return { address: randomId(`${TEST_ADDRESS_PREFIX}${currency.network}`) };
  },
};

export const isTestAddress = (address: string) => address.startsWith(TEST_ADDRESS_PREFIX);
