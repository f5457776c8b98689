import type { TPaymentTexts } from './en.ts';

/** German texts of the hosted payment page (loaded only when chosen). */
const de: TPaymentTexts = {
  pageTitle: '{{merchant}} bezahlen',
  loading: 'Zahlung wird geladen...',
  preparing: 'Ihre Zahlung wird vorbereitet...',
  errorTitle: 'Zahlungsfehler',
  tryAgain: 'Erneut versuchen',
  language: 'Sprache',
  payTo: 'Zahlung an',
  testBadge: 'Testmodus',
  live: 'Echtzeit-Updates aktiv',
  checking: 'Suche nach Updates...',
  amountDue: 'Fälliger Betrag',
  remainingAmount: 'Restbetrag',
  onNetwork: 'im {{network}}-Netzwerk',
  fiatApprox: '≈ {{amount}}',
  receivedOf: '{{received}} von {{amount}} {{currency}} erhalten',
  expiresIn: 'Verbleibende Zeit zum Bezahlen',
  expiresHint: 'Der Betrag gilt zu diesem Kurs, bis der Timer abläuft.',
  priceLockedFor: 'Preis gesichert für',
  priceLockHint:
    'Geht vor Ablauf des Timers keine Zahlung ein, wird der Betrag zum aktuellen Kurs neu berechnet.',
  linkExpiresIn: 'Dieser Link läuft ab in',
  linkExpiresHint: 'Danach nimmt dieser Link keine Zahlungen mehr an.',
  priceUpdated: 'Preis aktualisiert',
  priceUpdatedBody:
    'Die Preissicherung endete, bevor eine Zahlung einging. Der fällige Betrag wurde daher zum aktuellen Kurs neu berechnet (vorher {{previous}} {{currency}}). Bitte senden Sie den neuen Betrag.',
  'status.lockEnded': 'Preissicherung beendet',
  lockEndedBody:
    'Während dieser Preis gesichert war, ist keine Zahlung eingegangen. Versuchen Sie es erneut, um den aktuellen Preis zu erhalten.',
  linkEndedBody: '{{merchant}} nimmt über diesen Link keine Zahlungen mehr an.',
  contactMerchant: 'Um zu bezahlen oder eine Frage zu stellen, wenden Sie sich an {{merchant}}:',
  websiteLabel: 'Webseite:',
  scan: 'Mit Ihrer Krypto-Wallet scannen',
  qrLabel: 'QR-Code der Zahlungsanforderung über {{amount}} {{currency}}',
  addressLabel: '{{currency}}-Adresse ({{network}})',
  tokenContract: '{{currency}}-Token-Vertrag:',
  copyAddress: 'Adresse kopieren',
  copyUri: 'Zahlungs-URI kopieren',
  addressCopied: 'Adresse kopiert!',
  uriCopied: 'Zahlungs-URI kopiert!',
  copyFailed: 'Kopieren nicht möglich. Markieren Sie den Text und kopieren Sie ihn von Hand.',
  howToPay: 'So bezahlen Sie',
  step1: 'Öffnen Sie Ihre Wallet und scannen Sie den QR-Code oder kopieren Sie die Adresse.',
  step2: 'Senden Sie genau {{amount}} {{currency}} im {{network}}-Netzwerk.',
  step3: 'Lassen Sie diese Seite geöffnet: Sie aktualisiert sich, sobald Ihre Zahlung eingeht.',
  networkWarning:
    'Senden Sie nur {{currency}} über {{network}}. Über ein anderes Netzwerk gesendete Beträge können verloren gehen.',
  exchangeWarning:
    'Zahlen Sie von einer Börse? Wählen Sie {{standard}} ({{network}}) als Auszahlungsnetzwerk. Über ein anderes Netzwerk ausgezahlte {{currency}} kommen hier nicht an.',
  'status.pending': 'Warten auf Ihre Zahlung',
  'status.detected': 'Zahlung eingegangen, warte auf Netzwerkbestätigungen',
  'status.partial': 'Teilzahlung erhalten. Bitte senden Sie den Restbetrag.',
  'status.confirmed': 'Zahlung bestätigt',
  'status.failed': 'Zahlung fehlgeschlagen',
  'status.expired': 'Zahlung abgelaufen',
  confirmations: 'Bestätigungen: {{count}} von {{required}}',
  confirmedTitle: 'Vielen Dank für Ihre Zahlung',
  confirmedBody: '{{merchant}} hat {{amount}} {{currency}} erhalten.',
  closePage: 'Sie können diese Seite jetzt schließen',
  returnToMerchant: 'Zurück zu {{merchant}}',
  returnCountdown: 'Sie werden in {{seconds}} s zu {{merchant}} zurückgeleitet.',
  returnStay: 'Auf dieser Seite bleiben',
  transaction: 'Transaktion',
  expiredBody: 'Die Zeit zum Bezahlen dieses Betrags ist abgelaufen.',
  failedBody: 'Diese Zahlung konnte nicht abgeschlossen werden.',
  retryHint: '„Erneut versuchen“ startet eine neue Zahlung zum aktuellen Kurs.',
  'exception.paid_over': 'Sie haben mehr als verlangt bezahlt; der Händler wurde benachrichtigt.',
  'exception.paid_late':
    'Ihre Zahlung ist nach Ablauf der Zahlungsfrist eingegangen. Sie wurde erfasst und der Händler benachrichtigt: Bitte wenden Sie sich an ihn, um sie zu klären.',
  'errors.notFound': 'Zahlungslink nicht gefunden',
  'errors.merchantUnavailable': 'Dieser Händler nimmt derzeit keine Zahlungen an',
  'errors.merchantUnavailableBody':
    'Es wurde nichts abgebucht. Bitte wenden Sie sich an den Händler, um anders zu bezahlen.',
  'errors.maintenance': 'Zahlungen wegen Wartung pausiert',
  'errors.maintenanceBody':
    'Diese Zahlungsseite nimmt während der Wartung der Plattform keine neuen Zahlungen an. Es wurde nichts abgebucht. Bitte versuchen Sie es später erneut.',
  'errors.currencyUnavailable': 'Diese Zahlungsseite nimmt derzeit keine Zahlungen in {{currency}} an',
  'errors.currencyUnavailableBody':
    'Es wurde nichts abgebucht. Bitte wenden Sie sich an den Händler, um anders zu bezahlen.',
  'errors.linkExpired': 'Dieser Zahlungslink ist abgelaufen',
  'errors.loadFailed': 'Zahlung konnte nicht geladen werden',
  'errors.pageLoadFailed': 'Diese Seite konnte nicht geladen werden',
  'errors.pageLoadFailedBody': 'Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  'errors.createFailed': 'Zahlung konnte nicht erstellt werden',
  'errors.rateLimited': 'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
  'errors.fundsOnExpired':
    'Ein Teil des Betrags ist vor Ablauf der Zahlungsfrist eingegangen. Er wurde erfasst: Bitte wenden Sie sich an den Händler, um ihn zu klären.',
  'errors.simulateFailed':
    'Die simulierte Zahlung konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
  'test.title': 'Testmodus — kein echtes Geld',
  'test.body': 'Diese Zahlung läuft über ein simuliertes Netzwerk. Senden Sie eine simulierte Überweisung:',
  'test.full': 'Vollständige Zahlung simulieren',
  'test.partial': 'Teilzahlung simulieren',
  'test.over': 'Überzahlung simulieren',
  'test.fullHint': '{{amount}} {{currency}}',
  'test.partialHint': 'Hälfte des Restbetrags: {{amount}} {{currency}}',
  'test.overHint': 'Restbetrag + 10 %: {{amount}} {{currency}}',
  'test.waiting': 'Simulierte Blöcke kommen alle paar Sekunden; die Bestätigungen steigen von selbst.',
  secured: 'Gesichert durch Coinlane',
  nonCustodial: 'Ohne Verwahrung: Ihre Zahlung geht direkt an die Wallet des Händlers.',
  'conversion.title': '{{merchant}} erhält {{to}}',
  'conversion.body':
    'Ihre {{currency}} laufen für die wenigen Minuten des Tauschs über {{provider}}, eine Börse: {{provider}} tauscht sie zu einem Festkurs und sendet {{merchant}} {{to}} auf {{network}}. Coinlane verwahrt Ihre Coins zu keinem Zeitpunkt.',
  'conversion.exact':
    'Senden Sie genau diesen Betrag, bevor der Timer abläuft. Ein anderer Betrag oder eine verspätete Zahlung wird nicht getauscht: {{provider}} sendet ihn an {{merchant}} zurück; wenden Sie sich dann bitte an den Händler.',
  confirmedBodyConverted:
    'Ihre {{amount}} {{currency}} sind bei {{provider}} eingegangen, das {{merchant}} {{to}} sendet.',
  'errors.conversionUnavailable':
    'Die Börse, die diese Zahlung für den Händler tauscht, ist gerade nicht erreichbar. Es wurde nichts belastet: Bitte versuchen Sie es in einigen Minuten erneut.',
  nonCustodialConverted:
    'Ihre Zahlung läuft für die Minuten des Tauschs über {{provider}}; Coinlane verwahrt sie zu keinem Zeitpunkt.',
};

export default de;
