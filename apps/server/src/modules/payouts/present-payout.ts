import type { TPayoutEntry } from '@coinlane/core/api/payouts';
import type { Selectable } from 'kysely';
import type { PayoutsTable } from '#app/db/schema.ts';

export type PayoutRow = Selectable<PayoutsTable>;

/** A payout history entry as the API, the webhooks and the page show it. Amounts exactly as stored (numeric). */
export function presentPayout(row: PayoutRow): TPayoutEntry {
  return {
    id: row.id,
    paymentId: row.payment_id,
    ruleId: row.rule_id,
    kind: row.kind,
    network: row.network,
    originalAmount: row.original_amount,
    originalCurrency: row.original_currency,
    convertedAmount: row.converted_amount,
    payoutCurrency: row.payout_currency,
    exchangeRate: row.exchange_rate,
    fee: row.fee,
    feeCurrency: row.fee_currency,
    feeDetails: row.fee_details ?? {},
    walletAddress: row.wallet_address,
    status: row.status,
    txHash: row.tx_hash,
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at ? row.completed_at.toISOString() : null,
  };
}
