import { formatUnits } from '@coinlane/core/money';
import { T } from '@coinlane/core/texts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import type { PaymentStatusChange } from '#app/modules/payments/payment-lifecycle.ts';
import { failPayout, openPayout } from '#app/modules/payouts/record-payout.ts';
import { hasShiftPayout, selectRuleTarget } from './queries.ts';

/**
 * A lifecycle handler (payment.confirmed; server-payments.ts): a Bitcoin-family payment created under a payout rule
 * while this server had no exchange configured (no SIDESHIFT_SECRET: prepareShiftConversion's `unconverted`) was
 * paid to the merchant's own wallet, unconverted. Its payout history entry says so: a `shift` entry, failed, with
 * the reason and the merchant's own receiving address (payout.created and payout.failed go out with it). Once per
 * payment, however often it is confirmed again after a reorganisation. In the payment's transaction.
 */
export async function onUnconvertedPaymentConfirmed({ db, payment }: PaymentStatusChange): Promise<void> {
  if (!payment.payout_rule_id || payment.conversion !== null || payment.mode !== 'live') return;
  if (networkInfo(payment.network).family !== 'utxo') return;
  const rule = await selectRuleTarget(db, payment.payout_rule_id);
  if (!rule) return;
  if (await hasShiftPayout(db, payment.id)) return;
  const payoutId = await openPayout(db, {
    userId: payment.user_id,
    paymentId: payment.id,
    ruleId: rule.id,
    kind: 'shift',
    network: payment.network,
    originalAmount: formatUnits(BigInt(payment.amount_confirmed), payment.decimals),
    originalCurrency: payment.currency,
    payoutCurrency: rule.to_currency,
    walletAddress: payment.address,
  });
  await failPayout(db, { payoutId, reason: T.conversionNoProvider(payment.currency, rule.to_currency) });
}
