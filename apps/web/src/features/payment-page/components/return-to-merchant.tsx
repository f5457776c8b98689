import { returnUrlWithPayment } from '@coinlane/core/return-url-target';
import { useEffect, useState } from 'react';
import { useT } from '../i18n.tsx';

/** Seconds before the page sends the customer back on its own (cancellable, shown as they pass). */
export const RETURN_REDIRECT_SECONDS = 5;

/**
 * Where a confirmed payment's page sends the customer: the link's return URL with `coinlane_payment=<id>`, or null
 * when there is none, the payment is not confirmed (a partial payment still has something to pay), or the page is
 * the embedded checkout (it never navigates its frame away: the host page hears `payment.confirmed` and decides).
 */
export function returnTarget({
  returnUrl,
  paymentId,
  confirmed,
  embed,
}: {
  returnUrl: string | null;
  paymentId: string;
  confirmed: boolean;
  embed: boolean;
}): string | null {
  if (embed || !confirmed || !returnUrl) return null;
  return returnUrlWithPayment(returnUrl, paymentId);
}

const go = (url: string) => window.location.assign(url);

/**
 * "Return to <merchant>": a plain link (a same-tab navigation, which the page's CSP allows), and, when the page saw
 * the payment confirm (`auto`), a countdown of RETURN_REDIRECT_SECONDS after which the page follows it by itself;
 * "Stay on this page" stops it. A later visit to a confirmed payment shows the link only, so a customer coming back
 * to read the transaction is not sent away.
 */
export function ReturnToMerchant({
  href,
  merchant,
  auto,
  navigate = go,
}: {
  href: string;
  merchant: string;
  auto: boolean;
  navigate?: (url: string) => void;
}) {
  const { t } = useT();
  const [left, setLeft] = useState<number | null>(auto ? RETURN_REDIRECT_SECONDS : null);
  useEffect(() => {
    if (left === null) return;
    if (left <= 0) {
      navigate(href);
      return;
    }
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, href, navigate]);
  return (
    <div className="space-y-2" data-testid="return-to-merchant">
      <a
        href={href}
        rel="noopener"
        // The kit's primary large button, as a link, growing in height if a long merchant name wraps.
        className="flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-6 py-2 text-center text-base font-semibold text-white shadow-sm shadow-brand-900/20 transition-colors hover:bg-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      >
        {t('returnToMerchant', { merchant })}
      </a>
      {left !== null && (
        <p className="text-sm text-slate-600" data-testid="return-countdown">
          <span role="timer">{t('returnCountdown', { merchant, seconds: Math.max(0, left) })}</span>{' '}
          <button
            type="button"
            onClick={() => setLeft(null)}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {t('returnStay')}
          </button>
        </p>
      )}
    </div>
  );
}
