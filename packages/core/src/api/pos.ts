import { z } from 'zod';
import { FIAT_CODES, FIAT_CURRENCIES, type TFiatCode } from '../currencies.ts';
import { decimalProblem } from '../money.ts';
import { MODES, type TMode } from '../options.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES } from '../payment-status.ts';
import { T } from '../texts.ts';
import { ZCurrencyOption } from './currencies.ts';
import { ZCoinInput, ZFiatCurrency, ZNetworkInput } from './payments.ts';

/*
 * The point of sale (decision 026): a shop counter's tablet or phone paired with a device credential that can only
 * ring up sales (payments in the device's fiat currency) and follow them. The merchant manages devices from a
 * signed-in session (API Keys page); the device itself calls /pos/session and /pos/sales with its credential.
 */

export const POS_DEVICE_NAME_MAX = 100;
/** Devices that may exist at once per merchant and mode (revoked ones do not count). */
export const POS_DEVICE_MAX_PER_MODE = 50;
/** How long a pairing code (and its link) can be exchanged for the device credential. */
export const POS_PAIRING_MINUTES = 10;
/** Characters of a pairing code: no 0/O, 1/I/L, so it can be read aloud and typed on a tablet. */
export const POS_PAIRING_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const POS_PAIRING_CODE_LENGTH = 8;
/**
 * A device credential is `cl_pos_test_` or `cl_pos_live_` and 43 base62 characters (256 bits), like an API key
 * but never accepted where one is: its own table, its own prefix.
 */
export const POS_CREDENTIAL_PREFIX: Record<TMode, string> = { test: 'cl_pos_test_', live: 'cl_pos_live_' };
export const POS_CREDENTIAL_PATTERN = /^cl_pos_(test|live)_[0-9A-Za-z]{43}$/;
/** Anything shaped like a device credential (a Bearer token starting so is never taken for an API key). */
export const POS_CREDENTIAL_START = 'cl_pos_';
/** Digits a keypad amount may have before its decimal point: 9 (999,999,999.99). */
export const POS_MAX_INTEGER_DIGITS = 9;
/** Sales listed by GET /pos/sales (today's, newest first). */
export const POS_SALES_LIST_MAX = 200;

/** `ABCD-EFGH` as shown; what a person types is read back by normalizePairingCode. */
export const formatPairingCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;
/** Upper-cases and drops spaces and dashes: `abcd efgh` and `ABCD-EFGH` are the same code. */
export const normalizePairingCode = (input: string) => input.toUpperCase().replace(/[\s-]+/g, '');

/** The largest amount a keypad may ring up in a currency: 9 integer digits, all its minor digits (999999999.99). */
export function posMaxAmount(currency: TFiatCode): string {
  const decimals = FIAT_CURRENCIES[currency].decimals;
  return `${'9'.repeat(POS_MAX_INTEGER_DIGITS)}${decimals ? `.${'9'.repeat(decimals)}` : ''}`;
}

const ZName = z
  .string({ error: T.posDeviceNameRequired })
  .trim()
  .min(1, T.posDeviceNameRequired)
  .max(POS_DEVICE_NAME_MAX, T.posDeviceNameTooLong(POS_DEVICE_NAME_MAX))
  .meta({ description: 'A name to recognise the device by.', example: 'Counter 1' });

// ---------------------------------------------------------------------------------------------------------
// The merchant's side (session only)

/** POST /pos/devices. */
export const ZCreatePosDeviceRequest = z
  .object({
    name: ZName,
    fiatCurrency: ZFiatCurrency.default('USD').meta({
      description: `The currency the device's keypad rings up sales in (${FIAT_CODES.join(', ')}); default USD.`,
    }),
  })
  .strict();
export type TCreatePosDeviceRequest = z.input<typeof ZCreatePosDeviceRequest>;

export const ZPosDeviceParams = z.object({ id: z.string().trim().min(1).max(100) });

export const POS_DEVICE_STATUSES = ['pairing', 'pairing_expired', 'paired'] as const;
export type TPosDeviceStatus = (typeof POS_DEVICE_STATUSES)[number];

/** A device as the merchant's list shows it: never its credential, never its pairing code. */
export const ZPosDevice = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(MODES),
  fiatCurrency: z.enum(FIAT_CODES),
  /** pairing: a code waits to be used; pairing_expired: it lapsed unused; paired: the device holds a credential. */
  status: z.enum(POS_DEVICE_STATUSES),
  /** `cl_pos_test_AbCd` once paired, null before. */
  credentialPrefix: z.string().nullable(),
  pairingExpiresAt: z.string().nullable(),
  pairedAt: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TPosDevice = z.infer<typeof ZPosDevice>;
export const ZPosDeviceList = z.array(ZPosDevice);

/** A pairing code, shown once: its link (for the QR code the device scans) and when it lapses. */
export const ZPosPairing = z.object({
  /** `ABCD-EFGH`. */
  code: z.string(),
  /** `<APP_URL>/pos#pair=ABCDEFGH`: the code travels in the fragment, which browsers never send to a server. */
  url: z.string(),
  expiresAt: z.string(),
});
export type TPosPairing = z.infer<typeof ZPosPairing>;

/** POST /pos/devices and POST /pos/devices/{id}/pairing. */
export const ZPosDeviceWithPairing = z.object({ device: ZPosDevice, pairing: ZPosPairing });
export type TPosDeviceWithPairing = z.infer<typeof ZPosDeviceWithPairing>;

export const ZRevokedPosDevice = z.object({ id: z.string(), revokedAt: z.string() });
export type TRevokedPosDevice = z.infer<typeof ZRevokedPosDevice>;

// ---------------------------------------------------------------------------------------------------------
// Pairing (public) and the device's side

/** POST /pos/pair: the code shown on the merchant's screen (any case, with or without the dash). */
export const ZPosPairRequest = z
  .object({
    code: z
      .string({ error: T.posPairingCodeInvalid })
      .max(40, T.posPairingCodeInvalid)
      .transform(normalizePairingCode)
      .refine(
        (v) => v.length === POS_PAIRING_CODE_LENGTH && [...v].every((c) => POS_PAIRING_ALPHABET.includes(c)),
        { message: T.posPairingCodeInvalid },
      ),
  })
  .strict();
export type TPosPairRequest = z.input<typeof ZPosPairRequest>;

/** What the device knows of itself. */
export const ZPosDeviceIdentity = z.object({
  id: z.string(),
  name: z.string(),
  mode: z.enum(MODES),
  fiatCurrency: z.enum(FIAT_CODES),
});
export type TPosDeviceIdentity = z.infer<typeof ZPosDeviceIdentity>;

/** POST /pos/pair: the device credential, this once. The device keeps it; Coinlane keeps its hash. */
export const ZPosPaired = z.object({ credential: z.string(), device: ZPosDeviceIdentity });
export type TPosPaired = z.infer<typeof ZPosPaired>;

/** GET /pos/session: the device, whom it sells for, and what it can take. */
export const ZPosSession = z.object({
  device: ZPosDeviceIdentity,
  merchant: z.object({ name: z.string() }),
  /** The coins and networks the device may offer (GET /currencies of its mode). */
  currencies: z.array(ZCurrencyOption),
  /** The keypad's limits in the device's currency: its minor digits and the largest amount. */
  fiatDecimals: z.number().int(),
  maxAmount: z.string(),
});
export type TPosSession = z.infer<typeof ZPosSession>;

/** POST /pos/sales: an amount in the device's currency and the coin (and network) the customer pays in. */
export const ZCreatePosSaleRequest = z
  .object({
    fiatAmount: z
      .string({ error: T.validPaymentAmount })
      .max(40, T.validPaymentAmount)
      .meta({ description: "Decimal string in the device's currency, e.g. 12.50", example: '12.50' }),
    currency: ZCoinInput,
    network: ZNetworkInput.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    // The currency is the device's, known only on the server: the amount's shape is checked here, its decimals
    // and limits there (checkFiatAmount with the device's currency).
    const text = v.fiatAmount.trim();
    if (decimalProblem(text) !== null || !/[1-9]/.test(text)) {
      ctx.addIssue({ code: 'custom', path: ['fiatAmount'], message: T.validPaymentAmount });
    }
  });
export type TCreatePosSaleRequest = z.input<typeof ZCreatePosSaleRequest>;

export const ZPosSaleParams = z.object({ id: z.string().trim().min(1).max(100) });

/** A sale as the device shows it: what the counter and the customer need, nothing of the merchant's books. */
export const ZPosSale = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  fiatAmount: z.string(),
  fiatCurrency: z.string(),
  /** Decimal strings in whole coins. */
  amount: z.string(),
  amountReceived: z.string(),
  amountRemaining: z.string(),
  currency: z.string(),
  network: z.string(),
  networkName: z.string(),
  decimals: z.number().int(),
  address: z.string(),
  paymentUri: z.string(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPosSale = z.infer<typeof ZPosSale>;

/** GET /pos/sales: `tz` is the counter's time zone (IANA), whose day "today" is; UTC when left out. */
export const ZPosSalesQuery = z.object({
  tz: z.string().trim().min(1).max(64).optional(),
});

/** Today's sales of the device, newest first, and their totals in the device's currency. */
export const ZPosSales = z.object({
  /** The start of today in the counter's time zone. */
  since: z.string(),
  sales: z.array(ZPosSale),
  totals: z.object({
    /** Sales rung up today. */
    count: z.number().int(),
    /** Those confirmed, and their amount (decimal string in `currency`). */
    confirmedCount: z.number().int(),
    confirmedAmount: z.string(),
    currency: z.enum(FIAT_CODES),
  }),
});
export type TPosSales = z.infer<typeof ZPosSales>;

/** POST /pos/sales/{id}/simulate (test mode): `full` pays what is due, `partial` half of it. */
export const ZSimulatePosSaleRequest = z
  .object({ kind: z.enum(['full', 'partial']).default('full') })
  .strict()
  .nullish()
  .transform((v) => v ?? { kind: 'full' as const });
