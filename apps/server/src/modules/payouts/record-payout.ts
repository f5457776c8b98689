import type { TPayoutKind } from '@coinlane/core/api/payouts';
import { randomId } from '@coinlane/core/ids';
import { decimalProblem } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import type { Db } from '#app/db/connection.ts';
import { recordAudit } from '#app/modules/audit/record-audit.ts';
import { writeOutboxEvent } from '#app/modules/outbox/write-outbox-event.ts';
import { type PayoutRow, presentPayout } from './present-payout.ts';

/*
 * The payout history (docs/decisions/024-auto-conversion.md, "History"): every movement Coinlane arranges toward a
 * merchant's wallet is one entry, opened pending and then completed or failed exactly once. Each change writes its
 * audit row and queues its webhook event (payout.created, payout.completed, payout.failed) in one transaction:
 * the caller's when it passes one (db.isTransaction), else its own. No network I/O here.
 *
 * Amounts, rates and fees are exact decimal strings (numeric columns), in whole coins: never floats.
 */

/** A decimal string that a numeric column stores exactly; anything else is a programming error. */
function decimal(name: string, value: string): string {
  if (decimalProblem(value) !== null) throw new Error(`payout ${name} is not a plain decimal: ${value}`);
  return value;
}
const optionalDecimal = (name: string, value: string | null | undefined) =>
  value === null || value === undefined ? null : decimal(name, value);

const inTransaction = <T>(db: Db, run: (trx: Db) => Promise<T>): Promise<T> =>
  db.isTransaction ? run(db) : db.transaction().execute(run);

/** The mode of the payment an entry is about (its events go to that mode's endpoint); live without a payment. */
async function modeOf(db: Db, paymentId: string | null): Promise<TMode> {
  if (!paymentId) return 'live';
  const row = await db.selectFrom('payments').select('mode').where('id', '=', paymentId).executeTakeFirst();
  return row?.mode ?? 'live';
}

async function announce(
  db: Db,
  row: PayoutRow,
  type: 'payout.created' | 'payout.completed' | 'payout.failed',
) {
  const mode = await modeOf(db, row.payment_id);
  const entry = presentPayout(row);
  await recordAudit({
    db,
    actorId: null,
    actorType: 'system',
    action: type,
    entityType: 'payout',
    entityId: row.id,
    mode,
    after: {
      paymentId: row.payment_id,
      kind: row.kind,
      status: row.status,
      originalAmount: row.original_amount,
      originalCurrency: row.original_currency,
      convertedAmount: row.converted_amount,
      payoutCurrency: row.payout_currency,
      txHash: row.tx_hash,
      failureReason: row.failure_reason,
    },
  });
  await writeOutboxEvent({
    db,
    userId: row.user_id,
    mode,
    type,
    entityType: 'payout',
    entityId: row.id,
    payload: entry,
  });
}

export type OpenPayoutInput = {
  userId: string;
  /** The payment whose money moves (null for a movement of no one payment). */
  paymentId: string | null;
  /** The payout rule the payment was created under (null for a plain flush). */
  ruleId: string | null;
  /** flush: a forwarder emptied as received; swap: emptied through its swap; shift: an exchange provider's shift. */
  kind: TPayoutKind;
  /** The network the original coin arrived on. */
  network: string;
  /** Decimal string in whole coins of originalCurrency. */
  originalAmount: string;
  originalCurrency: string;
  payoutCurrency: string;
  /** The merchant's address the payout goes to (in full: the page shortens it). */
  walletAddress: string;
  /** Idempotency key of a flush or swap: one entry per (payment, evm_flushes row). */
  evmFlushId?: string | null;
  /** Idempotency key of a shift: one entry per conversion_shifts row. */
  conversionShiftId?: string | null;
  txHash?: string | null;
  /** Payout currency per original unit, when already known (a fixed-rate shift's quote). */
  exchangeRate?: string | null;
};

/**
 * Opens a pending payout history entry and returns its id, with its audit row and payout.created. Idempotent on
 * its unique keys: a second call with the same (paymentId, evmFlushId) or conversionShiftId returns the existing
 * entry's id and queues nothing. Without either key every call opens a new entry.
 */
export async function openPayout(db: Db, input: OpenPayoutInput): Promise<string> {
  const originalAmount = decimal('originalAmount', input.originalAmount);
  const exchangeRate = optionalDecimal('exchangeRate', input.exchangeRate);
  const evmFlushId = input.evmFlushId ?? null;
  const conversionShiftId = input.conversionShiftId ?? null;
  if (evmFlushId && !input.paymentId) throw new Error('openPayout: a flush entry needs its paymentId');
  return inTransaction(db, async (trx) => {
    const now = new Date();
    const inserted = await trx
      .insertInto('payouts')
      .values({
        id: randomId('pyo'),
        user_id: input.userId,
        payment_id: input.paymentId,
        rule_id: input.ruleId,
        kind: input.kind,
        network: input.network,
        original_amount: originalAmount,
        original_currency: input.originalCurrency,
        payout_currency: input.payoutCurrency,
        exchange_rate: exchangeRate,
        wallet_address: input.walletAddress,
        tx_hash: input.txHash ?? null,
        evm_flush_id: evmFlushId,
        conversion_shift_id: conversionShiftId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) {
      await announce(trx, inserted, 'payout.created');
      return inserted.id;
    }
    let existing = trx.selectFrom('payouts').select('id');
    if (evmFlushId) {
      existing = existing.where('payment_id', '=', input.paymentId).where('evm_flush_id', '=', evmFlushId);
    } else if (conversionShiftId) {
      existing = existing.where('conversion_shift_id', '=', conversionShiftId);
    } else {
      throw new Error('openPayout: insert refused without an idempotency key');
    }
    const row = await existing.executeTakeFirst();
    if (!row) throw new Error('openPayout: conflicting entry not found');
    return row.id;
  });
}

/** An entry's row, or a thrown error for an id that names none (a programming error of the caller). */
async function requirePayout(db: Db, payoutId: string): Promise<PayoutRow> {
  const row = await db.selectFrom('payouts').selectAll().where('id', '=', payoutId).executeTakeFirst();
  if (!row) throw new Error(`payout ${payoutId} not found`);
  return row;
}

export type CompletePayoutInput = {
  payoutId: string;
  /** What reached the merchant's wallet, decimal string in whole coins of the payout currency. */
  convertedAmount: string;
  /** Payout currency per original unit (1 for a plain flush); null when not known. */
  exchangeRate: string | null;
  /** The fee borne (gas, pool fee, provider fee) as one decimal in feeCurrency; null when none is known. */
  fee: string | null;
  feeCurrency: string | null;
  /** What fee is made of: { gasWei, gasCurrency, poolFeeBps, providerFee, ... }. */
  feeDetails: Record<string, unknown>;
  /** The transaction that paid the merchant (a flush, a swap, a shift's settle transaction). */
  txHash: string | null;
  /**
   * What actually reached the wallet when it is not the entry's payout currency: a swap that could not be made
   * delivers the original coin (decision 024). Unchanged when absent.
   */
  payoutCurrency?: string;
};

/**
 * A pending entry completed: the converted amount, rate, fee and transaction recorded, payout.completed queued.
 * Returns true when this call completed it; false when it was already completed or failed (nothing changes, no
 * event: safe to run twice).
 */
export async function completePayout(db: Db, input: CompletePayoutInput): Promise<boolean> {
  const convertedAmount = decimal('convertedAmount', input.convertedAmount);
  const exchangeRate = optionalDecimal('exchangeRate', input.exchangeRate);
  const fee = optionalDecimal('fee', input.fee);
  return inTransaction(db, async (trx) => {
    const now = new Date();
    const row = await trx
      .updateTable('payouts')
      .set({
        status: 'completed',
        converted_amount: convertedAmount,
        ...(input.payoutCurrency ? { payout_currency: input.payoutCurrency } : {}),
        exchange_rate: exchangeRate,
        fee,
        fee_currency: input.feeCurrency,
        fee_details: JSON.stringify(input.feeDetails),
        tx_hash: input.txHash,
        completed_at: now,
        updated_at: now,
      })
      .where('id', '=', input.payoutId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      await requirePayout(trx, input.payoutId);
      return false;
    }
    await announce(trx, row, 'payout.completed');
    return true;
  });
}

/** Failure reasons are kept to this length (a provider's or node's message can be long). */
const REASON_MAX = 500;

/**
 * A pending entry failed (a shift refunded or expired, a swap that could not be made), with its reason for the
 * merchant; payout.failed queued. Returns true when this call failed it; false when it was already final.
 */
export async function failPayout(
  db: Db,
  { payoutId, reason }: { payoutId: string; reason: string },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const now = new Date();
    const row = await trx
      .updateTable('payouts')
      .set({ status: 'failed', failure_reason: reason.slice(0, REASON_MAX), updated_at: now })
      .where('id', '=', payoutId)
      .where('status', '=', 'pending')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      await requirePayout(trx, payoutId);
      return false;
    }
    await announce(trx, row, 'payout.failed');
    return true;
  });
}
