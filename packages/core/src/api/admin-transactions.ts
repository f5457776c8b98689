import { z } from 'zod';
import { MODES, RISK_LOW_MAX, RISK_MEDIUM_MAX } from '../options.ts';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES, type TPaymentStatus } from '../payment-status.ts';
import { PAYMENT_REFUND_STATES, type TPaymentRefundState } from '../refund-status.ts';
import { T } from '../texts.ts';
import { ZTransfer } from './payments.ts';
import {
  TRANSACTIONS_SEARCH_MAX,
  transactionStatusOf,
  ZTimeZone,
  ZTransactionFilters,
} from './transactions.ts';

/**
 * Transaction Management of the back-office (admin spec 2, 3, 5, 7, 8): every merchant's payments as the spec's
 * transactions, read side. One row per payment attempt; the payment's own status and exception travel beside the
 * spec's status, so nothing is hidden.
 */

/** The spec's transaction status (admin spec 3 and 4). */
export const ADMIN_TRANSACTION_STATUSES = ['completed', 'pending', 'failed', 'refunded'] as const;
export type TAdminTransactionStatus = (typeof ADMIN_TRANSACTION_STATUSES)[number];

/**
 * A payment's status as the spec's: confirmed is completed; pending and partial (money still arriving) are
 * pending; failed and expired are failed (the merchant's mapping, transactionStatusOf). Refunded depends on the
 * payment's refunds: adminTransactionStatusWithRefunds.
 */
export function adminTransactionStatusOf(status: TPaymentStatus): TAdminTransactionStatus {
  const s = transactionStatusOf(status);
  return s === 'confirmed' ? 'completed' : s;
}

/**
 * A payment's spec status with its refunds (decision 022): refunded once its paid refunds cover its confirmed money;
 * a partially refunded payment keeps its status (refundState 'partial' beside it).
 */
export function adminTransactionStatusWithRefunds(
  status: TPaymentStatus,
  refundState: TPaymentRefundState,
): TAdminTransactionStatus {
  return refundState === 'full' ? 'refunded' : adminTransactionStatusOf(status);
}

/**
 * The payment statuses a spec status covers (the inverse of adminTransactionStatusOf; none for refunded: the
 * refunded filter matches payments with paid refunds instead, whatever their status).
 */
export function paymentStatusesOfAdmin(status: TAdminTransactionStatus): TPaymentStatus[] {
  return PAYMENT_STATUSES.filter((s) => adminTransactionStatusOf(s) === status);
}

/** Risk bands (admin spec 5): low 3 or below, medium 4 to 6, high above 6. */
export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type TRiskLevel = (typeof RISK_LEVELS)[number];
export function riskLevelOf(score: number): TRiskLevel {
  if (score <= RISK_LOW_MAX) return 'low';
  if (score <= RISK_MEDIUM_MAX) return 'medium';
  return 'high';
}

/** Rows of the list: the newest 100 (admin spec 7 and 9). */
export const ADMIN_TRANSACTIONS_LIMIT = 100;

/** 'all' and '' mean no filter (the page's 'All ...' entries). */
const noneIfAll = <V extends string>(v: V | 'all' | '' | undefined) =>
  v === 'all' || v === '' || v === undefined ? undefined : (v as Exclude<V, 'all' | ''>);
const noneIfEmpty = (v: string | undefined) => (v === '' ? undefined : v);

/** A real calendar day written YYYY-MM-DD. */
const isDay = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};

const ZDay = z
  .string()
  .trim()
  .max(10, T.dateInvalid)
  .refine((v) => v === '' || isDay(v), { message: T.dateInvalid })
  .optional()
  .transform(noneIfEmpty);

const ZUsdBound = z
  .string()
  .trim()
  .max(20)
  .regex(/^(\d{1,15}(\.\d{1,2})?)?$/, T.usdAmountInvalid)
  .optional()
  .transform(noneIfEmpty);

/**
 * GET /admin/transactions. Every filter combines with the others; the tiles and the rows both follow them.
 * Dates are calendar days in `timeZone` (default UTC), both ends included.
 */
export const ZAdminTransactionsQuery = z
  .object({
    search: z.string().trim().max(TRANSACTIONS_SEARCH_MAX).optional().transform(noneIfEmpty).meta({
      description: 'Matches the transaction (payment) id and the customer e-mail, case-insensitively',
    }),
    status: z
      .union([z.enum(ADMIN_TRANSACTION_STATUSES), z.literal('all'), z.literal('')])
      .optional()
      .transform(noneIfAll)
      .meta({
        description:
          'completed (confirmed), pending (pending, partial), failed (failed, expired), refunded (payments with paid refunds, in full or in part)',
      }),
    risk: z
      .union([z.enum(RISK_LEVELS), z.literal('all'), z.literal('')])
      .optional()
      .transform(noneIfAll)
      .meta({
        description: 'low (1-3), medium (4-6), high (7-10) by the payment’s risk score',
      }),
    mode: z.enum(MODES).default('live').meta({ description: 'live (default: real money) or test' }),
    from: ZDay.meta({ description: 'Created on or after this day (YYYY-MM-DD in timeZone)' }),
    to: ZDay.meta({ description: 'Created on or before this day (YYYY-MM-DD in timeZone)' }),
    merchant: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform(noneIfEmpty)
      .meta({ description: 'The merchant’s user id' }),
    currency: ZTransactionFilters.shape.crypto,
    minAmount: ZUsdBound.meta({ description: 'Minimum USD amount (the payment’s usd_amount), included' }),
    maxAmount: ZUsdBound.meta({ description: 'Maximum USD amount, included' }),
    timeZone: ZTimeZone.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: T.dateRangeInvalid });
    }
    if (q.minAmount && q.maxAmount && Number(q.maxAmount) < Number(q.minAmount)) {
      ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: T.usdRangeInvalid });
    }
  });
export type TAdminTransactionsQuery = z.infer<typeof ZAdminTransactionsQuery>;
export type TAdminTransactionsQueryInput = z.input<typeof ZAdminTransactionsQuery>;

/** The merchant label (admin spec 7): business name, else name, else 'Unknown Merchant'. */
export const ZAdminTransactionMerchant = z.object({ id: z.string(), label: z.string() });

/**
 * Risk of a transaction: the rule set's score and flags (@coinlane/core/risk-rules), computed at creation and on
 * every change of the payment; 5 for a payment never scored (made before the rules).
 */
const riskFields = {
  riskScore: z
    .number()
    .int()
    .min(1)
    .max(10)
    .meta({ description: 'Risk score 1-10 (low 1-3, medium 4-6, high 7-10); 5 when unknown' }),
  fraudFlags: z
    .array(z.string())
    .meta({ description: 'Fraud flags of the rule set, e.g. partial_payment (underscores shown as spaces)' }),
};

export const ZAdminTransaction = z.object({
  /** The payment's id. */
  id: z.string(),
  mode: z.enum(MODES),
  customerEmail: z.string().nullable(),
  merchant: ZAdminTransactionMerchant,
  /** USD value of the amount due at the payment's locked rate (decimal string), or null. */
  amountUsd: z.string().nullable(),
  /** Amount due, in whole coins. */
  cryptoAmount: z.string(),
  /** Everything received (confirmed or not), in whole coins: a partial or late payment shows what came. */
  amountReceived: z.string(),
  /** The part of amountReceived that arrived after the attempt expired or was cancelled. */
  amountLate: z.string(),
  /** Refunds (decision 022): the sum of paid refunds in the coin; none, partial, or full (status refunded). */
  amountRefunded: z.string(),
  refundState: z.enum(PAYMENT_REFUND_STATES),
  currency: z.string(),
  network: z.string(),
  status: z.enum(ADMIN_TRANSACTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  ...riskFields,
  createdAt: z.string(),
  /** When the payment was confirmed (confirmed_at), or null. */
  completedAt: z.string().nullable(),
});
export type TAdminTransaction = z.infer<typeof ZAdminTransaction>;

/** The six tiles (admin spec 2), over every payment matching the filters, not only the rows shown. */
export const ZAdminTransactionTiles = z.object({
  totalVolume: z.string().meta({
    description:
      'USD of the completed transactions only: what they received and confirmed, at each payment’s locked rate (the merchant dashboard’s rule)',
    example: '1250.00',
  }),
  completed: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  highRisk: z.number().int().meta({ description: 'Risk score above 6' }),
  total: z.number().int(),
});
export type TAdminTransactionTiles = z.infer<typeof ZAdminTransactionTiles>;

export const ZAdminTransactionList = z.object({
  tiles: ZAdminTransactionTiles,
  /** The newest 100 matching transactions, newest first. */
  transactions: z.array(ZAdminTransaction),
  /** How many rows at most are listed (100). */
  limit: z.number().int(),
  /** What the More Filters can choose among in this mode: merchants with payments, coins paid in. */
  filterOptions: z.object({
    merchants: z.array(ZAdminTransactionMerchant),
    currencies: z.array(z.string()),
  }),
});
export type TAdminTransactionList = z.infer<typeof ZAdminTransactionList>;

export const ZAdminTransactionIdParams = z.object({ id: z.string().trim().min(1).max(100) });

/** An amount in the coin and its USD value at the payment's locked rate (null without one). */
const ZAmountPair = z.object({ crypto: z.string(), usd: z.string().nullable() });

export const ZAdminAuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  entityType: z.string(),
  actorType: z.enum(['user', 'admin', 'api_key', 'pos_device', 'system']),
  actorId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdminAuditEntry = z.infer<typeof ZAdminAuditEntry>;

/** GET /admin/transactions/:id: the details dialog (admin spec 2) and what the chain and the books know. */
export const ZAdminTransactionDetails = z.object({
  transaction: z.object({
    id: z.string(),
    mode: z.enum(MODES),
    status: z.enum(ADMIN_TRANSACTION_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    exception: z.enum(PAYMENT_EXCEPTIONS),
    failureReason: z.string().nullable(),
    currency: z.string(),
    network: z.string(),
    networkName: z.string(),
    /** Due, received (confirmed or not), confirmed, late (after expiry), beyond what was due. */
    amounts: z.object({
      due: ZAmountPair,
      received: ZAmountPair,
      confirmed: ZAmountPair,
      late: ZAmountPair,
      excess: ZAmountPair,
    }),
    fiatAmount: z.string().nullable(),
    fiatCurrency: z.string().nullable(),
    description: z.string().nullable(),
    paymentLinkId: z.string().nullable(),
    attempt: z.number().int(),
    address: z.string(),
    txHash: z.string().nullable(),
    confirmations: z.number().int(),
    requiredConfirmations: z.number().int(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    expiresAt: z.string(),
    updatedAt: z.string(),
  }),
  merchant: ZAdminTransactionMerchant.extend({ email: z.string().nullable() }),
  /**
   * The hosted page's client IP (null for API payments and once deleted after its retention period) and its country
   * (ISO code, 'Unknown' when the offline database has none; null when nothing was recorded).
   */
  customer: z.object({
    email: z.string().nullable(),
    ip: z.string().nullable(),
    country: z.string().nullable(),
  }),
  risk: z.object({
    ...riskFields,
    /** When the rules last scored it; null: never (made before the rules: 5). */
    scoredAt: z.string().nullable(),
    /** The payer addresses the watchers saw on its transfers (EVM sender, UTXO spent outputs). */
    payerAddresses: z.array(z.string()),
  }),
  /** An administrator confirmed it by hand: when, who, why (null otherwise). */
  approval: z
    .object({ approvedAt: z.string(), approvedBy: z.string().nullable(), reason: z.string().nullable() })
    .nullable(),
  fees: z.object({
    /** The platform fee recorded when the payment was confirmed (invoiced to the merchant), or null. */
    platformFee: z
      .object({
        id: z.string(),
        amount: z.string(),
        currency: z.string(),
        percentage: z.string(),
        usd: z.string().nullable(),
        status: z.enum(['pending', 'invoiced', 'voided']),
        createdAt: z.string(),
        voidedAt: z.string().nullable(),
      })
      .nullable(),
    /** The network fee, in the coin, when known; the payer pays it and Coinlane does not record it: null. */
    networkFee: z.object({ amount: z.string(), currency: z.string() }).nullable(),
  }),
  /** Transfers seen on chain for the payment, oldest first. */
  transfers: z.array(ZTransfer),
  /** Audit rows of the payment and of its platform fee, newest first. */
  auditTrail: z.array(ZAdminAuditEntry),
});
export type TAdminTransactionDetails = z.infer<typeof ZAdminTransactionDetails>;

/** The Export Details file: the details, when and by whom they were exported. */
export const ZAdminTransactionExport = ZAdminTransactionDetails.extend({
  exportedAt: z.string(),
  exportedBy: z.string(),
});
export type TAdminTransactionExport = z.infer<typeof ZAdminTransactionExport>;

/** transaction-<id>.json */
export const transactionExportFileName = (id: string) =>
  `transaction-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`;

// Approve and the compliance export (issue 16, docs/decisions/021-risk-sanctions-and-approval.md)

/** The longest approval reason kept. */
export const APPROVE_REASON_MAX = 500;

/** POST /admin/transactions/:id/approve: why the administrator confirms it by hand (required). */
export const ZApproveTransactionRequest = z.object(
  {
    reason: z
      .string({ error: T.approveReasonRequired })
      .trim()
      .min(1, T.approveReasonRequired)
      .max(APPROVE_REASON_MAX, T.approveReasonTooLong(APPROVE_REASON_MAX)),
  },
  { error: T.approveReasonRequired },
);
export type TApproveTransactionRequest = z.infer<typeof ZApproveTransactionRequest>;

/**
 * Whether Approve is offered: money arrived on chain (received, confirmed or not) and the payment is not
 * confirmed (too few confirmations, a part paid, paid late). The server decides again (canApprove).
 */
export const isApprovable = (t: { paymentStatus: TPaymentStatus; amountReceived: string }) =>
  t.paymentStatus !== 'confirmed' && /[1-9]/.test(t.amountReceived);

/** GET /admin/transactions/compliance-export: flagged transactions (a score above 6 or any flag). */
export const ZComplianceExportQuery = z.object({
  mode: z.enum(MODES).default('live').meta({ description: 'live (default) or test' }),
  from: ZDay.meta({ description: 'Created on or after this day (YYYY-MM-DD, UTC)' }),
  to: ZDay.meta({ description: 'Created on or before this day (YYYY-MM-DD, UTC)' }),
});
export type TComplianceExportQuery = z.infer<typeof ZComplianceExportQuery>;
export type TComplianceExportQueryInput = z.input<typeof ZComplianceExportQuery>;

/** The columns of the compliance export (CSV, one row per flagged transaction, newest first). */
export const COMPLIANCE_EXPORT_COLUMNS = [
  'transaction_id',
  'created_at',
  'mode',
  'status',
  'payment_status',
  'merchant_id',
  'merchant',
  'customer_email',
  'customer_country',
  'amount',
  'currency',
  'network',
  'amount_received',
  'amount_usd',
  'risk_score',
  'fraud_flags',
  'payer_addresses',
  'tx_hashes',
] as const;

/** compliance-<mode>-<YYYY-MM-DD>.csv */
export const complianceExportFileName = (mode: string, day: string) => `compliance-${mode}-${day}.csv`;
