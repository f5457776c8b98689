import { z } from 'zod';
import { decimalProblem } from '../money.ts';
import { CONVERSION_CURRENCIES, PAYOUT_RULE_CURRENCIES } from '../options.ts';
import { T } from '../texts.ts';

/**
 * Instant Payouts beyond wallets (issue 18, docs/decisions/024-auto-conversion.md): the Auto Conversion switch and
 * its settings, payout rules, the payout history and the page's summary cards. Account-wide like wallets: test and
 * live sessions see the same rules and history (only live payments are ever converted).
 */

/** The merchant's cap on what a conversion may lose against the time-weighted average price, basis points. */
export const MAX_SLIPPAGE_BPS_MIN = 10;
export const MAX_SLIPPAGE_BPS_MAX = 500;
export const MAX_SLIPPAGE_BPS_DEFAULT = 100;
/** A rule's minimum amount: decimal places (merchant spec 5: step 0.00000001). */
export const RULE_MIN_AMOUNT_DECIMALS = 8;
/** The add-rule form's defaults (merchant spec 5); the To currency defaults to the switch's target currency. */
export const RULE_DEFAULTS = { fromCurrency: 'BTC', toCurrency: 'USDT', minAmount: '0.01' } as const;
/** Rules per account, deleted ones not counted. */
export const PAYOUT_RULES_MAX = 100;
/** History page size (newest first). */
export const PAYOUT_HISTORY_PAGE = 20;
export const PAYOUT_HISTORY_PAGE_MAX = 100;

export const PAYOUT_KINDS = ['flush', 'swap', 'shift'] as const;
export type TPayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_STATUSES = ['pending', 'completed', 'failed'] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** How a rule's payments are converted: swap = inside the EVM deposit contract; shift = by an exchange provider. */
export const CONVERSION_METHODS = ['swap', 'shift'] as const;
export type TConversionMethod = (typeof CONVERSION_METHODS)[number];
/** Bitcoin-family coins are converted by an exchange provider (SideShift), EVM coins by a swap. */
export const SHIFT_CURRENCIES = ['BTC', 'LTC', 'DOGE', 'BCH'] as const;

/** basis points -> '1', '0.25', '5' (percent, exact). */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = String(bps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** '1', '0.25', '1.5' (percent) -> basis points; null for anything else (more than 2 decimals, a sign, text). */
export function percentToBps(percent: string): number | null {
  const m = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

const slippageMessage = T.payoutSlippageInvalid(
  bpsToPercent(MAX_SLIPPAGE_BPS_MIN),
  bpsToPercent(MAX_SLIPPAGE_BPS_MAX),
);
const conversionCurrencyMessage = T.payoutToCurrencyInvalid(CONVERSION_CURRENCIES);

// ---------------------------------------------------------------------------------------------------------
// Auto Conversion settings

export const ZPayoutSettings = z.object({
  autoConversionEnabled: z.boolean().meta({
    description:
      'The Auto Conversion switch: while on, a live payment created in a coin that has an enabled rule, for at least its minimum, is converted to the rule’s stablecoin. Payments keep the rule they were created under.',
  }),
  conversionCurrency: z.enum(CONVERSION_CURRENCIES).meta({
    description:
      'The target currency: the default To currency of new rules, and the currency of Total Converted.',
  }),
  maxSlippageBps: z
    .number()
    .int()
    .meta({
      description: `The most a swap may lose against the pool's time-weighted average price, in basis points (${MAX_SLIPPAGE_BPS_MIN} to ${MAX_SLIPPAGE_BPS_MAX}: 0.1 % to 5 %; default ${MAX_SLIPPAGE_BPS_DEFAULT}, 1 %). Fixed into each payment's deposit address when it is created.`,
    }),
});
export type TPayoutSettings = z.infer<typeof ZPayoutSettings>;

/** PUT /payouts/settings: any of the three. */
export const ZUpdatePayoutSettingsRequest = z
  .object({
    autoConversionEnabled: z.boolean().optional(),
    conversionCurrency: z.enum(CONVERSION_CURRENCIES, { error: conversionCurrencyMessage }).optional(),
    maxSlippageBps: z
      .number({ error: slippageMessage })
      .int(slippageMessage)
      .min(MAX_SLIPPAGE_BPS_MIN, slippageMessage)
      .max(MAX_SLIPPAGE_BPS_MAX, slippageMessage)
      .optional(),
  })
  .strict();
export type TUpdatePayoutSettingsRequest = z.infer<typeof ZUpdatePayoutSettingsRequest>;

// ---------------------------------------------------------------------------------------------------------
// Rules

/** A rule's minimum: a plain decimal string of 0 or more with at most 8 decimals (never a float). */
export const ZRuleMinAmount = z
  .string({
    error: (iss) => (iss.input === undefined ? T.payoutMinAmountRequired : T.payoutMinAmountInvalid),
  })
  .trim()
  .min(1, T.payoutMinAmountRequired)
  .max(40, T.payoutMinAmountInvalid)
  .superRefine((v, ctx) => {
    const problem = decimalProblem(v, RULE_MIN_AMOUNT_DECIMALS);
    if (problem === 'too_many_decimals')
      ctx.addIssue({ code: 'custom', message: T.payoutMinAmountDecimals(RULE_MIN_AMOUNT_DECIMALS) });
    else if (problem) ctx.addIssue({ code: 'custom', message: T.payoutMinAmountInvalid });
  })
  .meta({
    description: `Payments of at least this amount, in the From currency, are converted (a decimal string, at most ${RULE_MIN_AMOUNT_DECIMALS} decimals).`,
    example: '0.01',
  });

export const ZCreatePayoutRuleRequest = z
  .object({
    fromCurrency: z
      .enum(PAYOUT_RULE_CURRENCIES, { error: T.payoutFromCurrencyInvalid(PAYOUT_RULE_CURRENCIES) })
      .meta({ example: 'ETH' }),
    fromNetwork: z
      .string()
      .trim()
      .max(50)
      .optional()
      .transform((v) => (v ? v : undefined))
      .meta({
        description:
          'The network payments arrive on (ethereum, polygon, bsc, ...). Required when the From currency has several.',
        example: 'ethereum',
      }),
    toCurrency: z.enum(CONVERSION_CURRENCIES, { error: conversionCurrencyMessage }).meta({ example: 'USDT' }),
    walletId: z
      .string({ error: T.payoutWalletRequired })
      .trim()
      .min(1, T.payoutWalletRequired)
      .max(100, T.payoutWalletNotFound)
      .meta({
        description:
          'A whitelisted single-address wallet of the To currency. For an EVM From network, on that same network (the swap happens there).',
      }),
    minAmount: ZRuleMinAmount,
  })
  .strict();
export type TCreatePayoutRuleRequest = z.input<typeof ZCreatePayoutRuleRequest>;

/** PUT /payouts/rules/{id}: the Active/Disabled toggle and the minimum amount. */
export const ZUpdatePayoutRuleRequest = z
  .object({
    enabled: z.boolean().optional(),
    minAmount: ZRuleMinAmount.optional(),
  })
  .strict()
  .refine((v) => v.enabled !== undefined || v.minAmount !== undefined, { message: T.payoutRuleUpdateEmpty });
export type TUpdatePayoutRuleRequest = z.input<typeof ZUpdatePayoutRuleRequest>;

export const ZPayoutRuleParams = z.object({ id: z.string().trim().min(1).max(100) });

export const ZSwapRoute = z.object({
  tokens: z.array(z.string()).meta({ description: 'Token addresses along the route, the first paid in.' }),
  fees: z.array(z.number().int()).meta({ description: 'The V3 pool fee tier of each hop (500 = 0.05 %).' }),
});

export const ZPayoutRule = z.object({
  id: z.string().meta({ example: 'prl_3x7...' }),
  fromCurrency: z.string(),
  fromNetwork: z.string(),
  toCurrency: z.string(),
  walletId: z.string(),
  wallet: z.object({
    label: z.string(),
    currency: z.string(),
    network: z.string(),
    address: z.string(),
  }),
  minAmount: z.string().meta({ description: 'Decimal string in the From currency.' }),
  enabled: z.boolean(),
  conversion: z.enum(CONVERSION_METHODS).meta({
    description:
      'swap: on the EVM network, inside the payment’s own deposit contract (Uniswap V3); shift: by an exchange provider (Bitcoin-family coins).',
  }),
  swapRoute: ZSwapRoute.nullable().meta({
    description: 'The route found when the rule was saved (swap only).',
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPayoutRule = z.infer<typeof ZPayoutRule>;

export const ZPayoutRuleList = z.object({ rules: z.array(ZPayoutRule) });
export type TPayoutRuleList = z.infer<typeof ZPayoutRuleList>;
export const ZDeletedPayoutRule = z.object({ id: z.string(), deleted: z.literal(true) });

// ---------------------------------------------------------------------------------------------------------
// History

/** A payout history entry (merchant spec 3), with what Coinlane knows beyond it. Amounts: exact decimal strings. */
export const ZPayoutEntry = z.object({
  id: z.string().meta({ example: 'pyo_3x7...' }),
  paymentId: z.string().nullable(),
  ruleId: z.string().nullable(),
  kind: z.enum(PAYOUT_KINDS).meta({
    description:
      'flush: a deposit contract emptied to your wallet as received; swap: emptied through a Uniswap V3 swap; shift: converted by an exchange provider.',
  }),
  network: z.string().meta({ description: 'The network the original coin arrived on.' }),
  originalAmount: z.string(),
  originalCurrency: z.string(),
  convertedAmount: z
    .string()
    .nullable()
    .meta({ description: 'What reached your wallet; null until completed.' }),
  payoutCurrency: z.string(),
  exchangeRate: z
    .string()
    .nullable()
    .meta({ description: 'Payout currency per unit of the original currency.' }),
  fee: z.string().nullable(),
  feeCurrency: z.string().nullable(),
  feeDetails: z
    .record(z.string(), z.unknown())
    .meta({ description: 'What the fee is made of (gas, pool, provider).' }),
  walletAddress: z.string(),
  status: z
    .enum(PAYOUT_STATUSES)
    .meta({ description: 'pending (awaiting confirmation), completed or failed.' }),
  txHash: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TPayoutEntry = z.infer<typeof ZPayoutEntry>;

/** GET /payouts/history: newest first; `before` is the id of the last entry of the previous page. */
export const ZPayoutHistoryQuery = z
  .object({
    status: z
      .union([z.enum(PAYOUT_STATUSES), z.literal('')])
      .optional()
      .transform((v) => (v ? v : undefined)),
    before: z
      .string()
      .trim()
      .max(100, T.payoutHistoryCursorInvalid)
      .optional()
      .transform((v) => (v ? v : undefined))
      .meta({ description: 'The nextCursor of the previous page.' }),
    limit: z.coerce.number().int().min(1).max(PAYOUT_HISTORY_PAGE_MAX).default(PAYOUT_HISTORY_PAGE),
  })
  .strict();
export type TPayoutHistoryQuery = z.infer<typeof ZPayoutHistoryQuery>;

export const ZPayoutHistoryPage = z.object({
  items: z.array(ZPayoutEntry),
  /** Pass as `before` for the next, older page; null at the end. */
  nextCursor: z.string().nullable(),
});
export type TPayoutHistoryPage = z.infer<typeof ZPayoutHistoryPage>;

// ---------------------------------------------------------------------------------------------------------
// Summary cards

export const ZPayoutSummary = z.object({
  totalConverted: z.array(z.object({ currency: z.string(), amount: z.string() })).meta({
    description:
      'Converted amounts of completed conversions (swaps and shifts), summed exactly per payout currency; the conversion currency first.',
  }),
  conversionCurrency: z.enum(CONVERSION_CURRENCIES),
  activeRules: z.number().int().meta({ description: 'Enabled rules.' }),
  pendingPayouts: z.number().int().meta({ description: 'History entries still pending.' }),
});
export type TPayoutSummary = z.infer<typeof ZPayoutSummary>;
