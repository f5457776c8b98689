import type { TCheckout } from '@coinlane/core/api/checkout';
import { AppError } from '@coinlane/core/errors';
import { formatUnits } from '@coinlane/core/money';
import { canStartAttempt, effectiveLinkStatus, isRetryable } from '@coinlane/core/payment-status';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Db } from '#app/db/connection.ts';
import type { PaymentLinksTable, PaymentsTable } from '#app/db/schema.ts';
import { isCurrencyAccepted } from '#app/modules/currencies/is-currency-accepted.ts';
import { networkInfo } from '#app/modules/currencies/resolve-currency.ts';
import { findPaymentLink } from '#app/modules/payment-links/find-payment-link.ts';
import { getLatestAttempt } from '#app/modules/payments/get-latest-attempt.ts';
import type { PaymentDeps } from '#app/modules/payments/payment-deps.ts';
import { paymentState, presentCheckoutPayment } from '#app/modules/payments/present-payment.ts';
import { getMerchantProfile } from '#app/modules/profile/get-merchant-profile.ts';
import { getSystemSettings } from '#app/modules/system-settings/get-system-settings.ts';

type PaymentLinkRow = Selectable<PaymentLinksTable>;
type PaymentRow = Selectable<PaymentsTable>;

export async function findLink(db: Db, linkId: string): Promise<PaymentLinkRow> {
  const link = await findPaymentLink(db, linkId);
  if (!link) throw new AppError('NOT_FOUND', { message: T.paymentLinkNotFound });
  return link;
}

/** A website a customer may follow: only an http(s) address (the profile form checks it too). */
const publicWebsite = (v: string | null | undefined) => (v && /^https?:\/\/[^\s]+$/i.test(v) ? v : null);

/**
 * What the hosted page shows: merchant name and how to reach them (the business website they set, never their
 * sign-in e-mail), the link, its latest attempt, and the server's clock. Builds the reply; writes nothing.
 */
export async function presentCheckout(
  db: Db,
  link: PaymentLinkRow,
  payment: PaymentRow | undefined,
  now: Date,
): Promise<TCheckout> {
  const profile = await getMerchantProfile({ db, userId: link.user_id }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  });
  const state = { status: link.status, expiresAt: link.expires_at };
  const { general } = await getSystemSettings({ db });
  const unavailableReason = general.maintenance_mode
    ? ('maintenance' as const)
    : profile?.status === 'suspended'
      ? ('suspended' as const)
      : !(await isCurrencyAccepted({ db, symbol: link.currency, network: link.network }))
        ? ('currency_unavailable' as const)
        : null;
  const acceptingPayments = unavailableReason === null;
  return {
    merchant: {
      name: profile?.businessName || profile?.name || 'Merchant',
      website: publicWebsite(profile?.website),
      acceptingPayments,
      unavailableReason,
    },
    link: {
      id: link.id,
      mode: link.mode,
      status: effectiveLinkStatus(state, now),
      amount: formatUnits(BigInt(link.amount), link.decimals),
      currency: link.currency,
      network: link.network,
      networkName: networkInfo(link.network).name,
      fiatAmount: link.fiat_amount,
      fiatCurrency: link.fiat_currency,
      description: link.description,
      expiresAt: link.expires_at?.toISOString() ?? null,
      returnUrl: link.return_url,
    },
    payment: payment ? presentCheckoutPayment(payment) : null,
    canStartPayment:
      acceptingPayments && canStartAttempt(state, now) && (!payment || isRetryable(paymentState(payment))),
    serverTime: new Date().toISOString(),
  };
}

/** Public GET /checkout/{linkId}. Never creates a payment (a link preview must not start one). */
export async function getCheckout({
  deps,
  db,
  linkId,
  now = new Date(),
}: {
  deps: PaymentDeps;
  db: Db;
  linkId: string;
  now?: Date;
}): Promise<TCheckout> {
  const link = await findLink(db, linkId);
  const payment = await getLatestAttempt({ deps, db, linkId, now });
  return presentCheckout(db, link, payment, now);
}

/**
 * Refuses a new payment while the platform is under maintenance (MAINTENANCE) or on a suspended merchant's hosted
 * page (MERCHANT_UNAVAILABLE, with a message for the
 * payer). Checked before a new attempt only: the attempt already under way is still shown, watched and credited.
 */
export async function assertMerchantAcceptsPayments(db: Db, userId: string): Promise<void> {
  // maintenance_mode (decision 020): no new payment attempt on any hosted page; the open ones go on.
  const { general } = await getSystemSettings({ db });
  if (general.maintenance_mode) throw new AppError('MAINTENANCE', { message: T.maintenanceCheckout });
  const profile = await getMerchantProfile({ db, userId });
  if (profile.status === 'suspended')
    throw new AppError('MERCHANT_UNAVAILABLE', { message: T.merchantUnavailable });
}
