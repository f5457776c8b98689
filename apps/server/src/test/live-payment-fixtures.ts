import { parseUnits } from '@coinlane/core/money';
import type { Db } from '#app/db/connection.ts';
import { resolveCurrency } from '#app/modules/currencies/resolve-currency.ts';
import { SYSTEM_ACTOR } from '#app/modules/payments/actor.ts';
import type { AllocatedAddress } from '#app/modules/payments/address-sources.ts';
import { insertPayment } from '#app/modules/payments/create-payment.ts';
import type { PaymentRow } from '#app/modules/payments/queries.ts';
import { testPaymentDeps } from './payment-deps.ts';

/**
 * One payment (live unless `mode` says otherwise) at an address the caller chose, through the payments module's
 * own creation service (insertPayment: the row, its audit row and payment.created in one statement) with an
 * AddressSource that hands out `allocation`. For watcher and flush tests and the chain benchmarks, which need a
 * payment on an address they control (a node's wallet, a computed forwarder) without a merchant wallet.
 */
export async function insertFixedAddressPayment({
  db,
  userId,
  currency,
  network,
  amount,
  allocation,
  requiredConfirmations,
  mode = 'live',
  expiresAt = new Date(Date.now() + 3600_000),
  paymentLinkId = null,
}: {
  db: Db;
  userId: string;
  currency: string;
  network: string;
  /** A decimal string in the coin (`'0.1'`), or base units. */
  amount: string | bigint;
  allocation: AllocatedAddress;
  /** Overrides the catalogue's count (tests and benchmarks want speed). */
  requiredConfirmations?: number;
  mode?: 'live' | 'test';
  expiresAt?: Date;
  /** The payment link the payment is an attempt of. */
  paymentLinkId?: string | null;
}): Promise<PaymentRow> {
  const resolved = await resolveCurrency({ db, currency, network });
  // a link's attempt carries its link's return URL, as the hosted page's caller gives it (start-checkout-payment.ts)
  const link = paymentLinkId
    ? await db
        .selectFrom('payment_links')
        .select('return_url')
        .where('id', '=', paymentLinkId)
        .executeTakeFirst()
    : undefined;
  return insertPayment({
    deps: testPaymentDeps,
    db,
    fields: {
      userId,
      mode,
      prepared: {
        currency: {
          ...resolved,
          row: {
            ...resolved.row,
            required_confirmations: requiredConfirmations ?? resolved.row.required_confirmations,
          },
        },
        addressSource: { id: 'fixed-address', allocate: async () => allocation },
        units: typeof amount === 'bigint' ? amount : parseUnits(amount, resolved.row.decimals),
        pricing: null,
        fiat: null,
        usdAmount: null,
      },
      expiresAt,
      description: null,
      customerEmail: null,
      metadata: {},
      paymentLinkId,
      returnUrl: link?.return_url ?? null,
      attempt: 1,
    },
    actor: SYSTEM_ACTOR,
    now: new Date(),
  });
}

/**
 * Live LTC payments at addresses of the regtest node's wallet (from `getnewaddress`), for the watcher tests.
 * `requiredConfirmations` overrides the catalogue's 6 for speed.
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
      paymentLinkId,
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
      paymentLinkId?: string;
    }): Promise<PaymentRow> {
      if (!skipFixtureCheck && handedOut.has(address))
        throw new Error(`address ${address} already handed out`);
      const payment = await insertFixedAddressPayment({
        db,
        userId,
        currency: 'LTC',
        network: 'litecoin',
        amount,
        allocation: {
          address,
          ...(walletId ? { walletId } : {}),
          ...(derivationIndex !== undefined ? { derivationIndex } : {}),
          // a wallet's address without a child index: the single-address wallet's shared address
          ...(walletId && derivationIndex === undefined ? { sharedAddress: true } : {}),
        },
        requiredConfirmations,
        expiresAt,
        paymentLinkId: paymentLinkId ?? null,
      });
      handedOut.add(address);
      return payment;
    },
  };
}
