import { LANGUAGES } from '@coinlane/core/options';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { locales as adminCrypto } from '../features/admin/crypto-locales.ts';
import { locales as adminKyc } from '../features/admin/kyc-locales.ts';
import { locales as admin } from '../features/admin/locales.ts';
import { locales as adminOperations } from '../features/admin/operations-locales.ts';
import { locales as adminRefunds } from '../features/admin/refund-locales.ts';
import { locales as adminRisk } from '../features/admin/risk-locales.ts';
import { locales as adminSettings } from '../features/admin/settings-locales.ts';
import { locales as adminSupport } from '../features/admin/support-locales.ts';
import { locales as adminTransactions } from '../features/admin/transactions-locales.ts';
import { locales as apiKeys } from '../features/api-keys/locales.ts';
import { locales as posDevices } from '../features/api-keys/pos-locales.ts';
import { locales as apiReference } from '../features/api-reference/locales.ts';
import { locales as auth } from '../features/auth/locales.ts';
import { locales as dashboard } from '../features/dashboard/locales.ts';
import { locales as devMail } from '../features/dev-mail/locales.ts';
import { locales as docs } from '../features/docs/locales.ts';
import { locales as landing } from '../features/landing/locales.ts';
import { locales as paymentLinks } from '../features/payment-links/locales.ts';
import { locales as payouts } from '../features/payouts/locales.ts';
import { locales as pos } from '../features/pos/locales.ts';
import { locales as refundPage } from '../features/refund-page/locales.ts';
import { locales as kyc } from '../features/settings/kyc-locales.ts';
import { locales as settings } from '../features/settings/locales.ts';
import { locales as webhooks } from '../features/settings/webhook-locales.ts';
import { locales as subscriptions } from '../features/subscriptions/locales.ts';
import { locales as support } from '../features/support/locales.ts';
import { locales as transactions } from '../features/transactions/locales.ts';
import { locales as refunds } from '../features/transactions/refund-locales.ts';
import { initialLanguage } from '../lib/language.ts';
import { locales as common } from './locales.ts';

/** Message catalogues: one namespace per feature, each with en, es, fr, de. */
const namespaces = {
  common,
  auth,
  landing,
  docs,
  settings,
  dashboard,
  admin,
  adminTransactions,
  adminSettings,
  adminOperations,
  adminCrypto,
  adminRisk,
  devMail,
  apiReference,
  apiKeys,
  webhooks,
  transactions,
  paymentLinks,
  payouts,
  kyc,
  adminKyc,
  // Support tickets (decision 017): the back-office's Support & Operations and the merchant's Support page.
  adminSupport,
  support,
  // Refunds (decision 022): the merchant's, the customer's page, Issue Refund.
  refunds,
  refundPage,
  adminRefunds,
  // Subscriptions (decision 023): plans and subscribers.
  subscriptions,
  // The point of sale (decision 026).
  pos,
  posDevices,
} as const;

const resources = Object.fromEntries(
  LANGUAGES.map((lang) => [
    lang,
    Object.fromEntries(Object.entries(namespaces).map(([ns, l]) => [ns, l[lang]])),
  ]),
);

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  ns: Object.keys(namespaces),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18n };
