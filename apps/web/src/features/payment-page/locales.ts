import type { TLanguage } from '@coinlane/core/options';

/**
 * Texts of the hosted payment page, its own small set (the page loads none of the merchant app's i18n).
 * English from the merchant spec (sections 2, 8) where it names a text. English is in the page's bundle;
 * the other languages load on demand (locales/*.ts), so a visitor downloads only the language shown.
 */
const en = {
  pageTitle: 'Pay {{merchant}}',
  loading: 'Loading payment...',
  preparing: 'Preparing your payment...',
  errorTitle: 'Payment Error',
  tryAgain: 'Try Again',
  language: 'Language',
  payTo: 'Payment to',
  testBadge: 'Test mode',
  live: 'Real-time updates active',
  checking: 'Checking for updates...',
  amountDue: 'Amount Due',
  remainingAmount: 'Remaining Amount',
  onNetwork: 'on the {{network}} network',
  fiatApprox: '≈ {{amount}}',
  receivedOf: 'Received {{received}} of {{amount}} {{currency}}',
  expiresIn: 'Time left to pay',
  expiresHint: 'The amount is held at this rate until the timer ends.',
  priceLockedFor: 'Price locked for',
  priceLockHint: 'If no payment arrives before the timer ends, the amount is updated to the current rate.',
  linkExpiresIn: 'This link expires in',
  linkExpiresHint: 'After that, this link no longer accepts payments.',
  priceUpdated: 'Price updated',
  priceUpdatedBody:
    'The price lock ended before a payment arrived, so the amount due was recalculated at the current rate (it was {{previous}} {{currency}}). Please send the new amount.',
  'status.lockEnded': 'Price lock ended',
  lockEndedBody: 'No payment arrived while this price was held. Try again to get the current price.',
  linkEndedBody: '{{merchant}} is no longer accepting payments through this link.',
  contactMerchant: 'To pay or ask a question, contact {{merchant}}:',
  websiteLabel: 'Website:',
  scan: 'Scan with your crypto wallet',
  qrLabel: 'QR code of the payment request for {{amount}} {{currency}}',
  addressLabel: '{{currency}} address ({{network}})',
  tokenContract: '{{currency}} token contract:',
  copyAddress: 'Copy address',
  copyUri: 'Copy payment URI',
  addressCopied: 'Address copied!',
  uriCopied: 'Payment URI copied!',
  copyFailed: 'Could not copy. Select the text and copy it by hand.',
  howToPay: 'How to pay',
  step1: 'Open your wallet and scan the QR code, or copy the address.',
  step2: 'Send exactly {{amount}} {{currency}} on the {{network}} network.',
  step3: 'Keep this page open: it updates by itself when your payment arrives.',
  networkWarning: 'Send only {{currency}} on {{network}}. Coins sent on another network may be lost.',
  'status.pending': 'Waiting for your payment',
  'status.detected': 'Payment received, waiting for network confirmations',
  'status.partial': 'Partial payment received. Please send the remaining amount.',
  'status.confirmed': 'Payment confirmed',
  'status.failed': 'Payment failed',
  'status.expired': 'Payment expired',
  confirmations: 'Confirmations: {{count}} of {{required}}',
  confirmedTitle: 'Thank you for your payment',
  confirmedBody: '{{merchant}} has received {{amount}} {{currency}}.',
  closePage: 'You can now close this page',
  transaction: 'Transaction',
  expiredBody: 'The time to pay this amount has run out.',
  failedBody: 'This payment could not be completed.',
  retryHint: 'Try Again starts a new payment at the current rate.',
  'exception.paid_over': 'You paid more than requested; the merchant has been notified.',
  'exception.paid_late':
    'Your payment arrived after the payment window closed. It has been recorded and the merchant has been notified: please contact them to settle it.',
  'errors.notFound': 'Payment link not found',
  'errors.linkExpired': 'This payment link has expired',
  'errors.loadFailed': 'Failed to load payment',
  'errors.createFailed': 'Failed to create payment',
  'errors.rateLimited': 'Too many requests. Please wait a moment before trying again.',
  'errors.fundsOnExpired':
    'Part of the amount arrived before the payment window closed. It has been recorded: please contact the merchant to settle it.',
  'errors.simulateFailed': 'The simulated payment could not be sent. Please try again.',
  'test.title': 'Test mode — no real funds',
  'test.body': 'This payment runs on a simulated network. Send a simulated transfer:',
  'test.full': 'Simulate full payment',
  'test.partial': 'Simulate partial payment',
  'test.over': 'Simulate overpayment',
  'test.fullHint': '{{amount}} {{currency}}',
  'test.partialHint': 'Half of the remaining: {{amount}} {{currency}}',
  'test.overHint': 'Remaining + 10%: {{amount}} {{currency}}',
  'test.waiting': 'Simulated blocks arrive every few seconds; confirmations advance on their own.',
  secured: 'Secured by Coinlane',
  nonCustodial: 'Non-custodial: your payment goes straight to the merchant’s wallet.',
};

export type TPaymentTextKey = keyof typeof en;
export type TPaymentTexts = Record<TPaymentTextKey, string>;

export const englishTexts: TPaymentTexts = en;

/** The texts of a language (English at once; the others fetched once, then cached). */
const cache: Partial<Record<TLanguage, TPaymentTexts>> = { en };
export async function loadPaymentTexts(lang: TLanguage): Promise<TPaymentTexts> {
  const cached = cache[lang];
  if (cached) return cached;
  const mod =
    lang === 'es'
      ? await import('./locales/es.ts')
      : lang === 'fr'
        ? await import('./locales/fr.ts')
        : await import('./locales/de.ts');
  cache[lang] = mod.default;
  return mod.default;
}
