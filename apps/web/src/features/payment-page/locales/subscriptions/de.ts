import type { TSubscriptionTexts } from './en.ts';

/** German texts of the subscribe page and the subscriber's portal (loaded only when chosen). */
const de: TSubscriptionTexts = {
  'sub.docTitle': 'Abonnement · Coinlane',
  'sub.merchantLabel': 'Abonnement bei',
  'sub.perMonth': '{{price}} / Monat',
  'sub.perYear': '{{price}} / Jahr',
  'sub.notFoundBody': 'Prüfen Sie den Link oder bitten Sie den Händler um einen neuen.',

  'subscribe.pageTitle': '{{plan}} abonnieren · {{merchant}}',
  'subscribe.loading': 'Tarif wird geladen...',
  'subscribe.features': 'Enthalten',
  'subscribe.formTitle': 'Abonnieren',
  'subscribe.email': 'E-Mail',
  'subscribe.emailHint':
    'Ihre Rechnungen und der Link zur Verwaltung Ihres Abonnements werden an diese Adresse gesendet.',
  'subscribe.emailRequired': 'Geben Sie Ihre E-Mail-Adresse ein',
  'subscribe.emailInvalid': 'Geben Sie eine gültige E-Mail-Adresse ein',
  'subscribe.payWith': 'Bezahlen mit',
  'subscribe.coinOption': '{{currency}} im {{network}}-Netzwerk',
  'subscribe.coinInvalid': 'Wählen Sie eine Kryptowährung zum Bezahlen',
  'subscribe.howItWorks': 'So funktioniert es',
  'subscribe.noteMonthly':
    'Jeder Monat ist eine Rechnung, die Sie in Krypto aus Ihrer eigenen Wallet bezahlen: Es wird nie etwas automatisch abgebucht.',
  'subscribe.noteYearly':
    'Jedes Jahr ist eine Rechnung, die Sie in Krypto aus Ihrer eigenen Wallet bezahlen: Es wird nie etwas automatisch abgebucht.',
  'subscribe.noteFirst': 'Die erste Rechnung bezahlen Sie auf der nächsten Seite.',
  'subscribe.noteEmail':
    'Sie erhalten eine E-Mail mit einem Link zur Verwaltung Ihres Abonnements: Rechnungen bezahlen oder jederzeit kündigen.',
  'subscribe.submit': 'Abonnieren',
  'subscribe.inactive': 'Dieser Tarif nimmt derzeit keine neuen Abonnenten an',
  'subscribe.noCoins': '{{merchant}} nimmt für diesen Tarif derzeit keine Zahlungen an.',
  'subscribe.notFound': 'Abonnement-Tarif nicht gefunden',
  'subscribe.loadFailed': 'Der Abonnement-Tarif konnte nicht geladen werden',
  'subscribe.failed': 'Ihr Abonnement konnte nicht gestartet werden. Bitte versuchen Sie es erneut.',
  'subscribe.rateLimited':
    'Zu viele Abonnement-Anfragen. Bitte warten Sie einen Moment, bevor Sie es erneut versuchen.',
  'subscribe.exists':
    'Diese E-Mail-Adresse hat bereits ein Abonnement für diesen Tarif. Nutzen Sie den Link in Ihrer E-Mail, um es zu bezahlen oder zu kündigen.',

  'portal.pageTitle': 'Ihr Abonnement · {{merchant}}',
  'portal.loading': 'Ihr Abonnement wird geladen...',
  'portal.status': 'Status',
  'portal.email': 'E-Mail',
  'portal.nextPayment': 'Nächste Zahlung',
  'portal.periodEnd': 'Aktueller Zeitraum endet',
  'portal.credit': 'Guthaben',
  'portal.creditHint': 'Aus einer früheren Überzahlung; es wird mit Ihrer nächsten Rechnung verrechnet.',
  'portal.cancelsAtPeriodEnd':
    'Ihr Abonnement endet mit dem aktuellen Zeitraum am {{date}}. Es wird keine neue Rechnung ausgestellt.',
  'subStatus.incomplete': 'Unvollständig',
  'subStatus.active': 'Aktiv',
  'subStatus.past_due': 'Überfällig',
  'subStatus.cancelled': 'Gekündigt',
  'subStatus.expired': 'Abgelaufen',
  'statusHint.incomplete': 'Ihr Abonnement beginnt, sobald die erste Rechnung bezahlt ist.',
  'statusHint.active': 'Ihr Abonnement ist aktiv.',
  'statusHint.past_due':
    'Die Rechnung für diesen Zeitraum ist unbezahlt. Bezahlen Sie sie, um Ihr Abonnement zu behalten.',
  'statusHint.cancelled': 'Dieses Abonnement ist gekündigt. Es werden keine Rechnungen mehr ausgestellt.',
  'statusHint.expired':
    'Dieses Abonnement ist abgelaufen. Verlängern Sie es, um eine neue Rechnung zu erhalten.',
  'statusHint.expiredRenewing':
    'Dieses Abonnement ist abgelaufen. Bezahlen Sie die neue Rechnung, um es zu verlängern.',
  'portal.openInvoice': 'Offene Rechnung',
  'portal.amountDue': 'Fälliger Betrag',
  'portal.creditApplied': 'Guthaben von {{amount}} verrechnet',
  'portal.dueDate': 'Fällig am',
  'portal.forPeriod': 'Zeitraum',
  'portal.payInvoice': 'Rechnung bezahlen',
  'portal.payHint': 'Öffnet die Zahlungsseite, auf der Sie in Krypto aus Ihrer Wallet bezahlen.',
  'portal.history': 'Zahlungsverlauf',
  'portal.historyEmpty': 'Noch keine bezahlten Rechnungen.',
  'portal.colPeriod': 'Zeitraum',
  'portal.colAmount': 'Betrag',
  'portal.colPaid': 'Bezahlt am',
  'portal.manage': 'Abonnement verwalten',
  'portal.cancelAtPeriodEnd': 'Zum Ende des Zeitraums kündigen',
  'portal.cancelNow': 'Jetzt kündigen',
  'portal.renew': 'Verlängern',
  'portal.renewTitle': 'Verlängern Sie Ihr Abonnement',
  'portal.renewHint':
    'Beim Verlängern wird eine neue Rechnung ausgestellt; Ihr Abonnement ist wieder aktiv, sobald sie bezahlt ist.',
  'portal.confirmPeriodEndTitle': 'Zum Ende des Zeitraums kündigen?',
  'portal.confirmPeriodEndBody':
    'Ihr Abonnement bleibt bis zum {{date}} aktiv und endet dann. Es wird keine neue Rechnung ausgestellt.',
  'portal.confirmNowTitle': 'Abonnement jetzt kündigen?',
  'portal.confirmNowBody':
    'Ihr Abonnement endet sofort und es werden keine Rechnungen mehr ausgestellt. Dies kann nicht rückgängig gemacht werden.',
  'portal.keep': 'Abonnement behalten',
  'portal.close': 'Schließen',
  'portal.periodEndDone': 'Ihr Abonnement endet am {{date}}.',
  'portal.cancelledDone': 'Ihr Abonnement ist gekündigt.',
  'portal.renewedDone': 'Eine neue Rechnung liegt bereit: Bezahlen Sie sie, um Ihr Abonnement zu verlängern.',
  'portal.actionFailed': 'Die Änderung konnte nicht vorgenommen werden. Bitte versuchen Sie es erneut.',
  'portal.actionInvalid':
    'Dieses Abonnement kann in seinem aktuellen Zustand nicht geändert werden. Laden Sie die Seite neu, um den Stand zu sehen.',
  'portal.loadFailed': 'Ihr Abonnement konnte nicht geladen werden',
  'portal.linkInvalidTitle': 'Dieser Link funktioniert nicht',
  'portal.linkInvalid':
    'Dieser Abonnement-Link ist ungültig. Bitte verwenden Sie den Link aus Ihrer neuesten E-Mail.',
  'portal.linkExpiredTitle': 'Dieser Link ist abgelaufen',
  'portal.linkExpired':
    'Dieser Abonnement-Link ist abgelaufen. Bitte verwenden Sie den Link aus Ihrer neuesten E-Mail.',
  'portal.noTokenTitle': 'Öffnen Sie den Link aus Ihrer E-Mail',
  'portal.noToken':
    'Zu Ihrer Sicherheit wird der Schlüssel Ihres Abonnement-Links nicht in der Adressleiste behalten. Öffnen Sie den Link aus Ihrer neuesten E-Mail erneut, um Ihr Abonnement zu verwalten.',
};

export default de;
