import { z } from 'zod';
import { MODES } from '../options.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_LINK_STATUSES, PAYMENT_STATUSES } from '../payment-status.ts';

/** The payment attempt as the hosted payment page shows it (no merchant-only fields). */
export const ZCheckoutPayment = z.object({
  id: z.string(),
  attempt: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  amount: z.string(),
  amountReceived: z.string(),
  amountRemaining: z.string(),
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  address: z.string(),
  paymentUri: z.string(),
  /** EVM payments: the EIP-155 chain id to pay on; null elsewhere. */
  chainId: z.number().int().nullable(),
  /** Token payments: the token contract the customer must send (shown beside the address); null for a coin. */
  contractAddress: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  transactionHash: z.string().nullable(),
  expiresAt: z.string(),
  updatedAt: z.string(),
  /**
   * A payment converted for the merchant by an exchange (a payout rule on a Bitcoin-family coin; decision 024):
   * the address is the exchange's deposit address, the coins pass through the exchange for the minutes of the swap,
   * and the merchant receives `toCurrency` on `toNetwork`. Such an attempt is never re-priced: its amount and
   * expiry are the exchange's fixed quote. Null for a payment paid straight to the merchant's wallet.
   */
  conversion: z
    .object({
      provider: z.string(),
      providerName: z.string(),
      toCurrency: z.string(),
      toNetwork: z.string(),
      toNetworkName: z.string(),
    })
    .nullable(),
});
export type TCheckoutPayment = z.infer<typeof ZCheckoutPayment>;

/** Public GET /checkout/{linkId}: what the hosted page needs. Never creates anything. */
export const ZCheckout = z.object({
  merchant: z.object({
    name: z.string(),
    /**
     * How customers can reach the merchant (shown when the link no longer takes payments): the website of the
     * merchant's business profile (http or https), or null when none is set. The account's sign-in e-mail is never
     * shown.
     */
    website: z.string().nullable(),
    /**
     * False while the merchant's account is suspended: no new payment can start (canStartPayment is false and
     * POST answers MERCHANT_UNAVAILABLE); a payment already under way is still watched and credited.
     */
    acceptingPayments: z.boolean(),
    /**
     * Why no new payment can start, when acceptingPayments is false: the merchant's account is suspended
     * (MERCHANT_UNAVAILABLE), the platform is under maintenance (MAINTENANCE; decision 020), or the link's coin is
     * no longer accepted on its network (an administrator disabled it; decision 020). Null otherwise.
     */
    unavailableReason: z.enum(['suspended', 'maintenance', 'currency_unavailable']).nullable(),
  }),
  link: z.object({
    id: z.string(),
    mode: z.enum(MODES),
    status: z.enum(PAYMENT_LINK_STATUSES),
    amount: z.string(),
    currency: z.string(),
    network: z.string(),
    networkName: z.string(),
    fiatAmount: z.string().nullable(),
    fiatCurrency: z.string().nullable(),
    description: z.string().nullable(),
    expiresAt: z.string().nullable(),
    /**
     * Where the page sends the customer once the payment is confirmed (the merchant's shop), with
     * `coinlane_payment=<payment id>` appended; null when the merchant set none. The embedded checkout never
     * navigates: it tells the host page, which decides.
     */
    returnUrl: z.string().nullable(),
  }),
  /** The latest attempt, or null before the page has started one. */
  payment: ZCheckoutPayment.nullable(),
  /** POST /checkout/{linkId} would start a new attempt (none yet, or the last one ended unpaid). */
  canStartPayment: z.boolean(),
  /** The server's clock when it answered (ISO 8601): the page counts down on it, not on the device's clock. */
  serverTime: z.string(),
});
export type TCheckout = z.infer<typeof ZCheckout>;

export const ZCheckoutParams = z.object({ linkId: z.string().trim().min(1).max(100) });
