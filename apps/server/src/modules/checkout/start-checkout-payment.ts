import type { TCheckout } from '@coinlane/core/api/checkout';
import type { TFiatCode } from '@coinlane/core/currencies';
import { AppError } from '@coinlane/core/errors';
import { formatUnits } from '@coinlane/core/money';
import type { TMode } from '@coinlane/core/options';
import { canStartAttempt, isOpen, isRetryable, priceLockEnd } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Db } from '#app/db/connection.ts';
import { countryOfIp } from '#app/lib/ip-country.ts';
import type { ConversionDeps } from '#app/modules/conversions/conversion-deps.ts';
import {
  type ConversionPlan,
  prepareShiftConversion,
} from '#app/modules/conversions/prepare-shift-conversion.ts';
import { recordShiftConversion } from '#app/modules/conversions/record-shift-conversion.ts';
import { shiftAddressSource } from '#app/modules/conversions/shift-address-source.ts';
import { findPaymentLink } from '#app/modules/payment-links/find-payment-link.ts';
import type { PaymentActor } from '#app/modules/payments/actor.ts';
import { insertPayment } from '#app/modules/payments/create-payment.ts';
import { getLatestAttempt } from '#app/modules/payments/get-latest-attempt.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { fiatInput, preparePayment } from '#app/modules/payments/prepare-payment.ts';
import { paymentState } from '#app/modules/payments/present-payment.ts';
import { assertMerchantAcceptsPayments, findLink, presentCheckout } from './get-checkout.ts';

/**
 * Public POST /checkout/{linkId}: the payment to show on the hosted page. Returns the current attempt while
 * it is open (or the confirmed one of a completed link; one whose price lock lapsed with nothing seen is re-priced
 * in place first); otherwise, while the link is active, starts a new attempt at a fresh rate, locked for the rate
 * lock (PAYMENT_RATE_LOCK_SECONDS) or until the link expires if sooner ("Try Again" after an attempt failed or
 * expired unpaid: an attempt past its lock counts as expired from that instant, whether or not the sweep has run).
 * An attempt that expired with part of the amount paid is not replaced: the payer is told to contact the
 * merchant (the part is kept, flagged paid_partial).
 *
 * A live Bitcoin-family attempt under one of the merchant's payout rules is paid into an exchange's fixed-rate shift
 * (decision 024): the shift is created here, before the insert transaction (prepareShiftConversion: counted against
 * `admitConversion`'s limits, the customer's IP sent to the exchange), and the attempt's address, amount and expiry
 * are the shift's. Payments created through the API are never converted (docs/decisions/024-auto-conversion.md).
 */
export async function startCheckoutPayment({
  deps,
  db,
  linkId,
  actor,
  customerIp,
  maxAgeSeconds,
  admitNewAttempt,
  conversions,
  admitConversion,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  linkId: string;
  actor: PaymentActor;
  /** The client's IP as this server sees it (TRUST_PROXY: the proxy's X-Forwarded-For); recorded on a new attempt. */
  customerIp: string | null;
  maxAgeSeconds: number;
  /** Called before a new attempt is started (not when the open one is returned); throws to refuse it. */
  admitNewAttempt?: () => Promise<void>;
  /** The conversions module's dependencies: without them no payout rule is looked at (as for API payments). */
  conversions?: ConversionDeps;
  /** Called before an exchange's shift is created for a new attempt; throws to refuse it (per IP, per merchant). */
  admitConversion?: (merchantId: string) => Promise<void>;
  now?: Date;
}): Promise<{
  checkout: TCheckout;
  created: boolean;
  /** The link's mode and kind (a subscription invoice's link is 'invoice'): how a new payment is counted. */
  link: { mode: TMode; kind: 'link' | 'invoice' };
}> {
  const link = await findLink(db, linkId);
  const latest = await getLatestAttempt({ deps, db, linkId, now });
  const linkState = { status: link.status, expiresAt: link.expires_at };

  if (latest && (isOpen(latest) || latest.status === 'confirmed')) {
    return {
      checkout: await presentCheckout(db, link, latest, now),
      created: false,
      link: { mode: link.mode, kind: link.kind },
    };
  }
  if (latest && !isRetryable(paymentState(latest))) {
    throw new AppError('INVALID_STATE', { message: T.paymentLinkHasFundsOnExpiredAttempt });
  }
  if (!canStartAttempt(linkState, now)) throw new AppError('EXPIRED', { message: T.paymentLinkExpired });
  await assertMerchantAcceptsPayments(db, link.user_id);
  await admitNewAttempt?.();

  // Price outside the transaction (reads only); the insert then runs with the link locked.
  const prepared = await preparePayment({
    addressSources: deps.addressSources,
    db,
    userId: link.user_id,
    mode: link.mode,
    currency: link.currency,
    network: link.network,
    amount:
      link.fiat_amount !== null
        ? fiatInput(link.fiat_amount, link.fiat_currency as TFiatCode)
        : { kind: 'crypto', amount: formatUnits(BigInt(link.amount), link.decimals) },
    maxAgeSeconds,
    now,
  });
  const lockEnd = priceLockEnd({
    now,
    lockSeconds: deps.priceLock.seconds,
    linkExpiresAt: link.expires_at,
  });
  // Network I/O with the exchange, before the transaction (decision 024).
  const plan: ConversionPlan =
    conversions && customerIp
      ? await prepareShiftConversion({
          db,
          deps: conversions,
          addressSources: deps.addressSources,
          userId: link.user_id,
          mode: link.mode,
          currency: prepared.currency.row,
          units: prepared.units,
          customerIp,
          admit: async () => admitConversion?.(link.user_id),
          now,
        })
      : { kind: 'none' };
  const shift = plan.kind === 'shift' ? plan : null;
  // A shift's payment is paid within the exchange's quote: it ends with it, and is never re-priced in place.
  const expiresAt = shift && shift.expiresAt < lockEnd ? shift.expiresAt : lockEnd;

  const result = await db.transaction().execute(async (trx) => {
    const locked = await findPaymentLink(trx, linkId, { forUpdate: true });
    if (!locked || !canStartAttempt({ status: locked.status, expiresAt: locked.expires_at }, now)) {
      throw new AppError('EXPIRED', { message: T.paymentLinkExpired });
    }
    // Another request may have started an attempt meanwhile: use it rather than start a second one.
    const current = await getLatestAttempt({ deps, db: trx, linkId, now, applyExpiry: false });
    if (current && current.id !== latest?.id) return { link: locked, payment: current, created: false };
    const payment = await insertPayment({
      deps,
      db: trx,
      fields: {
        ...(shift ? { id: shift.paymentId } : {}),
        userId: locked.user_id,
        mode: locked.mode,
        prepared: shift
          ? { ...prepared, units: shift.depositUnits, addressSource: shiftAddressSource(shift) }
          : prepared,
        expiresAt,
        // a rule no exchange could apply (the shift's own rule and conversion come with its address)
        payoutRuleId: plan.kind === 'unconverted' ? plan.ruleId : null,
        description: locked.description,
        customerEmail: null,
        metadata: { paymentLinkId: linkId, source: 'payment_widget' },
        paymentLinkId: linkId,
        returnUrl: locked.return_url,
        attempt: (current?.attempt ?? 0) + 1,
        ...(current ? { previousAttemptId: current.id } : {}),
        // The customer's IP and its country, on the payment only (deleted after the retention period; decision 021).
        customerOrigin: customerIp ? { ip: customerIp, country: countryOfIp(customerIp) } : null,
      },
      actor,
      now,
    });
    if (shift) {
      await recordShiftConversion({
        db: trx,
        userId: locked.user_id,
        paymentId: payment.id,
        plan: shift,
        currency: payment.currency,
        network: payment.network,
        decimals: payment.decimals,
        now,
      });
    }
    return { link: locked, payment, created: true };
  });
  return {
    checkout: await presentCheckout(db, result.link, result.payment, now),
    created: result.created,
    link: { mode: result.link.mode, kind: result.link.kind },
  };
}
