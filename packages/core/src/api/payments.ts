import { z } from 'zod';
import { FIAT_CODES, FIAT_CURRENCIES, isFiatCode } from '../currencies.ts';
import { decimalProblem, normalizeFiat } from '../money.ts';
import { MODES } from '../options.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES } from '../payment-status.ts';
import { T } from '../texts.ts';

// ---------------------------------------------------------------------------------------------------------
// Limits and defaults

/** A payment's rate is locked this long (or until its link expires, if sooner). ARCHITECTURE "Payments". */
export const PAYMENT_WINDOW_MINUTES = 15;
/** The latest expiresAt a merchant may give a payment it prices in crypto. */
export const MAX_PAYMENT_EXPIRY_DAYS = 30;
export const DESCRIPTION_MAX = 500;
export const METADATA_MAX_BYTES = 4096;
export const LIST_LIMIT_DEFAULT = 20;
export const LIST_LIMIT_MAX = 100;

// ---------------------------------------------------------------------------------------------------------
// Shared field schemas

/**
 * A crypto amount: a plain decimal string above zero, in whole coins ("0.00123456"). A JSON number is
 * refused (a double cannot carry 18 decimals exactly); the currency's own decimals are checked by the server.
 */
export const ZCryptoAmount = z
  .string({ error: (iss) => (typeof iss.input === 'number' ? T.cryptoAmountAsString : T.validPaymentAmount) })
  .max(100, T.validPaymentAmount)
  .refine((v) => decimalProblem(v) === null && /[1-9]/.test(v), { message: T.validPaymentAmount })
  .meta({
    description: 'Crypto amount in whole coins, as a decimal string (a JSON number is refused)',
    example: '0.00123456',
  });

/** A fiat amount: a decimal string or a JSON number, normalised by the server to the currency's minor unit. */
export const ZFiatAmount = z.union([z.string().max(40), z.number()], { error: T.validPaymentAmount }).meta({
  description: 'Fiat amount: a decimal string or a number, at most the currency minor unit',
  example: '49.90',
});

/** A fiat currency code (USD, EUR, GBP, JPY, CAD, AUD, CHF, CNY), case-insensitive. */
export const ZFiatCurrency = z
  .string({ error: (iss) => T.fiatCurrencyUnsupported(String(iss.input), FIAT_CODES) })
  .trim()
  .toUpperCase()
  .refine(isFiatCode, { error: (iss) => T.fiatCurrencyUnsupported(String(iss.input), FIAT_CODES) });

/** A coin code ('BTC') or full name ('bitcoin', 'tether', 'usd-coin'). */
export const ZCoinInput = z.string({ error: T.currencyRequired }).trim().min(1, T.currencyRequired).max(40);
/** A network id ('ethereum', 'binance-smart-chain'; 'bsc' accepted). */
export const ZNetworkInput = z.string().trim().min(1).max(40);

export const ZDescription = z.string().trim().max(DESCRIPTION_MAX, T.descriptionTooLong(DESCRIPTION_MAX));

export const ZMetadata = z
  .record(z.string().max(100), z.unknown())
  .refine((v) => JSON.stringify(v).length <= METADATA_MAX_BYTES, {
    message: T.metadataTooLarge(METADATA_MAX_BYTES),
  });

export const ZIsoDate = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 date-time' });

/** The normalised fiat amount, or the message that refuses it. */
export function checkFiatAmount(
  value: string | number,
  currency: string,
): { ok: true; amount: string } | { ok: false; message: string } {
  if (!isFiatCode(currency)) return { ok: false, message: T.fiatCurrencyUnsupported(currency, FIAT_CODES) };
  const decimals = FIAT_CURRENCIES[currency].decimals;
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (decimalProblem(text, decimals) === 'too_many_decimals') {
    return { ok: false, message: T.fiatTooManyDecimals(currency, decimals) };
  }
  try {
    const amount = normalizeFiat(value, decimals);
    if (!/[1-9]/.test(amount)) return { ok: false, message: T.validPaymentAmount };
    return { ok: true, amount };
  } catch {
    return { ok: false, message: T.validPaymentAmount };
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests

/**
 * POST /payments. Either `amount` (crypto, decimal string) or `fiatAmount` + `fiatCurrency` (priced at a
 * fresh rate, locked for PAYMENT_WINDOW_MINUTES). `cryptocurrency` is the spec client's name for `currency`.
 */
export const ZCreatePaymentRequest = z
  .object({
    merchantId: z.string().max(100).optional(),
    amount: ZCryptoAmount.optional(),
    fiatAmount: ZFiatAmount.optional(),
    fiatCurrency: ZFiatCurrency.optional(),
    currency: ZCoinInput.optional(),
    cryptocurrency: ZCoinInput.optional(),
    network: ZNetworkInput.optional(),
    description: ZDescription.nullish(),
    customerEmail: z.email({ error: T.emailInvalid }).max(254).nullish(),
    expiresAt: ZIsoDate.optional(),
    metadata: ZMetadata.optional(),
    /**
     * The customer's IP address as your server saw it (IPv4 or IPv6), when you want Coinlane's risk rules to use
     * it: stored with its country and deleted after the retention period. Without it nothing is recorded: the
     * caller of this endpoint is your server, not the customer.
     */
    customerIp: z.union([z.ipv4(), z.ipv6()], { error: T.customerIpInvalid }).nullish().meta({
      description: 'The customer’s IP address (optional; used by the risk rules, kept for a limited time)',
    }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.amount === undefined && v.fiatAmount === undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: T.validPaymentAmount });
    }
    if (v.amount !== undefined && v.fiatAmount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['fiatAmount'], message: T.amountOrFiatNotBoth });
    }
    if (v.currency === undefined && v.cryptocurrency === undefined) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: T.currencyRequired });
    }
    if (v.fiatAmount !== undefined) {
      const r = checkFiatAmount(v.fiatAmount, v.fiatCurrency ?? 'USD');
      if (!r.ok) ctx.addIssue({ code: 'custom', path: ['fiatAmount'], message: r.message });
    }
  });
export type TCreatePaymentRequest = z.infer<typeof ZCreatePaymentRequest>;

export const ZPaymentIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** POST /payments/{id}/simulate (test mode): a transfer of `amount` (default: what is still due). */
export const ZSimulatePaymentRequest = z
  .object({ amount: ZCryptoAmount.optional() })
  .strict()
  .nullish()
  .transform((v) => v ?? {});
export type TSimulatePaymentRequest = z.infer<typeof ZSimulatePaymentRequest>;

const ZLimit = z.coerce.number().int().min(1).max(LIST_LIMIT_MAX).default(LIST_LIMIT_DEFAULT);
const ZOffset = z.coerce.number().int().min(0).max(1_000_000).default(0);

export const ZListPaymentsQuery = z.object({
  limit: ZLimit,
  offset: ZOffset,
  status: z.enum(PAYMENT_STATUSES).optional(),
  currency: ZCoinInput.optional(),
  network: ZNetworkInput.optional(),
  paymentLinkId: z.string().max(100).optional(),
});
export type TListPaymentsQuery = z.infer<typeof ZListPaymentsQuery>;

// ---------------------------------------------------------------------------------------------------------
// Replies

export const ZTransfer = z.object({
  id: z.string(),
  txid: z.string(),
  outputIndex: z.number().int(),
  amount: z.string(),
  confirmations: z.number().int(),
  status: z.enum(['pending', 'confirmed', 'removed']),
  late: z.boolean(),
  blockHeight: z.number().int().nullable(),
  seenAt: z.string(),
  confirmedAt: z.string().nullable(),
});
export type TTransfer = z.infer<typeof ZTransfer>;

export const ZLockedRate = z.object({
  /** Units of the coin per 1 USD (display form of the exact rate used). */
  cryptoRate: z.string(),
  /** Units of the fiat currency per 1 USD. */
  fiatRate: z.string(),
  source: z.string(),
  lockedAt: z.string(),
});

export const ZPayment = z.object({
  id: z.string(),
  mode: z.enum(MODES),
  status: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  /**
   * The merchant may accept this payment (POST /payments/{id}/accept): it expired or was cancelled, then money
   * arrived late, has its required confirmations and covers the amount due.
   */
  canAccept: z.boolean(),
  /** Decimal strings in whole coins. */
  amount: z.string(),
  amountReceived: z.string(),
  amountConfirmed: z.string(),
  amountRemaining: z.string(),
  /** What was received beyond the amount due ("0" when not more). */
  amountExcess: z.string(),
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  decimals: z.number().int(),
  address: z.string(),
  paymentUri: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  txHash: z.string().nullable(),
  fiatAmount: z.string().nullable(),
  fiatCurrency: z.string().nullable(),
  /** USD value of the amount due at the payment's locked rate (cents), or null when no rate was known. */
  usdAmount: z.string().nullable(),
  /**
   * USD value of the money received with its confirmations (amountConfirmed), at the same rate:
   * usdAmount x amountConfirmed / amount, half-up to cents. What the dashboard's volume counts for a confirmed
   * payment. Null when usdAmount is.
   */
  usdConfirmed: z.string().nullable(),
  rate: ZLockedRate.nullable(),
  description: z.string().nullable(),
  customerEmail: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  paymentLinkId: z.string().nullable(),
  /**
   * The return URL of the payment's link (where its hosted page sends the customer once confirmed, with
   * `coinlane_payment=<this id>` appended); null without one, and for a payment made through POST /payments (it has
   * no hosted page).
   */
  returnUrl: z.string().nullable(),
  attempt: z.number().int(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Live EVM forwarder payments: when Coinlane's last flush moved the deposit address to your address, and its
   *  transaction; null until then (and for every other payment). */
  flushedAt: z.string().nullable(),
  flushTx: z.string().nullable(),
  /** Live EVM forwarder payments: what anyone needs to flush the deposit address to your address without
   *  Coinlane: call `flush(yourAddress, salt, tokens)` on `factory`, e.g. from a block explorer
   *  (docs/forwarder-recovery.md). `factory` is null for a payment made before Coinlane recorded it (use your
   *  network's factory). Null for every other payment; never on the public payment endpoints. */
  forwarder: z.object({ factory: z.string().nullable(), salt: z.string() }).nullable(),
  /**
   * A Coinlane administrator confirmed this payment by hand (its money arrived on chain but the rules had not
   * confirmed it: too few confirmations, a part paid, paid late): when, who (the administrator's account id) and
   * why. Null for every other payment. `payment.confirmed` of an approval carries it.
   */
  approval: z
    .object({
      approvedAt: z.string(),
      approvedBy: z.object({ type: z.literal('admin'), id: z.string().nullable() }),
      reason: z.string().nullable(),
    })
    .nullable(),
});
export type TPayment = z.infer<typeof ZPayment>;

/**
 * GET /payments/{id}/flush-transaction: the call that moves a forwarder deposit address's funds to your address
 * (deploying the forwarder first when needed). Send it from any wallet on the chain: `to`, `data`, `value`
 * (always "0") and `chainId`. Whoever sends it, the funds can only go to `merchantAddress`.
 */
export const ZFlushTransaction = z.object({
  /** The forwarder factory. */
  to: z.string(),
  /** ABI-encoded `flush(merchant, paymentSalt, tokens)`. */
  data: z.string(),
  chainId: z.number().int(),
  value: z.literal('0'),
  /** A gas limit that is enough whatever the tokens and your address do (decimal string). */
  gas: z.string(),
  /** The payment's deposit address (the forwarder) and the address it forwards to. */
  depositAddress: z.string(),
  merchantAddress: z.string(),
});
export type TFlushTransaction = z.infer<typeof ZFlushTransaction>;

/**
 * One re-price of a payment link's attempt: its price lock lapsed before anything was seen, so the amount due was
 * set again at the current rate, at the same address (docs/decisions/005-hosted-payment-page.md).
 */
export const ZPaymentPriceChange = z.object({
  /** Decimal strings in whole coins: the amount due before and after. */
  amountBefore: z.string(),
  amountAfter: z.string(),
  /** The lock that lapsed, and the new one. */
  lockEndedAt: z.string(),
  lockedUntil: z.string(),
  /** The rate that priced the new amount (null for an amount set in crypto). */
  rate: ZLockedRate.nullable(),
  usdAmount: z.string().nullable(),
  changedAt: z.string(),
});
export type TPaymentPriceChange = z.infer<typeof ZPaymentPriceChange>;

/** GET /payments/{id}: the payment with its transfers and its price history (oldest first). */
export const ZPaymentDetail = ZPayment.extend({
  transfers: z.array(ZTransfer),
  priceChanges: z.array(ZPaymentPriceChange),
});
export type TPaymentDetail = z.infer<typeof ZPaymentDetail>;

/** POST /payments/{id}/simulate. */
export const ZSimulatePaymentReply = z.object({ payment: ZPayment, transfer: ZTransfer });
export type TSimulatePaymentReply = z.infer<typeof ZSimulatePaymentReply>;

export const ZPagination = z.object({
  limit: z.number().int(),
  offset: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});
export type TPagination = z.infer<typeof ZPagination>;

/** The envelope of a list: `data` is the page, `pagination` beside it. */
export const listEnvelope = <S extends z.ZodType>(item: S) =>
  z.object({ success: z.literal(true), data: z.array(item), error: z.null(), pagination: ZPagination });

/** Public GET /payments/{id}/status: what a payer's page may know (merchant spec 3, plus progress). */
export const ZPaymentPublicStatus = z.object({
  status: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  transactionHash: z.string().nullable(),
  amount: z.string(),
  amountReceived: z.string(),
  amountRemaining: z.string(),
  currency: z.string(),
  network: z.string(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});
export type TPaymentPublicStatus = z.infer<typeof ZPaymentPublicStatus>;

/** Public GET /payments/{id}/address: where and how much to pay. */
export const ZPaymentAddress = z.object({
  address: z.string(),
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  amount: z.string(),
  amountRemaining: z.string(),
  paymentUri: z.string(),
  expiresAt: z.string(),
  mode: z.enum(MODES),
});
export type TPaymentAddress = z.infer<typeof ZPaymentAddress>;

/**
 * POST /payouts/move-now: with auto payout off (settings), Coinlane flushes a merchant's forwarder deposit
 * addresses only when asked. The reply says how many confirmed payments the next flush round will move.
 */
export const ZMovePayoutsResult = z.object({
  requestedAt: z.string(),
  /** Confirmed live payments whose deposit address holds funds not moved yet (moved by the next round). */
  payments: z.number().int(),
  autoPayoutEnabled: z.boolean(),
});
export type TMovePayoutsResult = z.infer<typeof ZMovePayoutsResult>;
