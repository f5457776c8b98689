import { PAYMENT_EVENT_TYPES } from '@coinlane/core/payment-status';
import type { Config } from '#app/config.ts';
import { SERVER_FAMILIES } from '#app/families/registry.ts';
import { onShiftPaymentChange } from '#app/modules/conversions/open-shift-payout.ts';
import { onUnconvertedPaymentConfirmed } from '#app/modules/conversions/record-unconverted-payout.ts';
import { recordPlatformFees, voidPlatformFee } from '#app/modules/fees/record-platform-fee.ts';
import { completePaymentLink, reopenPaymentLink } from '#app/modules/payment-links/complete-payment-link.ts';
import { findPaymentLink } from '#app/modules/payment-links/find-payment-link.ts';
import { createAddressSources, testNetworkAddressSource } from '#app/modules/payments/address-sources.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { createPaymentLifecycle } from '#app/modules/payments/payment-lifecycle.ts';
import { priceLockOf } from '#app/modules/payments/price-lock.ts';
import {
  newPaymentRiskAssessor,
  type RiskAlertHandler,
  scorePaymentsRisk,
} from '#app/modules/risk/score-payment-risk.ts';
import { onInvoicePaymentConfirmed } from '#app/modules/subscriptions/apply-invoice-payment.ts';
import {
  alertFailedTransaction,
  alertLargeTransaction,
  alertRiskFinding,
} from '#app/modules/system-alerts/payment-alerts.ts';
import { walletAddressSources } from '#app/modules/wallets/wallet-address-source.ts';

/**
 * The seam from the risk engine to System Alerts (decisions 021 and 018): a payment newly paid from a sanctioned
 * address, or newly scored above 6, raises its alert, in the payment's transaction (database writes only; the
 * delivery by e-mail, Slack and Discord is queued). Also used by the sanctions import's re-scoring
 * (cli/import-sanctions.ts).
 */
export const RISK_ALERTS: RiskAlertHandler = (finding, { db, now }) => alertRiskFinding({ db, now, finding });

/**
 * The payments module's dependencies, as this server is configured (part of the composition root, server.ts):
 * - address sources: the test network in test mode; live, the merchants' wallets on each configured chain, by the
 *   chain's family (families/registry.ts);
 * - lifecycle hooks, run in the payment's transaction: a confirmed payment completes its link and records the
 *   platform fee; a reversed one voids the fee and reopens the link it had completed (in that order, as before);
 *   every change after the creation re-scores the payment's risk (modules/risk);
 * - the risk score a new payment is inserted with (modules/risk): read before its insert, so that a payment with
 *   nothing flagged is created in one statement (create-payment.ts);
 * - the price lock (PAYMENT_RATE_LOCK_SECONDS, RATES_MAX_AGE_SECONDS) and a lapsed attempt's link terms.
 */
export function paymentDepsOf(config: Config): PaymentDeps {
  const lifecycle = createPaymentLifecycle(({ onPaymentStatusChange, onPaymentStatusChanges }) => {
    // A subscription invoice's payment pays the invoice and activates or renews the subscription (decision 023).
    // First: it locks the subscription before the link, the order the renewal job takes them in.
    onPaymentStatusChange('payment.confirmed', ({ db, payment, actor, now }) =>
      onInvoicePaymentConfirmed({ db, payment, actor, now }),
    );
    onPaymentStatusChange('payment.confirmed', async ({ db, payment, actor, now }) => {
      if (!payment.payment_link_id) return;
      await completePaymentLink({ db, linkId: payment.payment_link_id, paymentId: payment.id, now, actor });
    });
    // Batch handlers (onPaymentStatusChanges): a block's payments, confirmed together, in one statement each.
    onPaymentStatusChanges('payment.confirmed', async (changes) => {
      const [first] = changes;
      if (first)
        await recordPlatformFees({
          db: first.db,
          payments: changes.map((c) => c.payment),
          actor: first.actor,
        });
    });
    onPaymentStatusChange('payment.reversed', ({ db, payment, actor, now }) =>
      voidPlatformFee({ db, paymentId: payment.id, actor, now }),
    );
    onPaymentStatusChange('payment.reversed', async ({ db, payment, actor, now }) => {
      if (!payment.payment_link_id) return;
      await reopenPaymentLink({ db, linkId: payment.payment_link_id, paymentId: payment.id, now, actor });
    });
    // System alerts (decision 018): a large live payment confirmed, a live payment expired or failed.
    onPaymentStatusChange('payment.confirmed', ({ db, payment }) => alertLargeTransaction({ db, payment }));
    onPaymentStatusChange('payment.expired', ({ db, payment, event }) =>
      alertFailedTransaction({ db, payment, event }),
    );
    onPaymentStatusChange('payment.failed', ({ db, payment, event }) =>
      alertFailedTransaction({ db, payment, event }),
    );
    // The risk score and fraud flags on every change of the payment (decision 021); its creation's are written by
    // its insert (newPaymentRisk below). No handler runs on payment.created, so that creation needs no transaction.
    const afterCreation = PAYMENT_EVENT_TYPES.filter((event) => event !== 'payment.created');
    for (const event of afterCreation) {
      onPaymentStatusChanges(event, async (changes) => {
        const [first] = changes;
        if (!first) return;
        const payments = changes.map((c) => c.payment);
        await scorePaymentsRisk({ db: first.db, payments, now: first.now, onRiskAlert: RISK_ALERTS });
      });
    }
    // Conversions by an exchange (decision 024): a shift's payout entry opens when its deposit is first seen on
    // chain (and the shift is read from the exchange at once); a payment under a rule that no exchange could
    // convert records, once paid, that it was paid unconverted. (A payment being created has received nothing.)
    for (const event of afterCreation) onPaymentStatusChange(event, onShiftPaymentChange);
    onPaymentStatusChange('payment.confirmed', onUnconvertedPaymentConfirmed);
  });
  return {
    addressSources: createAddressSources({
      test: testNetworkAddressSource,
      live: walletAddressSources({ config, families: SERVER_FAMILIES }),
    }),
    lifecycle,
    newPaymentRisk: newPaymentRiskAssessor(RISK_ALERTS),
    priceLock: priceLockOf(config),
    linkTerms: async (db, linkId) => {
      const link = await findPaymentLink(db, linkId);
      return (
        link && {
          status: link.status,
          expiresAt: link.expires_at,
          amount: link.amount,
          decimals: link.decimals,
        }
      );
    },
  };
}
