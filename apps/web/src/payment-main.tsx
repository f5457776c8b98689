import './lib/csp.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PaymentPage } from './features/payment-page/components/payment-page.tsx';
import { PaymentI18nProvider, pickLanguage, storedLanguage } from './features/payment-page/i18n.tsx';
import { englishTexts, loadPaymentTexts } from './features/payment-page/locales.ts';
import './payment.css';

/**
 * Entry of the hosted payment page (payment.html): a separate light bundle that loads none of the merchant
 * app's code (no router, no query client, no i18next). The server serves payment.html for /payment/*.
 */
const linkId = decodeURIComponent(window.location.pathname.replace(/^\/payment\/?/, '').split('/')[0] ?? '');
const lang = pickLanguage(
  window.location.search,
  storedLanguage(),
  navigator.languages ?? [navigator.language],
);

void loadPaymentTexts(lang)
  .catch(() => englishTexts)
  .then((texts) => {
    const shown = texts === englishTexts ? 'en' : lang;
    document.documentElement.lang = shown;
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <PaymentI18nProvider initial={{ lang: shown, texts }}>
          <PaymentPage linkId={linkId} />
        </PaymentI18nProvider>
      </StrictMode>,
    );
  });
