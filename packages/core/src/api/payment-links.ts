import { z } from 'zod';
import { MODES } from '../options.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_LINK_STATUSES, PAYMENT_STATUSES } from '../payment-status.ts';
import { checkReturnUrl, RETURN_URL_MAX, type TReturnUrlProblem } from '../return-url.ts';
import { T } from '../texts.ts';
import {
  checkFiatAmount,
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  ZCoinInput,
  ZCryptoAmount,
  ZDescription,
  ZFiatAmount,
  ZFiatCurrency,
  ZIsoDate,
  ZMetadata,
  ZNetworkInput,
} from './payments.ts';

/** Link expiry choices in hours (merchant spec 9): 0 means never. */
export const LINK_EXPIRY_HOURS = [1, 24, 72, 168, 0] as const;
export const DEFAULT_LINK_EXPIRY_HOURS = 24;
/** The latest expiresAt a merchant may give a link directly. */
export const MAX_LINK_EXPIRY_DAYS = 365;

export const ZExpiresInHours = z
  .number({ error: T.expiresInHoursInvalid })
  .refine((v) => (LINK_EXPIRY_HOURS as readonly number[]).includes(v), { message: T.expiresInHoursInvalid });

/** The server's message for each reason a return URL is refused (return-url.ts). */
export function returnUrlMessage(problem: TReturnUrlProblem): string {
  switch (problem) {
    case 'too_long':
      return T.returnUrlTooLong(RETURN_URL_MAX);
    case 'scheme':
      return T.returnUrlScheme;
    case 'http_not_local':
      return T.returnUrlHttpNotLocal;
    case 'http_live':
      return T.returnUrlHttpLive;
    case 'credentials':
      return T.returnUrlCredentials;
    case 'reserved_param':
      return T.returnUrlReservedParam;
    default:
      return T.returnUrlInvalid;
  }
}

/**
 * A payment link's `returnUrl` (return-url.ts has the rules). Checked here as far as the request alone tells (plain
 * http to this machine passes: the link's mode decides, in the service); every refusal carries the error code
 * INVALID_RETURN_URL, which the reply takes when the return URL is all that is wrong. Null clears it (update).
 */
export const ZReturnUrl = z
  .string({ error: T.returnUrlInvalid })
  .superRefine((v, ctx) => {
    const r = checkReturnUrl(v, 'test');
    if (!r.ok) {
      ctx.addIssue({
        code: 'custom',
        message: returnUrlMessage(r.problem),
        params: { code: 'INVALID_RETURN_URL' },
      });
    }
  })
  .meta({
    description:
      'Where the hosted page sends the customer once the payment is confirmed, with `coinlane_payment=<payment id>` appended to its query: an absolute https URL without credentials, at most 2048 characters (http only to localhost, 127.0.0.1 or [::1] in test mode); refused with 400 INVALID_RETURN_URL. Returned normalised.',
    example: 'https://shop.example.com/checkout/order-received/1042?key=wc_order_abc',
    maxLength: RETURN_URL_MAX,
    format: 'uri',
  });

/**
 * POST /payment-links. Either `fiatAmount` (+ `fiatCurrency`, default USD; priced at creation and again at
 * each payment attempt) or the spec client's crypto `amount` (decimal string). Expiry: `expiresInHours`
 * (1, 24, 72, 168; 0 = never; default 24) or `expiresAt`.
 */
export const ZCreatePaymentLinkRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    fiatAmount: ZFiatAmount.optional(),
    fiatCurrency: ZFiatCurrency.optional(),
    amount: ZCryptoAmount.optional(),
    currency: ZCoinInput,
    network: ZNetworkInput.optional(),
    description: ZDescription.nullish(),
    expiresInHours: ZExpiresInHours.optional(),
    expiresAt: ZIsoDate.nullish(),
    metadata: ZMetadata.optional(),
    returnUrl: ZReturnUrl.nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.amount === undefined && v.fiatAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['fiatAmount'], message: T.validPaymentAmount });
    }
    if (v.amount !== undefined && v.fiatAmount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['fiatAmount'], message: T.amountOrFiatNotBoth });
    }
    if (v.fiatAmount !== undefined) {
      const r = checkFiatAmount(v.fiatAmount, v.fiatCurrency ?? 'USD');
      if (!r.ok) ctx.addIssue({ code: 'custom', path: ['fiatAmount'], message: r.message });
    }
    if (v.expiresInHours !== undefined && v.expiresAt != null) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: T.expiryBothGiven });
    }
  });
export type TCreatePaymentLinkRequest = z.infer<typeof ZCreatePaymentLinkRequest>;

/**
 * PUT /payment-links/{id}: description, metadata and the return URL (null removes it); `status: 'expired'` switches the link off, `'active'`
 * switches it back on (with a new expiry when the old one has passed). A completed link cannot change.
 */
export const ZUpdatePaymentLinkRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    description: ZDescription.nullish(),
    metadata: ZMetadata.optional(),
    status: z.enum(['active', 'expired']).optional(),
    expiresInHours: ZExpiresInHours.optional(),
    expiresAt: ZIsoDate.nullish(),
    returnUrl: ZReturnUrl.nullish(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const { merchantId: _ignored, ...changes } = v;
    if (Object.values(changes).every((x) => x === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: T.nothingToUpdate });
    }
    if (v.expiresInHours !== undefined && v.expiresAt !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: T.expiryBothGiven });
    }
  });
export type TUpdatePaymentLinkRequest = z.infer<typeof ZUpdatePaymentLinkRequest>;

export const ZPaymentLinkIdParams = z.object({ id: z.string().trim().min(1).max(100) });

export const ZListPaymentLinksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  status: z.enum(PAYMENT_LINK_STATUSES).optional(),
  currency: ZCoinInput.optional(),
});
export type TListPaymentLinksQuery = z.infer<typeof ZListPaymentLinksQuery>;

/** One attempt of a link, as listed with the link. */
export const ZPaymentLinkAttempt = z.object({
  id: z.string(),
  attempt: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  amount: z.string(),
  amountReceived: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
});

/**
 * Metadata of a link (merchant spec 3). The server fills every field it knows; the merchant's own keys are
 * kept beside them but never override these.
 */
export const ZPaymentLinkMetadata = z
  .object({
    createdVia: z.string(),
    currency: z.string(),
    network: z.string(),
    networkName: z.string(),
    fiatAmount: z.string().nullable(),
    fiatCurrency: z.string().nullable(),
    lockedExchangeRate: z.string().nullable(),
    lockedFiatRate: z.string().nullable(),
    lockedCryptoAmount: z.string(),
    usdEquivalent: z.string().nullable(),
    rateLockedAt: z.string().nullable(),
    rateSource: z.string().nullable(),
    expiresInHours: z.number().int().nullable(),
    paymentLinkId: z.string(),
    source: z.string(),
  })
  .catchall(z.unknown());

export const ZPaymentLink = z.object({
  id: z.string(),
  merchantId: z.string(),
  mode: z.enum(MODES),
  url: z.string(),
  /** Crypto amount (decimal string): fixed, or priced from the fiat amount at creation. */
  amount: z.string(),
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  decimals: z.number().int(),
  fiatAmount: z.string().nullable(),
  fiatCurrency: z.string().nullable(),
  description: z.string().nullable(),
  /** Where the hosted page sends the customer after a confirmed payment (`coinlane_payment=<id>` appended), or null. */
  returnUrl: z.string().nullable(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  expiresAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  metadata: ZPaymentLinkMetadata,
  payments: z.array(ZPaymentLinkAttempt),
});
export type TPaymentLink = z.infer<typeof ZPaymentLink>;
