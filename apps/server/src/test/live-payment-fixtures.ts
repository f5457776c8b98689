import { parseUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import { resolveCurrency } from '#app/modules/currencies/resolve-currency.ts';
import { SYSTEM_ACTOR } from '#app/modules/payments/actor.ts';
import type { AddressSource } from '#app/modules/payments/address-sources.ts';
import { insertPayment } from '#app/modules/payments/create-payment.ts';
import type { PaymentRow } from '#app/modules/payments/queries.ts';

/**
 * Live payments for the watcher tests, WITHOUT the merchant-wallet address source (issue 6's wallets part,
 * built in parallel): the payment goes through the payments module's own creation service (insertPayment:
 * the row, its audit row and payment.created in one transaction), with an explicit AddressSource that hands out
 * an address the test controls (an address of the regtest node's wallet, from `getnewaddress`). Mode 'live',
 * network litecoin, LTC. `requiredConfirmations` overrides the catalogue's 6 for speed.
 *
 * Two payments never share an address: this fixture refuses an address it has handed out before, and the
 * payments table's UNIQUE (network, address) refuses it too (the tests assert both).
 */
export function liveLitecoinPayments(db: Db) {
  const handedOut = new Set<string>();
  return {
    handedOut,
    async create({
      userId,
      address,
      amount,
      requiredConfirmations = 2,
      expiresAt = new Date(Date.now() + 3600_000),
      skipFixtureCheck = false,
      walletId,
      derivationIndex,
    }: {
      userId: string;
      address: string;
      /** LTC, as a decimal string. */
      amount: string;
      requiredConfirmations?: number;
      expiresAt?: Date;
      /** Let a reused address reach the database (to assert its unique constraint). */
      skipFixtureCheck?: boolean;
      /** The merchant wallet the address belongs to (a key's child with derivationIndex; else a single address). */
      walletId?: string;
      derivationIndex?: number;
    }): Promise<PaymentRow> {
      if (!skipFixtureCheck && handedOut.has(address))
        throw new Error(`address ${address} already handed out`);
      const resolved = await resolveCurrency({ db, currency: 'LTC', network: 'litecoin' });
      const fixed: AddressSource = {
        id: 'test-fixed-address',
        allocate: async () => ({
          address,
          ...(walletId ? { walletId } : {}),
          ...(derivationIndex !== undefined ? { derivationIndex } : {}),
        }),
      };
      const payment = await insertPayment({
        db,
        fields: {
          userId,
          mode: 'live',
          prepared: {
            currency: {
              ...resolved,
              row: { ...resolved.row, required_confirmations: requiredConfirmations },
            },
            addressSource: fixed,
            units: parseUnits(amount, resolved.row.decimals),
            pricing: null,
            fiat: null,
            usdAmount: null,
          },
          expiresAt,
          description: null,
          customerEmail: null,
          metadata: {},
          paymentLinkId: null,
          attempt: 1,
        },
        actor: SYSTEM_ACTOR,
        now: new Date(),
      });
      handedOut.add(address);
      return payment;
    },
  };
}
