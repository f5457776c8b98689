/**
 * English texts of the subscribe page and the subscriber's portal (in their own chunk, loaded with them, never
 * with the payment page). Where the server has the same sentence (packages/core/src/texts.ts), it is the same
 * English (checked by subscription-locales.test.ts).
 */
const en = {
  'sub.docTitle': 'Subscription · Coinlane',
  'sub.merchantLabel': 'Subscription with',
  'sub.perMonth': '{{price}} / month',
  'sub.perYear': '{{price}} / year',
  'sub.notFoundBody': 'Check the link, or ask the merchant for a new one.',

  'subscribe.pageTitle': 'Subscribe to {{plan}} · {{merchant}}',
  'subscribe.loading': 'Loading plan...',
  'subscribe.features': 'What’s included',
  'subscribe.formTitle': 'Subscribe',
  'subscribe.email': 'E-mail',
  'subscribe.emailHint': 'Your invoices and the link to manage your subscription are sent to this address.',
  'subscribe.emailRequired': 'Enter your e-mail address',
  'subscribe.emailInvalid': 'Enter a valid e-mail address',
  'subscribe.payWith': 'Pay with',
  'subscribe.coinOption': '{{currency}} on {{network}}',
  'subscribe.coinInvalid': 'Choose a coin to pay with',
  'subscribe.howItWorks': 'How it works',
  'subscribe.noteMonthly':
    'Every month is an invoice that you pay in crypto from your own wallet: nothing is ever taken from it automatically.',
  'subscribe.noteYearly':
    'Every year is an invoice that you pay in crypto from your own wallet: nothing is ever taken from it automatically.',
  'subscribe.noteFirst': 'You pay the first invoice on the next page.',
  'subscribe.noteEmail':
    'You will get an e-mail with a link to manage your subscription: pay your invoices or cancel at any time.',
  'subscribe.submit': 'Subscribe',
  'subscribe.inactive': 'This plan is not open to new subscribers at the moment',
  'subscribe.noCoins': '{{merchant}} is not accepting payments for this plan right now.',
  'subscribe.notFound': 'Subscription plan not found',
  'subscribe.loadFailed': 'Failed to load the subscription plan',
  'subscribe.failed': 'Your subscription could not be started. Please try again.',
  'subscribe.rateLimited': 'Too many subscription requests. Please wait a little before trying again.',
  'subscribe.exists':
    'This e-mail address already has a subscription to this plan. Use the link in your e-mail to pay or cancel it.',

  'portal.pageTitle': 'Your subscription · {{merchant}}',
  'portal.loading': 'Loading your subscription...',
  'portal.status': 'Status',
  'portal.email': 'E-mail',
  'portal.nextPayment': 'Next payment',
  'portal.periodEnd': 'Current period ends',
  'portal.credit': 'Credit',
  'portal.creditHint': 'From an earlier overpayment; it is used on your next invoice.',
  'portal.cancelsAtPeriodEnd':
    'Your subscription ends with the current period, on {{date}}. No new invoice will be issued.',
  'subStatus.incomplete': 'Incomplete',
  'subStatus.active': 'Active',
  'subStatus.past_due': 'Past due',
  'subStatus.cancelled': 'Cancelled',
  'subStatus.expired': 'Expired',
  'statusHint.incomplete': 'Your subscription starts when its first invoice is paid.',
  'statusHint.active': 'Your subscription is active.',
  'statusHint.past_due': 'The invoice for this period is unpaid. Pay it to keep your subscription.',
  'statusHint.cancelled': 'This subscription is cancelled. No more invoices will be issued.',
  'statusHint.expired': 'This subscription has expired. Renew it to get a new invoice.',
  'statusHint.expiredRenewing': 'This subscription has expired. Pay its new invoice to renew it.',
  'portal.openInvoice': 'Invoice to pay',
  'portal.amountDue': 'Amount due',
  'portal.creditApplied': 'Credit of {{amount}} applied',
  'portal.dueDate': 'Due date',
  'portal.forPeriod': 'Period',
  'portal.payInvoice': 'Pay invoice',
  'portal.payHint': 'Opens the payment page, where you pay in crypto from your wallet.',
  'portal.history': 'Payment history',
  'portal.historyEmpty': 'No paid invoices yet.',
  'portal.colPeriod': 'Period',
  'portal.colAmount': 'Amount',
  'portal.colPaid': 'Paid on',
  'portal.manage': 'Manage subscription',
  'portal.cancelAtPeriodEnd': 'Cancel at period end',
  'portal.cancelNow': 'Cancel now',
  'portal.renew': 'Renew',
  'portal.renewTitle': 'Renew your subscription',
  'portal.renewHint': 'Renewing issues a new invoice; your subscription is active again once it is paid.',
  'portal.confirmPeriodEndTitle': 'Cancel at the end of the period?',
  'portal.confirmPeriodEndBody':
    'Your subscription stays active until {{date}}, then ends. No new invoice will be issued.',
  'portal.confirmNowTitle': 'Cancel your subscription now?',
  'portal.confirmNowBody':
    'Your subscription ends at once and no more invoices will be issued. This cannot be undone.',
  'portal.keep': 'Keep subscription',
  'portal.close': 'Close',
  'portal.periodEndDone': 'Your subscription will end on {{date}}.',
  'portal.cancelledDone': 'Your subscription is cancelled.',
  'portal.renewedDone': 'A new invoice is ready: pay it to renew your subscription.',
  'portal.actionFailed': 'The change could not be made. Please try again.',
  'portal.actionInvalid':
    'This subscription cannot be changed in its current state. Reload the page to see where it stands.',
  'portal.loadFailed': 'Failed to load your subscription',
  'portal.linkInvalidTitle': 'This link does not work',
  'portal.linkInvalid': 'This subscription link is not valid. Please use the link from your latest e-mail.',
  'portal.linkExpiredTitle': 'This link has expired',
  'portal.linkExpired': 'This subscription link has expired. Please use the link from your latest e-mail.',
  'portal.noTokenTitle': 'Open the link from your e-mail',
  'portal.noToken':
    'For your security, the key of your subscription link is not kept in the address bar. Open the link from your latest e-mail again to manage your subscription.',
};

export type TSubscriptionTextKey = keyof typeof en;
export type TSubscriptionTexts = Record<TSubscriptionTextKey, string>;

export const englishSubscriptionTexts: TSubscriptionTexts = en;
