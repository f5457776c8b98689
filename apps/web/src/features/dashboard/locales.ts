import { T } from '@coinlane/core/texts';

/** Message catalogue of this feature: en, es, fr, de. English comes from the spec's texts (core T). */
const en = {
  welcome: T.welcomeBack('{{name}}'),
  welcomeAnonymous: 'Welcome back',
  subtitle: 'An overview of your payments and balances.',
  pending: T.accountPendingApproval,
  createLink: 'Create Link',
  apiKey: 'API Key',
  balance: {
    title: 'Total balance',
    currency: 'USD',
    show: 'Show balance',
    hide: 'Hide balance',
    empty: T.noConfirmedTransactions,
    emptyHint: 'Confirmed payments add to your balance, per currency.',
  },
  stats: {
    totalVolume: 'Total Volume',
    totalVolumeHint: 'Confirmed payments, all time',
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
  createLink: 'Crear enlace',
  apiKey: 'Clave API',
  balance: {
    title: 'Saldo total',
    currency: 'USD',
    show: 'Mostrar saldo',
    hide: 'Ocultar saldo',
    empty: 'Aún no hay transacciones confirmadas',
    emptyHint: 'Los pagos confirmados se suman a tu saldo, por moneda.',
  },
  stats: {
    totalVolume: 'Volumen total',
    totalVolumeHint: 'Pagos confirmados, desde el inicio',
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
  },
};

const fr: Messages = {
  welcome: 'Bon retour, {{name}}',
  welcomeAnonymous: 'Bon retour',
  subtitle: 'Un aperçu de vos paiements et de vos soldes.',
  pending:
    "Votre compte est en attente d'approbation ; en attendant, le mode test est entièrement disponible.",
  createLink: 'Créer un lien',
  apiKey: 'Clé API',
  balance: {
    title: 'Solde total',
    currency: 'USD',
    show: 'Afficher le solde',
    hide: 'Masquer le solde',
    empty: 'Aucune transaction confirmée pour le moment',
    emptyHint: "Les paiements confirmés s'ajoutent à votre solde, par devise.",
  },
  stats: {
    totalVolume: 'Volume total',
    totalVolumeHint: 'Paiements confirmés, depuis le début',
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
  },
};

const de: Messages = {
  welcome: 'Willkommen zurück, {{name}}',
  welcomeAnonymous: 'Willkommen zurück',
  subtitle: 'Ein Überblick über Ihre Zahlungen und Guthaben.',
  pending: 'Ihr Konto wartet auf Freigabe; der Testmodus steht Ihnen bis dahin vollständig zur Verfügung.',
  createLink: 'Link erstellen',
  apiKey: 'API-Schlüssel',
  balance: {
    title: 'Gesamtguthaben',
    currency: 'USD',
    show: 'Guthaben anzeigen',
    hide: 'Guthaben verbergen',
    empty: 'Noch keine bestätigten Transaktionen',
    emptyHint: 'Bestätigte Zahlungen erhöhen Ihr Guthaben, je Währung.',
  },
  stats: {
    totalVolume: 'Gesamtvolumen',
    totalVolumeHint: 'Bestätigte Zahlungen, insgesamt',
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
  },
};

export const locales = { en, es, fr, de };
