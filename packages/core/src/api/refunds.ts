import { z } from 'zod';
import { LANGUAGES, MODES } from '../options.ts';
import { PAYMENT_REFUND_STATES, REFUND_STATUSES } from '../refund-status.ts';
import { T } from '../texts.ts';
import { ZCryptoAmount } from './payments.ts';

/**
 * Refunds without custody (issue 16, decision 022): the merchant (session or API key with write) or an admin with
 * transactions.refund asks for a refund of a payment; the customer gives an address through a link; the merchant
 * pays it from its own wallet; the watcher marks it paid.
 */

export const REFUND_REASON_MAX = 500;
export const REFUND_ADDRESS_MAX = 200;
/** The link's token: base64url of 32 random bytes (43 characters). */
const TOKEN_MIN = 20;
const TOKEN_MAX = 200;

/** Who asked for a refund: an admin (Transaction Management), the merchant's session, or its API key. */
export const REFUND_REQUESTERS = ['admin', 'user', 'api_key'] as const;

export const ZRefundIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** POST /payments/{id}/refunds and POST /admin/transactions/{id}/refund. */
export const ZCreateRefundRequest = z
  .object({
    amount: ZCryptoAmount.meta({
      description:
        'In the coin the payment received, whole coins as a decimal string; at most what is still refundable (confirmed money less open and paid refunds)',
    }),
    reason: z
      .string({ error: T.refundReasonInvalid })
      .trim()
      .max(REFUND_REASON_MAX, T.refundReasonTooLong(REFUND_REASON_MAX))
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .meta({ description: `Why (at most ${REFUND_REASON_MAX} characters); shown to the customer` }),
    language: z
      .enum(LANGUAGES, { error: T.refundLanguageInvalid(LANGUAGES) })
      .optional()
      .meta({
        description:
          'The language of the customer’s refund e-mail: en, es, fr or de (default en). Only used when the payment has a customer e-mail.',
      }),
  })
  .strict();
export type TCreateRefundRequest = z.input<typeof ZCreateRefundRequest>;

export const ZRefund = z.object({
  id: z.string(),
  paymentId: z.string(),
  mode: z.enum(MODES),
  status: z.enum(REFUND_STATUSES),
  network: z.string(),
  currency: z.string(),
  /** Whole coins (decimal string). */
  amount: z.string(),
  /** The customer's refund address, once given. */
  address: z.string().nullable(),
  addressGivenAt: z.string().nullable(),
  /** What the merchant's wallet pays (BIP21, EIP-681) while the refund awaits payment; else null. */
  paymentUri: z.string().nullable(),
  /** Whether the customer was e-mailed the address link (the payment has a customer e-mail). */
  customerNotified: z.boolean(),
  /** When the customer's address link stops working. */
  linkExpiresAt: z.string(),
  requestedBy: z.enum(REFUND_REQUESTERS),
  reason: z.string().nullable(),
  /** The transfer that paid it (seen on chain, or simulated in test mode). */
  txid: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRefund = z.infer<typeof ZRefund>;

/**
 * The reply of a new refund. addressLink: the customer's address link, only when the payment has no customer
 * e-mail (the merchant passes it on); shown this once, never again (only its hash is stored).
 */
export const ZCreateRefundReply = ZRefund.extend({ addressLink: z.string().nullable() });
export type TCreateRefundReply = z.infer<typeof ZCreateRefundReply>;

/** GET /payments/{id}/refunds and GET /admin/transactions/{id}/refunds. */
export const ZPaymentRefunds = z.object({
  paymentId: z.string(),
  currency: z.string(),
  /** Confirmed money of the payment (whole coins): what refunds are measured against. */
  confirmed: z.string(),
  /** Sum of paid refunds. */
  refunded: z.string(),
  /** What may still be refunded: confirmed less open and paid refunds. */
  refundable: z.string(),
  refundState: z.enum(PAYMENT_REFUND_STATES),
  /** Whether a new refund may be issued now (payment status and refundable money). */
  canRefund: z.boolean(),
  refunds: z.array(ZRefund),
});
export type TPaymentRefunds = z.infer<typeof ZPaymentRefunds>;

// Public address page (no sign-in; the token of the link in the body, never in a URL the server logs)

const ZRefundToken = z
  .string({ error: T.refundLinkInvalid })
  .trim()
  .min(TOKEN_MIN, T.refundLinkInvalid)
  .max(TOKEN_MAX, T.refundLinkInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, T.refundLinkInvalid);

/** POST /refund-requests/view. */
export const ZRefundTokenRequest = z.object({ token: ZRefundToken }).strict();

/** POST /refund-requests/address. */
export const ZRefundAddressRequest = z
  .object({
    token: ZRefundToken,
    address: z
      .string({ error: T.refundAddressRequired })
      .trim()
      .min(1, T.refundAddressRequired)
      .max(REFUND_ADDRESS_MAX, T.refundAddressTooLong),
  })
  .strict();
export type TRefundAddressRequest = z.infer<typeof ZRefundAddressRequest>;

/** What the customer's page shows: amount and coin, who pays (the merchant), the address once given. */
export const ZPublicRefund = z.object({
  status: z.enum(REFUND_STATUSES),
  amount: z.string(),
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  /** The merchant's business name (else its name), who pays the refund from its own wallet. */
  merchantName: z.string(),
  reason: z.string().nullable(),
  address: z.string().nullable(),
  txid: z.string().nullable(),
  linkExpiresAt: z.string(),
  mode: z.enum(MODES),
});
export type TPublicRefund = z.infer<typeof ZPublicRefund>;
