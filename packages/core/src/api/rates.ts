import { z } from 'zod';
import { T } from '../texts.ts';

/** The currencies the spec's client asks rates for (merchant spec 7), the default of GET /exchange-rates. */
export const DEFAULT_RATE_CURRENCIES = [
  'BTC',
  'ETH',
  'LTC',
  'DOGE',
  'USDT',
  'USDC',
  'DAI',
  'SOL',
  'ADA',
  'MATIC',
  'LINK',
  'BNB',
  'AVAX',
] as const;

export const ZExchangeRatesQuery = z.object({
  base: z.string().trim().toUpperCase().max(10).default('USD'),
  /** Comma-separated codes; default DEFAULT_RATE_CURRENCIES. */
  currencies: z.string().max(500).optional(),
});
export type TExchangeRatesQuery = z.infer<typeof ZExchangeRatesQuery>;

export const ZRateInfo = z.object({
  /** Where the rate came from: coingecko (market), manual (set by an admin), fallback (the spec's fiat
   * table), test-prices (built-in, test mode only, not market data), fixed (USD per USD). */
  source: z.string(),
  fetchedAt: z.string().nullable(),
  ageSeconds: z.number().int().nullable(),
  /** True when a live amount could be priced from it (a market rate younger than the freshness limit). */
  live: z.boolean(),
});
export type TRateInfo = z.infer<typeof ZRateInfo>;

/**
 * GET /exchange-rates?base=USD&currencies=BTC,ETH: `data` maps each symbol to the units of that symbol per
 * 1 base (decimal string, 18 significant digits), as the spec's formula uses it; `rates` beside it says
 * where each came from and how old it is; `missing` lists the symbols no source could price.
 */
export const ZExchangeRatesReply = z.object({
  success: z.literal(true),
  data: z.record(z.string(), z.string()),
  error: z.null(),
  base: z.string(),
  rates: z.record(z.string(), ZRateInfo),
  missing: z.array(z.string()),
});
export type TExchangeRatesReply = z.infer<typeof ZExchangeRatesReply>;

/** GET /exchange-rates/status: how fresh the market rates are (live amounts are priced only from fresh ones). */
export const ZRatesStatus = z.object({
  marketUpdatedAt: z
    .string()
    .nullable()
    .meta({ description: 'When the newest market rate was priced; null: never.' }),
  stale: z
    .boolean()
    .meta({ description: 'No market rate younger than maxAgeSeconds: live amounts cannot be priced.' }),
  maxAgeSeconds: z.number().int(),
});
export type TRatesStatus = z.infer<typeof ZRatesStatus>;

const ZRateValue = z
  .string({ error: T.rateValueInvalid })
  .max(60, T.rateValueInvalid)
  .refine((v) => /^\d+(\.\d+)?$/.test(v) && /[1-9]/.test(v), { message: T.rateValueInvalid });

/**
 * PUT /admin/rates/{symbol}: a manual rate, either `rate` (units of the symbol per 1 USD, the direction of
 * GET /exchange-rates) or `usdPrice` (USD per 1 unit). Manual rates serve test mode and display only.
 */
export const ZSetManualRateRequest = z
  .object({ rate: ZRateValue.optional(), usdPrice: ZRateValue.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.rate === undefined) === (v.usdPrice === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: T.rateOneOf });
    }
  });
export type TSetManualRateRequest = z.infer<typeof ZSetManualRateRequest>;

export const ZRateSymbolParams = z.object({ symbol: z.string().trim().toUpperCase().min(1).max(10) });

export const ZStoredRate = z.object({
  source: z.string(),
  base: z.string(),
  symbol: z.string(),
  /** The number as the source quoted it. */
  rate: z.string(),
  quote: z.enum(['base_per_symbol', 'symbol_per_base']),
  /** Units of the symbol per 1 base, for comparison across quotes. */
  unitsPerBase: z.string(),
  fetchedAt: z.string(),
  ageSeconds: z.number().int(),
  updatedBy: z.string().nullable(),
});
export type TStoredRate = z.infer<typeof ZStoredRate>;
