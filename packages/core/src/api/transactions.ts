import { z } from 'zod';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES, type TPaymentStatus } from '../payment-status.ts';
import { PAYMENT_REFUND_STATES } from '../refund-status.ts';

/**
 * The merchant's Transactions (merchant spec 2, 3 and 5): one row per payment attempt, in the spec's
 * three-valued status. The payment's own status and exception travel beside it, so nothing is hidden.
 */

/** Transaction status of the spec (section 3): confirmed, pending, failed. */
export const TRANSACTION_STATUSES = ['confirmed', 'pending', 'failed'] as const;
export type TTransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/**
 * A payment's status as the spec's Transaction status: partial is money still arriving, so pending; an
 * expired attempt did not complete, so failed (docs/decisions/006-transactions-and-analytics.md).
 */
export function transactionStatusOf(status: TPaymentStatus): TTransactionStatus {
  if (status === 'confirmed') return 'confirmed';
  if (status === 'pending' || status === 'partial') return 'pending';
  return 'failed';
}

/** The payment statuses a transaction status covers (the inverse of transactionStatusOf). */
export function paymentStatusesOf(status: TTransactionStatus): TPaymentStatus[] {
  return PAYMENT_STATUSES.filter((s) => transactionStatusOf(s) === status);
}

export const TRANSACTIONS_LIMIT_DEFAULT = 20;
export const TRANSACTIONS_LIMIT_MAX = 100;
export const TRANSACTIONS_SEARCH_MAX = 200;

/** An IANA time zone name for dates and month boundaries ('Europe/Paris'); default UTC. */
export const ZTimeZone = z
  .string()
  .trim()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  )
  .meta({ description: 'IANA time zone for dates, days and months (default UTC)', example: 'Europe/Paris' });

/** Filters shared by the list and the CSV export. Empty strings mean "no filter" (the page's 'All ...'). */
export const ZTransactionFilters = z.object({
  search: z
    .string()
    .trim()
    .max(TRANSACTIONS_SEARCH_MAX)
    .optional()
    .meta({ description: 'Matches id, customer e-mail and description, case-insensitively' }),
  status: z
    .union([z.enum(TRANSACTION_STATUSES), z.literal('all'), z.literal('')])
    .optional()
    .transform((v) => (v === 'all' || v === '' ? undefined : v)),
  crypto: z
    .string()
    .trim()
    .toUpperCase()
    .max(10)
    .regex(/^[A-Z0-9]*$/, 'Unknown cryptocurrency')
    .optional()
    .transform((v) => (v === '' || v === 'ALL' ? undefined : v))
    .meta({ description: 'Coin code (BTC, ETH, USDT, ...)' }),
  timeZone: ZTimeZone.optional(),
});
export type TTransactionFilters = z.infer<typeof ZTransactionFilters>;

/**
 * Where a page of transactions starts (keyset pagination): the previous page's `pagination.nextCursor`, the
 * position of its last row in the list's order (created_at, id, newest first) as `<microseconds since 1970>_<id>`.
 */
export const ZTransactionsCursor = z
  .string()
  .trim()
  .max(120)
  .regex(/^\d{1,17}_[A-Za-z0-9_]{1,100}$/, 'Invalid cursor: pass pagination.nextCursor of the previous page');

/** A cursor's parts: created_at in microseconds since 1970 (exact, as text) and the payment id. */
export function parseTransactionsCursor(cursor: string): { micros: string; id: string } {
  const at = cursor.indexOf('_');
  return { micros: cursor.slice(0, at), id: cursor.slice(at + 1) };
}

export const ZListTransactionsQuery = ZTransactionFilters.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1).meta({
    description:
      'Page number (1-based); with `cursor`, only echoed back (the cursor says where the page starts)',
  }),
  limit: z.coerce.number().int().min(1).max(TRANSACTIONS_LIMIT_MAX).default(TRANSACTIONS_LIMIT_DEFAULT),
  cursor: ZTransactionsCursor.optional().meta({
    description:
      'The previous page’s pagination.nextCursor: the page after it, read from the index at any depth (prefer it to a deep `page`)',
  }),
});
export type TListTransactionsQuery = z.infer<typeof ZListTransactionsQuery>;

export const ZTransaction = z.object({
  id: z.string(),
  /** The latest transfer's transaction hash, or null before any. */
  txid: z.string().nullable(),
  /** Amount due, in whole coins (decimal string). */
  amount: z.string(),
  /** Everything received (confirmed or not), in whole coins. */
  amountReceived: z.string(),
  /** What was received with its required confirmations, in whole coins. */
  amountConfirmed: z.string(),
  /** What was received beyond the amount due ("0" when not more). */
  amountExcess: z.string(),
  /** Coin code (the spec's `crypto`). */
  currency: z.string(),
  /** USD value of the amount due at the payment's locked rate (decimal string, cents), or null. */
  usdAmount: z.string().nullable(),
  /**
   * USD value of amountConfirmed at the same rate (usdAmount x amountConfirmed / amount, half-up to cents), or
   * null: what Total Volume counts for a confirmed row.
   */
  usdConfirmed: z.string().nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  exception: z.enum(PAYMENT_EXCEPTIONS),
  /** A late payment the merchant may accept (POST /payments/{id}/accept). */
  canAccept: z.boolean(),
  customerEmail: z.string().nullable(),
  description: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  network: z.string(),
  paymentLinkId: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /**
   * Live EVM payments paid to a forwarder deposit address: when Coinlane's last flush moved it to your address and
   * its transaction (null until then); you can move it yourself (GET /payments/{id}/flush-transaction). Null for
   * every other payment.
   */
  forwarder: z.object({ flushedAt: z.string().nullable(), flushTx: z.string().nullable() }).nullable(),
  /** Refunds (decision 022): the sum of paid refunds in the coin, and none, partial or full (of the confirmed money). */
  amountRefunded: z.string(),
  refundState: z.enum(PAYMENT_REFUND_STATES),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** Figures over every row matching the filters (not only the page): the page's summary cards. */
export const ZTransactionSummary = z.object({
  count: z.number().int(),
  confirmedCount: z.number().int(),
  pendingCount: z.number().int(),
  failedCount: z.number().int(),
  /**
   * Sum of usdConfirmed of the confirmed rows (accepted late payments included): what was received, not what was
   * due (decimal string, cents).
   */
  totalVolumeUsd: z.string(),
});
export type TTransactionSummary = z.infer<typeof ZTransactionSummary>;

export const ZPagePagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  hasMore: z.boolean(),
});

/** GET /transactions' pagination: the page's, and the cursor of the page after it (null on the last page). */
export const ZTransactionsPagination = ZPagePagination.extend({
  nextCursor: z.string().nullable(),
});

/** GET /transactions: the page in `data`, the pagination and the summary beside it. */
export const ZListTransactionsReply = z.object({
  success: z.literal(true),
  data: z.array(ZTransaction),
  error: z.null(),
  pagination: ZTransactionsPagination,
  summary: ZTransactionSummary,
});
export type TListTransactionsReply = z.infer<typeof ZListTransactionsReply>;

/**
 * The CSV export's columns, in order: the merchant spec's eleven (section 9), then ours. Amount and USD Amount
 * are what was due; Amount Received everything received, USD Confirmed the USD value of the confirmed money
 * (the sum of the confirmed rows' USD Confirmed is Total Volume), Exception the payment's exception
 * (paid_partial, paid_over, paid_late; empty for none). docs/decisions/013-late-and-overpaid-payments.md. Refunded: the
 * sum of paid refunds in the coin (decision 022).
 */
export const TRANSACTION_CSV_COLUMNS = [
  'Transaction ID',
  'Amount',
  'Currency',
  'USD Amount',
  'Status',
  'Customer Email',
  'Description',
  'Date',
  'Time',
  'Confirmations',
  'Required Confirmations',
  'Amount Received',
  'USD Confirmed',
  'Exception',
  'Refunded',
] as const;

/**
 * One CSV cell: quoted when it holds a comma, quote, CR or LF; a text starting with = + - @ (or tab / CR)
 * gets a leading apostrophe so a spreadsheet never runs it as a formula (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(',')}\r\n`;

/** One formatter per time zone, made once: building an Intl.DateTimeFormat costs more than formatting with it. */
const zonedFormats = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let f = zonedFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    // The zones in use are few (IANA names, validated by ZTimeZone); the bound only guards against a flood.
    if (zonedFormats.size >= 1000) zonedFormats.clear();
    zonedFormats.set(timeZone, f);
  }
  return f;
}

/** Calendar date (YYYY-MM-DD) and time (HH:MM:SS, 24 h) of an instant in a time zone. */
export function zonedDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    zonedFormat(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
  };
}

/** A calendar date (YYYY-MM-DD) moved by whole days. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
