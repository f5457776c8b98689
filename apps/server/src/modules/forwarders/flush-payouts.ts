import { swapForwarderAbi } from '@coinlane/contracts/abi';
import { CRYPTO_CURRENCIES, getCryptoCurrency } from '@coinlane/core/currencies';
import { formatRational, formatUnits, rational } from '@coinlane/core/money';
import { decodeErrorResult, type Hex, parseEventLogs, type TransactionReceipt } from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { TPaymentConversion } from '#app/db/schema.ts';
import { completePayout, failPayout, openPayout } from '#app/modules/payouts/record-payout.ts';

/**
 * The payout history of forwarder flushes (docs/decisions/024-auto-conversion.md, "History"): each payment in a flush
 * transaction is one entry, opened pending when the signed transaction is stored (same transaction as the `sent`
 * row), completed from the receipt (the amount that reached the merchant, the gas share and, for a swap, the pool's
 * output, rate and fee), failed when its request failed or the transaction did not make it. A failed flush is
 * retried by a later round: that is a new entry.
 */

export type FlushPayoutRequest = {
  payment: {
    id: string;
    userId: string;
    currency: string;
    decimals: number;
    payoutRuleId: string | null;
    conversion: TPaymentConversion | null;
  };
  /** Where the money goes (the merchant's address fixed in the deposit address). */
  merchant: string;
  /** The payment's own asset (its token, or the native coin) held by the deposit address when planned, base units. */
  held: bigint;
  /** A swapping deposit address (its terms in payment.conversion). */
  swap: boolean;
};

const nativeOf = (network: string) => CRYPTO_CURRENCIES.find((c) => c.network === network && c.native);

/** Opens the pending entries of a flush just signed and stored (call in that transaction). */
export async function openFlushPayouts(
  db: Db,
  {
    flushId,
    network,
    txHash,
    requests,
  }: { flushId: string; network: string; txHash: string; requests: FlushPayoutRequest[] },
): Promise<void> {
  for (const r of requests) {
    if (r.held === 0n) continue; // only a stray token moves: not a payout of the payment
    const conversion = r.swap && r.payment.conversion?.kind === 'swap' ? r.payment.conversion : null;
    await openPayout(db, {
      userId: r.payment.userId,
      paymentId: r.payment.id,
      ruleId: conversion ? r.payment.payoutRuleId : null,
      kind: conversion ? 'swap' : 'flush',
      network,
      originalAmount: formatUnits(r.held, r.payment.decimals),
      originalCurrency: r.payment.currency,
      payoutCurrency: conversion ? conversion.toCurrency : r.payment.currency,
      walletAddress: r.merchant,
      evmFlushId: flushId,
      txHash,
    });
  }
}

/** The pending entries of a flush failed with `reason` (a reverted or replaced transaction). */
export async function failFlushPayouts(db: Db, flushId: string, reason: string): Promise<void> {
  const rows = await db
    .selectFrom('payouts')
    .select('id')
    .where('evm_flush_id', '=', flushId)
    .where('status', '=', 'pending')
    .execute();
  for (const row of rows) await failPayout(db, { payoutId: row.id, reason });
}

/** The head of a SwapSkipped reason as the forwarder's error name, or its hex when it is none of them. */
function skippedReason(reason: Hex): string {
  try {
    const e = decodeErrorResult({ abi: swapForwarderAbi, data: reason });
    return e.errorName;
  } catch {
    return reason === '0x' ? 'no reason' : reason.slice(0, 74);
  }
}

/**
 * Settles a mined flush's entries (call in the transaction that records the receipt): each flushed payment's
 * entry completed, the others failed. The gas is shared equally among the flushed payments (the remainder on
 * the first), in the native coin. A swap's entry records what its forwarder's Swapped event says (output, minimum,
 * rate, pool fees); a SwapSkipped one records the original coin delivered, with the reason.
 */
export async function settleFlushPayouts(
  db: Db,
  {
    flushId,
    network,
    receipt,
    flushed,
    forwarderOf,
  }: {
    flushId: string;
    network: string;
    receipt: TransactionReceipt;
    flushed: string[];
    /** payment id -> its deposit address (lower case). */
    forwarderOf: Map<string, string>;
  },
): Promise<void> {
  const rows = await db
    .selectFrom('payouts as o')
    .innerJoin('payments as p', 'p.id', 'o.payment_id')
    .select([
      'o.id',
      'o.payment_id',
      'o.kind',
      'o.original_amount',
      'o.original_currency',
      'p.decimals',
      'p.conversion',
    ])
    .where('o.evm_flush_id', '=', flushId)
    .where('o.status', '=', 'pending')
    .execute();
  if (rows.length === 0) return;
  const native = nativeOf(network);
  const cost = receipt.gasUsed * receipt.effectiveGasPrice;
  const done = rows.filter((r) => flushed.includes(r.payment_id!));
  const share = done.length ? cost / BigInt(done.length) : 0n;
  const remainder = done.length ? cost - share * BigInt(done.length) : 0n;
  const success = receipt.status === 'success';
  const swapped = success
    ? parseEventLogs({ abi: swapForwarderAbi, logs: receipt.logs, eventName: 'Swapped' })
    : [];
  const skipped = success
    ? parseEventLogs({ abi: swapForwarderAbi, logs: receipt.logs, eventName: 'SwapSkipped' })
    : [];
  for (const row of rows) {
    if (!done.includes(row)) {
      await failPayout(db, {
        payoutId: row.id,
        reason: success
          ? 'The flush of this deposit address failed; it is tried again.'
          : 'The flush transaction reverted; it is tried again.',
      });
      continue;
    }
    const gasWei = share + (row === done[0] ? remainder : 0n);
    const gas = {
      gasWei: gasWei.toString(),
      gasCurrency: native?.symbol ?? 'ETH',
      gasUsed: receipt.gasUsed.toString(),
      batchCostWei: cost.toString(),
      batchPayments: done.length,
    };
    const fee = formatUnits(gasWei, native?.decimals ?? 18);
    const forwarder = forwarderOf.get(row.payment_id!);
    const conversion = row.conversion?.kind === 'swap' ? row.conversion : null;
    if (row.kind === 'swap' && conversion) {
      const out = swapped.find((e) => e.address.toLowerCase() === forwarder);
      const skip = skipped.find((e) => e.address.toLowerCase() === forwarder);
      const outDecimals = getCryptoCurrency(conversion.toCurrency, network)?.decimals ?? 18;
      if (out) {
        const amountIn = out.args.amountIn;
        const amountOut = out.args.amountOut;
        // the pools' fees, taken hop by hop from what enters each pool: 1 - prod(1 - fee_i / 1e6), of amountIn
        const kept = conversion.route.fees.reduce(
          (acc, f) => (acc * BigInt(1_000_000 - f)) / 1_000_000n,
          amountIn,
        );
        await completePayout(db, {
          payoutId: row.id,
          convertedAmount: formatUnits(amountOut, outDecimals),
          exchangeRate:
            amountIn > 0n
              ? formatRational(
                  rational(amountOut * 10n ** BigInt(row.decimals), amountIn * 10n ** BigInt(outDecimals)),
                  { significant: 18 },
                )
              : null,
          fee,
          feeCurrency: gas.gasCurrency,
          feeDetails: {
            ...gas,
            amountIn: formatUnits(amountIn, row.decimals),
            minimumOut: formatUnits(out.args.minOut, outDecimals),
            poolFees: conversion.route.fees,
            poolFee: formatUnits(amountIn - kept, row.decimals),
            poolFeeCurrency: row.original_currency,
          },
          txHash: receipt.transactionHash,
        });
        continue;
      }
      // not swapped: the original coin went to the merchant as it came (the price was outside the bound, the
      // pool's history too short, ...)
      await completePayout(db, {
        payoutId: row.id,
        convertedAmount: row.original_amount,
        // what reached the wallet is the coin paid, not the rule's target
        payoutCurrency: row.original_currency,
        exchangeRate: '1',
        fee,
        feeCurrency: gas.gasCurrency,
        feeDetails: {
          ...gas,
          swapSkipped: skip ? skippedReason(skip.args.reason) : 'not swapped',
        },
        txHash: receipt.transactionHash,
      });
      continue;
    }
    await completePayout(db, {
      payoutId: row.id,
      convertedAmount: row.original_amount,
      exchangeRate: '1',
      fee,
      feeCurrency: gas.gasCurrency,
      feeDetails: gas,
      txHash: receipt.transactionHash,
    });
  }
}
