import { T } from '@coinlane/core/texts';

/** Message catalogue of this feature: en, es, fr, de. English comes from the spec's texts (core T). */
const en = {
  welcome: T.welcomeBack('{{name}}'),
  welcomeAnonymous: 'Welcome back',
  subtitle: 'An overview of your payments and balances.',
  pending: T.accountPendingApproval,
  ratesStale:
    'Exchange rates are out of date (last market update: {{when}}). Live payments priced in fiat are refused until the rate source answers again; test mode keeps using its built-in prices.',
  ratesNever:
    'No market exchange rate has been received yet. Live payments priced in fiat are refused until the rate source answers; test mode uses its built-in prices.',
  createLink: 'Create Link',
  apiKey: 'API Key',
  balance: {
    title: 'Total balance',
    show: 'Show balance',
    hide: 'Hide balance',
    empty: T.noConfirmedTransactions,
    emptyHint: 'Money received with its confirmations adds to your balance, per currency.',
    more: T.moreCurrencies(0).replace('0', '{{count}}'),
    outsideVolume:
      'Includes {{value}} received on payments that are not confirmed (paid late, or partly paid): not in Total Volume.',
  },
  loadFailed: 'Failed to load your figures. Please try again.',
  chart: {
    title: 'Volume, last 30 days',
    description: 'Confirmed payments per day, in USD.',
    label: 'Confirmed volume per day over the last 30 days',
    empty: 'No confirmed payments in the last 30 days',
  },
  stats: {
    totalVolume: 'Total Volume',
    totalVolumeHint: 'Received on confirmed payments, all time',
    activeLinks: 'Active Links',
    activeLinksHint: 'Payment links open for payment',
    thisMonth: 'This Month',
    thisMonthHint: 'Confirmed since {{date}}',
  },
  recent: {
    title: 'Recent Transactions',
    description: 'The last 10 payments to your account.',
    viewAll: 'View All',
    empty: T.noTransactionsYet,
    emptyHint: T.recentTransactionsHint,
    copyId: 'Copy transaction ID',
    view: 'View',
    columns: {
      id: 'Transaction ID',
      amount: 'Amount',
      crypto: 'Crypto',
      status: 'Status',
      date: 'Date',
      actions: 'Actions',
    },
    status: { confirmed: 'Confirmed', pending: 'Pending', failed: 'Failed' },
    paidLate: 'Paid late',
    refund: { partial: 'Partially refunded', full: 'Refunded' },
    received: 'Received {{amount}}',
  },
};

/** The same keys as English, any text. */
type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Messages = Shape<typeof en>;

const es: Messages = {
  welcome: 'Hola de nuevo, {{name}}',
  welcomeAnonymous: 'Hola de nuevo',
  subtitle: 'Un resumen de tus pagos y saldos.',
  pending:
    'Tu cuenta está pendiente de aprobación; mientras tanto, el modo de prueba está totalmente disponible.',
  ratesStale:
    'Los tipos de cambio están desactualizados (última actualización del mercado: {{when}}). Los pagos en vivo con precio en moneda fiat se rechazan hasta que la fuente de tipos vuelva a responder; el modo de prueba sigue usando sus precios integrados.',
  ratesNever:
    'Aún no se ha recibido ningún tipo de cambio del mercado. Los pagos en vivo con precio en moneda fiat se rechazan hasta que la fuente responda; el modo de prueba usa sus precios integrados.',
  createLink: 'Crear enlace',
  apiKey: 'Clave API',
  balance: {
    title: 'Saldo total',
    show: 'Mostrar saldo',
    hide: 'Ocultar saldo',
    empty: 'Aún no hay transacciones confirmadas',
    emptyHint: 'El dinero recibido con sus confirmaciones se suma a tu saldo, por moneda.',
    more: '+{{count}} monedas más',
    outsideVolume:
      'Incluye {{value}} recibidos en pagos no confirmados (pagados tarde o en parte): no cuentan en el volumen total.',
  },
  loadFailed: 'No se pudieron cargar tus cifras. Inténtalo de nuevo.',
  chart: {
    title: 'Volumen, últimos 30 días',
    description: 'Pagos confirmados por día, en USD.',
    label: 'Volumen confirmado por día en los últimos 30 días',
    empty: 'Ningún pago confirmado en los últimos 30 días',
  },
  stats: {
    totalVolume: 'Volumen total',
    totalVolumeHint: 'Recibido en pagos confirmados, desde el inicio',
    activeLinks: 'Enlaces activos',
    activeLinksHint: 'Enlaces de pago abiertos a pagos',
    thisMonth: 'Este mes',
    thisMonthHint: 'Confirmado desde el {{date}}',
  },
  recent: {
    title: 'Transacciones recientes',
    description: 'Los 10 últimos pagos a tu cuenta.',
    viewAll: 'Ver todas',
    empty: 'Aún no hay transacciones',
    emptyHint: 'Tus transacciones recientes aparecerán aquí',
    copyId: 'Copiar el ID de la transacción',
    view: 'Ver',
    columns: {
      id: 'ID de transacción',
      amount: 'Importe',
      crypto: 'Cripto',
      status: 'Estado',
      date: 'Fecha',
      actions: 'Acciones',
    },
    status: { confirmed: 'Confirmada', pending: 'Pendiente', failed: 'Fallida' },
    paidLate: 'Pagada tarde',
    refund: { partial: 'Reembolsada en parte', full: 'Reembolsada' },
    received: 'Recibido {{amount}}',
  },
};

const fr: Messages = {
  welcome: 'Bon retour, {{name}}',
  welcomeAnonymous: 'Bon retour',
  subtitle: 'Un aperçu de vos paiements et de vos soldes.',
  pending:
    "Votre compte est en attente d'approbation ; en attendant, le mode test est entièrement disponible.",
  ratesStale:
    'Les taux de change ne sont plus à jour (dernière mise à jour du marché : {{when}}). Les paiements réels libellés en monnaie fiduciaire sont refusés tant que la source des taux ne répond pas ; le mode test continue d’utiliser ses prix intégrés.',
  ratesNever:
    'Aucun taux de change du marché n’a encore été reçu. Les paiements réels libellés en monnaie fiduciaire sont refusés tant que la source ne répond pas ; le mode test utilise ses prix intégrés.',
  createLink: 'Créer un lien',
  apiKey: 'Clé API',
  balance: {
    title: 'Solde total',
    show: 'Afficher le solde',
    hide: 'Masquer le solde',
    empty: 'Aucune transaction confirmée pour le moment',
    emptyHint: "L'argent reçu avec ses confirmations s'ajoute à votre solde, par devise.",
    more: '+{{count}} autres devises',
    outsideVolume:
      'Dont {{value}} reçus sur des paiements non confirmés (payés en retard ou en partie) : hors du volume total.',
  },
  loadFailed: 'Impossible de charger vos chiffres. Veuillez réessayer.',
  chart: {
    title: 'Volume, 30 derniers jours',
    description: 'Paiements confirmés par jour, en USD.',
    label: 'Volume confirmé par jour sur les 30 derniers jours',
    empty: 'Aucun paiement confirmé ces 30 derniers jours',
  },
  stats: {
    totalVolume: 'Volume total',
    totalVolumeHint: 'Reçu sur les paiements confirmés, depuis le début',
    activeLinks: 'Liens actifs',
    activeLinksHint: 'Liens de paiement ouverts au paiement',
    thisMonth: 'Ce mois-ci',
    thisMonthHint: 'Confirmé depuis le {{date}}',
  },
  recent: {
    title: 'Transactions récentes',
    description: 'Les 10 derniers paiements reçus sur votre compte.',
    viewAll: 'Tout voir',
    empty: 'Aucune transaction pour le moment',
    emptyHint: 'Vos transactions récentes apparaîtront ici',
    copyId: "Copier l'identifiant de la transaction",
    view: 'Voir',
    columns: {
      id: 'ID de transaction',
      amount: 'Montant',
      crypto: 'Crypto',
      status: 'Statut',
      date: 'Date',
      actions: 'Actions',
    },
    status: { confirmed: 'Confirmée', pending: 'En attente', failed: 'Échouée' },
    paidLate: 'Payée en retard',
    refund: { partial: 'Remboursée en partie', full: 'Remboursée' },
    received: 'Reçu {{amount}}',
  },
};

const de: Messages = {
  welcome: 'Willkommen zurück, {{name}}',
  welcomeAnonymous: 'Willkommen zurück',
  subtitle: 'Ein Überblick über Ihre Zahlungen und Guthaben.',
  pending: 'Ihr Konto wartet auf Freigabe; der Testmodus steht Ihnen bis dahin vollständig zur Verfügung.',
  ratesStale:
    'Die Wechselkurse sind veraltet (letzte Marktaktualisierung: {{when}}). Live-Zahlungen mit Preis in Fiat-Währung werden abgelehnt, bis die Kursquelle wieder antwortet; der Testmodus nutzt weiter seine eingebauten Preise.',
  ratesNever:
    'Es wurde noch kein Marktwechselkurs empfangen. Live-Zahlungen mit Preis in Fiat-Währung werden abgelehnt, bis die Kursquelle antwortet; der Testmodus nutzt seine eingebauten Preise.',
  createLink: 'Link erstellen',
  apiKey: 'API-Schlüssel',
  balance: {
    title: 'Gesamtguthaben',
    show: 'Guthaben anzeigen',
    hide: 'Guthaben verbergen',
    empty: 'Noch keine bestätigten Transaktionen',
    emptyHint: 'Mit ihren Bestätigungen erhaltenes Geld erhöht Ihr Guthaben, je Währung.',
    more: '+{{count}} weitere Währungen',
    outsideVolume:
      'Davon {{value}} aus nicht bestätigten Zahlungen (verspätet oder teilweise bezahlt): nicht im Gesamtvolumen.',
  },
  loadFailed: 'Ihre Kennzahlen konnten nicht geladen werden. Bitte versuchen Sie es erneut.',
  chart: {
    title: 'Volumen, letzte 30 Tage',
    description: 'Bestätigte Zahlungen pro Tag, in USD.',
    label: 'Bestätigtes Volumen pro Tag in den letzten 30 Tagen',
    empty: 'Keine bestätigten Zahlungen in den letzten 30 Tagen',
  },
  stats: {
    totalVolume: 'Gesamtvolumen',
    totalVolumeHint: 'Erhalten bei bestätigten Zahlungen, insgesamt',
    activeLinks: 'Aktive Links',
    activeLinksHint: 'Zahlungslinks, die Zahlungen annehmen',
    thisMonth: 'Dieser Monat',
    thisMonthHint: 'Bestätigt seit {{date}}',
  },
  recent: {
    title: 'Letzte Transaktionen',
    description: 'Die letzten 10 Zahlungen an Ihr Konto.',
    viewAll: 'Alle anzeigen',
    empty: 'Noch keine Transaktionen',
    emptyHint: 'Ihre letzten Transaktionen erscheinen hier',
    copyId: 'Transaktions-ID kopieren',
    view: 'Ansehen',
    columns: {
      id: 'Transaktions-ID',
      amount: 'Betrag',
      crypto: 'Krypto',
      status: 'Status',
      date: 'Datum',
      actions: 'Aktionen',
    },
    status: { confirmed: 'Bestätigt', pending: 'Ausstehend', failed: 'Fehlgeschlagen' },
    paidLate: 'Verspätet bezahlt',
    refund: { partial: 'Teilweise erstattet', full: 'Erstattet' },
    received: 'Erhalten {{amount}}',
  },
};

export const locales = { en, es, fr, de };
