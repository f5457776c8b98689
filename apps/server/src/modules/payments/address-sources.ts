import type { TChainDetails } from '@coinlane/core/chain-details';
import { randomId } from '@coinlane/core/ids';
import type { TMode } from '@coinlane/core/options';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { SupportedCryptocurrenciesTable, TPaymentConversion } from '#app/db/schema.ts';

/** A row of the currency catalogue (modules/currencies). */
type CurrencyRow = Selectable<SupportedCryptocurrenciesTable>;

export type AddressRequest = {
  /** The transaction that inserts the payment: an allocation (e.g. the next derivation index) commits with it. */
  db: Db;
  userId: string;
  mode: TMode;
  paymentId: string;
  currency: CurrencyRow;
  /** The amount due in base units (a single-address source may raise it by a few units to tell payments apart). */
  amount: bigint;
  now: Date;
  /**
   * The payment link's previous attempt, when this payment is its next one ("Try Again", a re-priced attempt):
   * a key wallet gives the new attempt the same address when the previous one never received anything, so
   * retrying one link never uses up more than one address of the wallet (decision 008).
   */
  previousAttemptId?: string;
};

export type AllocatedAddress = {
  address: string;
  /** The amount due, when the source changed it (unique-amount matching); otherwise the requested amount. */
  amount?: bigint;
  /** The merchant wallet receiving the payment, and the key's child index (modules/wallets). */
  walletId?: string;
  derivationIndex?: number;
  /**
   * The address is a single-address wallet's, shared by its payments and told apart by amount (decision 008):
   * not held to one open payment per address (payments_open_address_key), matched by amount.
   */
  sharedAddress?: boolean;
  /**
   * The network family's facts of how the payment is paid (payments.chain_details, one schema per family in
   * @coinlane/core/chain-details; checked when the payment is inserted). EVM: the chain id, and for a forwarder
   * deposit address its payment salt and factory. None: `{}`.
   */
  chainDetails?: TChainDetails;
  /** EVM token payments: the token contract on this chain, when it differs from the currency row's (dev chains). */
  contractAddress?: string | null;
  /**
   * The payout rule the address was made for and the conversion fixed now (an EVM swapping deposit address,
   * decision 024): stored as payments.payout_rule_id and payments.conversion.
   */
  payoutRuleId?: string;
  conversion?: TPaymentConversion;
};

/**
 * Gives each payment its own receiving address on a network. Test mode uses the built-in test network; live
 * chain adapters (derivation from the merchant's xpub for UTXO coins, forwarder contracts or unique amounts on
 * EVM networks: ARCHITECTURE "Chains") implement this same interface and are registered per network.
 * allocate() runs inside the payment's insert transaction: it must not do network I/O.
 */
export interface AddressSource {
  readonly id: string;
  /**
   * True when `allocate` reads and writes nothing in the database (the test network's random addresses): a payment
   * it gives an address to can be written in one statement, with no transaction around it (create-payment.ts).
   */
  readonly allocatesInMemory?: boolean;
  allocate(request: AddressRequest): Promise<AllocatedAddress>;
  /**
   * Optional check before a payment or link is priced: throws (with a message for the merchant) when the
   * source cannot give this merchant an address, e.g. no default whitelisted wallet. Reads only the database.
   */
  checkReady?(request: { db: Db; userId: string; currency: CurrencyRow }): Promise<void>;
  /**
   * Optional: an address of the merchant's own wallet of the coin that this source never hands to a payment (a
   * key's next fresh index, consumed; a single-address wallet's address), for an exchange's refund address
   * (decision 024). Runs in the caller's transaction, which commits the reservation; no network I/O. Throws like
   * allocate when the merchant has no wallet for the coin.
   */
  reserveAddress?(request: {
    db: Db;
    userId: string;
    currency: CurrencyRow;
    now: Date;
  }): Promise<{ address: string; walletId: string; derivationIndex: number | null }>;
}

/**
 * Addresses on the built-in test network: `test_<network>_<128-bit random>`, unique per payment and invalid
 * on every real chain, so no wallet can send real coins to one (a scanned test QR code is refused). The test
 * network's blocks and simulated payments are modules/test-network's.
 */
export const TEST_ADDRESS_PREFIX = 'test_';

export const testNetworkAddressSource: AddressSource = {
  id: 'test-network',
  allocatesInMemory: true,
  async allocate({ currency }) {
    return { address: randomId(`${TEST_ADDRESS_PREFIX}${currency.network}`) };
  },
};

export const isTestAddress = (address: string) => address.startsWith(TEST_ADDRESS_PREFIX);

export type AddressSources = {
  /** The source for a payment in `mode` on `network`, or null when none is configured. */
  forPayment(mode: TMode, network: string): AddressSource | null;
};

/**
 * Test mode: the test network's source for every network. Live: the source of each configured network (the
 * merchants' wallets: modules/wallets), none elsewhere. Built once by the composition root (server.ts).
 */
export function createAddressSources({
  test,
  live,
}: {
  test: AddressSource;
  live: Readonly<Record<string, AddressSource>>;
}): AddressSources {
  const byNetwork = new Map(Object.entries(live));
  return {
    forPayment(mode, network) {
      if (mode === 'test') return test;
      return byNetwork.get(network) ?? null;
    },
  };
}
