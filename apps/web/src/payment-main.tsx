import './lib/csp.ts';
import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorPanel } from './features/payment-page/components/page-parts.tsx';
import { PaymentPage } from './features/payment-page/components/payment-page.tsx';
import { hostedRoute, takePortalToken } from './features/payment-page/hosted-route.ts';
import {
  PaymentI18nProvider,
  pickLanguage,
  storedLanguage,
  translate,
} from './features/payment-page/i18n.tsx';
import { englishTexts, loadPaymentTexts } from './features/payment-page/locales.ts';
import './payment.css';

/**
 * Entry of the hosted pages (payment.html): a separate light bundle that loads none of the merchant app's code
 * (no router, no query client, no i18next). The server serves payment.html for /payment/*, /subscribe/* and
 * /subscription-portal; the subscribe page and the portal are a chunk of their own, loaded only for them.
 */
const route = hostedRoute(window.location.pathname);
// The portal's token leaves the address bar before anything else runs; from here on it is in memory only.
const portalToken = route.page === 'portal' ? takePortalToken() : null;
const lang = pickLanguage(
  window.location.search,
  storedLanguage(),
  navigator.languages ?? [navigator.language],
);

void loadPaymentTexts(lang)
  .catch(() => englishTexts)
  .then(async (texts) => {
    const shown = texts === englishTexts ? 'en' : lang;
    document.documentElement.lang = shown;
    let page: ReactNode;
    if (route.page === 'payment') page = <PaymentPage linkId={route.linkId} embed={route.embed} />;
    else {
      page = await import('./features/payment-page/components/subscription-pages.tsx').then(
        (m) => m.subscriptionPage(route, portalToken, shown),
        () => (
          <ErrorPanel
            title={translate(texts, 'errors.pageLoadFailed')}
            message={translate(texts, 'errors.pageLoadFailedBody')}
          />
        ),
      );
    }
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <PaymentI18nProvider initial={{ lang: shown, texts }}>{page}</PaymentI18nProvider>
      </StrictMode>,
    );
  });
