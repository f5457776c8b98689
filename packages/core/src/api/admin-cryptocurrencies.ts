import { z } from 'zod';
import { NETWORK_IDS, normalizeNetworkId } from '../currencies.ts';
import { T } from '../texts.ts';

/**
 * Cryptocurrency management (admin spec 3, 5, 7, 8 and 9; decision 020): the rows of supported_cryptocurrencies,
 * one per (symbol, network). The rules of spec section 5 with the messages of section 8, used by the server's
 * routes and the back-office's Add New Cryptocurrency form alike.
 */

/** The spec's network list (section 5) plus dogecoin, which the product watches (ARCHITECTURE "Chains"). */
export const CRYPTO_NETWORKS = NETWORK_IDS;

/** Add New Cryptocurrency's defaults (admin spec 9). */
export const ADD_CRYPTO_DEFAULTS = {
  minAmount: '0.00000001',
  /** The min input's step. */
  minAmountStep: '0.00000001',
  maxAmount: '1000000',
  feePercentage: '2.5',
  decimals: 8,
  enabled: true,
} as const;
export const CRYPTO_SYMBOL_MAX_LENGTH = 10;
export const CRYPTO_NAME_MAX_LENGTH = 100;
/** Ids and search terms: longer is never one of ours. */
const ID_MAX = 64;

const trimmed = (message: string) => z.string({ error: message }).trim().min(1, message);

const symbol = trimmed(T.cryptoSymbolRequired)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2,10}$/, T.cryptoSymbolInvalid));

const name = trimmed(T.cryptoNameRequired).pipe(z.string().max(CRYPTO_NAME_MAX_LENGTH, T.cryptoNameTooLong));

/** A network id of the list (case-insensitive; `bsc` is read as binance-smart-chain), stored canonical. */
const network = trimmed(T.cryptoNetworkRequired).transform((v, ctx) => {
  const id = normalizeNetworkId(v);
  if (!id) {
    ctx.addIssue({ code: 'custom', message: T.cryptoNetworkInvalid(CRYPTO_NETWORKS) });
    return z.NEVER;
  }
  return id;
});

/** A positive decimal string of whole coins (never a JSON number: a double cannot carry 18 decimals). */
const amount = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,30}(\.\d{1,18})?$/, message)
    .refine((v) => /[1-9]/.test(v), message);

const feePercentage = z
  .string({ error: T.feePercentageRange })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,6})?$/, T.feePercentageRange)
  .refine((v) => Number(v) <= 100, T.feePercentageRange);

const decimals = z
  .number({ error: T.cryptoDecimalsRange })
  .int(T.cryptoDecimalsRange)
  .min(0, T.cryptoDecimalsRange)
  .max(18, T.cryptoDecimalsRange);

/** Empty text is no value (stored as null, spec 7). */
const emptyToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());

/**
 * The spec's generic form (0x and 40 hex characters), or Tron's base58check form (T and 33 base58 characters);
 * which networks take one, in which form and with which checksum is the server's (each chain family's
 * `tokenContract`).
 */
const contractAddress = z
  .string({ error: T.cryptoContractInvalid })
  .max(200, T.cryptoContractInvalid)
  .nullable()
  .transform(emptyToNull)
  .refine(
    (v) => v === null || /^0x[0-9a-fA-F]{40}$/.test(v) || /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(v),
    T.cryptoContractInvalid,
  );

const iconUrl = z
  .string({ error: T.cryptoIconUrlInvalid })
  .max(2048, T.cryptoIconUrlInvalid)
  .nullable()
  .transform(emptyToNull)
  .refine((v) => {
    if (v === null) return true;
    if (!/^https?:\/\/\S+$/i.test(v)) return false;
    try {
      return Boolean(new URL(v).hostname);
    } catch {
      return false;
    }
  }, T.cryptoIconUrlInvalid);

const requiredConfirmations = z
  .number({ error: T.cryptoConfirmationsRange })
  .int(T.cryptoConfirmationsRange)
  .min(1, T.cryptoConfirmationsRange)
  .max(10_000, T.cryptoConfirmationsRange);

/** Compares two positive decimal strings exactly (no float): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x < y ? -1 : x > y ? 1 : 0;
}

const fields = {
  symbol,
  name,
  network,
  minAmount: amount(T.cryptoMinAmountInvalid),
  maxAmount: amount(T.cryptoMaxAmountInvalid),
  /** Percent; null: the platform fee of Fees & Pricing applies to payments in this coin. */
  feePercentage: feePercentage.nullable(),
  decimals,
  contractAddress,
  iconUrl,
  requiredConfirmations,
  enabled: z.boolean(),
};

const maxAboveMin = (v: { minAmount?: string; maxAmount?: string }) =>
  v.minAmount === undefined || v.maxAmount === undefined || compareDecimal(v.maxAmount, v.minAmount) > 0;

/**
 * POST /admin/cryptocurrencies: symbol, name and network required; the rest take the spec's defaults (min
 * 0.00000001, max 1000000, decimals 8, enabled; fee null: the platform fee) and the network's confirmations.
 */
export const ZCreateCryptocurrencyRequest = z
  .object({
    symbol: fields.symbol,
    name: fields.name,
    network: fields.network,
    minAmount: fields.minAmount.optional(),
    maxAmount: fields.maxAmount.optional(),
    feePercentage: fields.feePercentage.optional(),
    decimals: fields.decimals.optional(),
    contractAddress: fields.contractAddress.optional(),
    iconUrl: fields.iconUrl.optional(),
    requiredConfirmations: fields.requiredConfirmations.optional(),
    enabled: fields.enabled.optional(),
  })
  .strict()
  .refine(maxAboveMin, { message: T.cryptoMaxAmountInvalid, path: ['maxAmount'] });
export type TCreateCryptocurrencyRequest = z.input<typeof ZCreateCryptocurrencyRequest>;
export type TCreateCryptocurrency = z.output<typeof ZCreateCryptocurrencyRequest>;

/** PUT /admin/cryptocurrencies/{id}: only the fields sent are checked and changed (spec 5). */
export const ZUpdateCryptocurrencyRequest = z
  .object(fields)
  .partial()
  .strict()
  .refine(maxAboveMin, { message: T.cryptoMaxAmountInvalid, path: ['maxAmount'] });
export type TUpdateCryptocurrencyRequest = z.input<typeof ZUpdateCryptocurrencyRequest>;
export type TUpdateCryptocurrency = z.output<typeof ZUpdateCryptocurrencyRequest>;

export const ZCryptocurrencyIdParams = z.object({ id: z.string().min(1).max(ID_MAX) });

/** GET /admin/cryptocurrencies: filters of spec 7 (enabled, network, a search over symbol or name). */
export const ZCryptocurrencyListQuery = z
  .object({
    enabled: z.enum(['true', 'false']).optional(),
    network: z.string().trim().max(ID_MAX).optional(),
    search: z.string().trim().max(100).optional(),
  })
  .strict();
export type TCryptocurrencyListQuery = z.infer<typeof ZCryptocurrencyListQuery>;

export const ZCryptocurrency = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  network: z.string(),
  networkName: z.string(),
  /** The chain family of the network (utxo, evm), or 'other' when no family serves it here. */
  family: z.enum(['utxo', 'evm', 'tron', 'other']),
  decimals: z.number().int(),
  contractAddress: z.string().nullable(),
  iconUrl: z.string().nullable(),
  minAmount: z.string(),
  maxAmount: z.string(),
  feePercentage: z.string().nullable(),
  requiredConfirmations: z.number().int(),
  enabled: z.boolean(),
  /** Live payments can be made in it on this server now (a node for its network, a token's contract there). */
  live: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCryptocurrency = z.infer<typeof ZCryptocurrency>;
export const ZCryptocurrencyList = z.array(ZCryptocurrency);

/** POST /admin/cryptocurrencies/bulk-enable: set enabled on many rows at once. */
export const ZBulkEnableCryptocurrenciesRequest = z
  .object({
    ids: z.array(z.string().min(1).max(ID_MAX)).min(1).max(500),
    enabled: z.boolean(),
  })
  .strict();
export type TBulkEnableCryptocurrenciesRequest = z.infer<typeof ZBulkEnableCryptocurrenciesRequest>;
export const ZBulkEnableCryptocurrenciesResult = z.object({ updated: z.number().int() });

/** GET /admin/cryptocurrencies/stats (spec 7: total, enabled, disabled, number of networks). */
export const ZCryptocurrencyStats = z.object({
  total: z.number().int(),
  enabled: z.number().int(),
  disabled: z.number().int(),
  networks: z.number().int(),
});
export type TCryptocurrencyStats = z.infer<typeof ZCryptocurrencyStats>;

/** GET /admin/cryptocurrencies/networks: the distinct networks of the rows, and the list a new row may take. */
export const ZCryptocurrencyNetworks = z.object({
  used: z.array(z.string()),
  allowed: z.array(z.enum(CRYPTO_NETWORKS)),
});
export type TCryptocurrencyNetworks = z.infer<typeof ZCryptocurrencyNetworks>;

export const ZDeleteCryptocurrencyResult = z.object({ id: z.string(), deleted: z.literal(true) });
