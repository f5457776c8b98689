import { T } from '@coinlane/core/texts';

/** A spec text function as an i18next template: the argument becomes {{name}}. */
const ph = (name: string) => `{{${name}}}` as never;

/**
 * Message catalogue of the Cryptocurrencies tab and its Add New Cryptocurrency modal (namespace `adminCrypto`;
 * decision 020): en (spec texts by reference), es (tú), fr and de (formal).
 */
const en = {
  title: 'Supported cryptocurrencies',
  summary_one: '{{count}} cryptocurrency on {{networks}} networks, {{enabled}} enabled',
  summary_other: '{{count}} cryptocurrencies on {{networks}} networks, {{enabled}} enabled',
  intro:
    'A disabled cryptocurrency is no longer offered to merchants or payers; payments under way in it are still watched and credited. Limits are in the coin and apply to new payments. A fee replaces the platform fee for payments in that coin; leave it empty for the platform fee.',
  add: T.addNewCryptocurrency,
  loadFailed: 'Failed to load the cryptocurrencies.',
  retry: T.retry,
  empty: 'No cryptocurrency yet.',
  columns: {
    coin: 'Cryptocurrency',
    enabled: 'Enabled',
    minAmount: 'Min amount',
    maxAmount: 'Max amount',
    feePercentage: 'Fee %',
    actions: 'Actions',
  },
  feePlaceholder: 'Platform',
  enabledLabel: 'Enabled: {{symbol}} on {{network}}',
  live: 'Live',
  testOnly: 'Test only',
  disabled: 'Disabled',
  token: 'Token',
  decimals_one: '{{count}} decimal',
  decimals_other: '{{count}} decimals',
  delete: {
    label: 'Delete {{symbol}} on {{network}}',
    title: 'Delete cryptocurrency?',
    text: T.cryptoDeleteConfirm,
    confirm: 'Delete',
    failed: T.cryptoDeleteFailed(ph('reason')),
  },
  cancel: T.cancel,
  close: 'Close',
  modal: {
    title: T.addNewCryptocurrency,
    description: 'One row per symbol and network: USDT on Ethereum and USDT on Polygon are two rows.',
    submit: 'Add Cryptocurrency',
    success: T.cryptoAdded,
    failed: T.cryptoAddFailed,
    fields: {
      symbol: 'Symbol',
      name: 'Name',
      network: 'Network',
      minAmount: 'Minimum amount',
      maxAmount: 'Maximum amount',
      feePercentage: 'Fee percentage',
      decimals: 'Decimals',
      contractAddress: 'Contract address (optional)',
      iconUrl: 'Icon URL (optional)',
      enabled: 'Enabled',
    },
    hints: {
      symbol: '2 to 10 letters or digits, such as USDT.',
      network: 'A token is a row of its own on each network.',
      feePercentage: 'Replaces the platform fee for payments in this coin.',
      decimals:
        'Digits of the smallest unit: 8 for satoshis, 18 for wei. Checked on the node when one is connected.',
      contractAddress:
        'Tokens only: on EVM networks 0x followed by 40 hex characters, on Tron the T… address (34 characters). Empty for a native coin.',
    },
    networkPlaceholder: 'Select a network',
  },
  networkOther: 'Other',
  errors: {
    cryptoSymbolRequired: T.cryptoSymbolRequired,
    cryptoNameRequired: T.cryptoNameRequired,
    cryptoNetworkRequired: T.cryptoNetworkRequired,
    cryptoSymbolInvalid: T.cryptoSymbolInvalid,
    cryptoMinAmountInvalid: T.cryptoMinAmountInvalid,
    cryptoMaxAmountInvalid: T.cryptoMaxAmountInvalid,
    feePercentageRange: T.feePercentageRange,
    cryptoDecimalsRange: T.cryptoDecimalsRange,
    cryptoContractInvalid: T.cryptoContractInvalid,
    cryptoIconUrlInvalid: T.cryptoIconUrlInvalid,
    cryptoSymbolTaken: T.cryptoSymbolTaken,
    cryptoNotFound: T.cryptoNotFound,
  },
};

type Widen<M> = { [K in keyof M]: M[K] extends string ? string : Widen<M[K]> };
type Messages = Widen<typeof en>;

const es: Messages = {
  title: 'Criptomonedas admitidas',
  summary_one: '{{count}} criptomoneda en {{networks}} redes, {{enabled}} activada',
  summary_other: '{{count}} criptomonedas en {{networks}} redes, {{enabled}} activadas',
  intro:
    'Una criptomoneda desactivada ya no se ofrece a comercios ni a pagadores; los pagos en curso siguen vigilándose y acreditándose. Los límites están en la moneda y se aplican a los pagos nuevos. Una comisión sustituye a la de la plataforma para los pagos en esa moneda; déjala vacía para usar la de la plataforma.',
  add: 'Añadir nueva criptomoneda',
  loadFailed: 'No se pudieron cargar las criptomonedas.',
  retry: 'Reintentar',
  empty: 'Todavía no hay ninguna criptomoneda.',
  columns: {
    coin: 'Criptomoneda',
    enabled: 'Activada',
    minAmount: 'Importe mín.',
    maxAmount: 'Importe máx.',
    feePercentage: 'Comisión %',
    actions: 'Acciones',
  },
  feePlaceholder: 'Plataforma',
  enabledLabel: 'Activada: {{symbol}} en {{network}}',
  live: 'Real',
  testOnly: 'Solo prueba',
  disabled: 'Desactivada',
  token: 'Token',
  decimals_one: '{{count}} decimal',
  decimals_other: '{{count}} decimales',
  delete: {
    label: 'Eliminar {{symbol}} en {{network}}',
    title: '¿Eliminar la criptomoneda?',
    text: '¿Seguro que quieres eliminar esta criptomoneda? Esta acción no se puede deshacer.',
    confirm: 'Eliminar',
    failed: 'No se pudo eliminar la criptomoneda: {{reason}}',
  },
  cancel: 'Cancelar',
  close: 'Cerrar',
  modal: {
    title: 'Añadir nueva criptomoneda',
    description: 'Una fila por símbolo y red: USDT en Ethereum y USDT en Polygon son dos filas.',
    submit: 'Añadir criptomoneda',
    success: '¡Criptomoneda añadida correctamente!',
    failed: 'No se pudo añadir la criptomoneda. Inténtalo de nuevo.',
    fields: {
      symbol: 'Símbolo',
      name: 'Nombre',
      network: 'Red',
      minAmount: 'Importe mínimo',
      maxAmount: 'Importe máximo',
      feePercentage: 'Porcentaje de comisión',
      decimals: 'Decimales',
      contractAddress: 'Dirección del contrato (opcional)',
      iconUrl: 'URL del icono (opcional)',
      enabled: 'Activada',
    },
    hints: {
      symbol: 'De 2 a 10 letras o cifras, como USDT.',
      network: 'Un token es una fila propia en cada red.',
      feePercentage: 'Sustituye a la comisión de la plataforma para los pagos en esta moneda.',
      decimals:
        'Cifras de la unidad más pequeña: 8 para satoshis, 18 para wei. Se comprueba en el nodo cuando hay uno conectado.',
      contractAddress:
        'Solo tokens: en redes EVM 0x seguido de 40 caracteres hexadecimales, en Tron la dirección T… (34 caracteres). Vacío para una moneda nativa.',
    },
    networkPlaceholder: 'Elige una red',
  },
  networkOther: 'Otra',
  errors: {
    cryptoSymbolRequired: 'El símbolo es obligatorio',
    cryptoNameRequired: 'El nombre es obligatorio',
    cryptoNetworkRequired: 'La red es obligatoria',
    cryptoSymbolInvalid: 'El símbolo debe tener de 2 a 10 letras mayúsculas o cifras',
    cryptoMinAmountInvalid: 'El importe mínimo debe ser mayor que 0',
    cryptoMaxAmountInvalid: 'El importe máximo debe ser mayor que el mínimo',
    feePercentageRange: 'El porcentaje de comisión debe estar entre 0 y 100',
    cryptoDecimalsRange: 'Los decimales deben estar entre 0 y 18',
    cryptoContractInvalid: 'Formato de dirección de contrato no válido',
    cryptoIconUrlInvalid: 'Formato de URL del icono no válido',
    cryptoSymbolTaken: 'Ya existe una criptomoneda con este símbolo',
    cryptoNotFound: 'Criptomoneda no encontrada',
  },
};

const fr: Messages = {
  title: 'Cryptomonnaies prises en charge',
  summary_one: '{{count}} cryptomonnaie sur {{networks}} réseaux, {{enabled}} activée',
  summary_other: '{{count}} cryptomonnaies sur {{networks}} réseaux, {{enabled}} activées',
  intro:
    'Une cryptomonnaie désactivée n’est plus proposée aux marchands ni aux payeurs ; les paiements en cours restent surveillés et crédités. Les limites sont exprimées dans la monnaie et s’appliquent aux nouveaux paiements. Des frais propres remplacent les frais de la plateforme pour les paiements dans cette monnaie ; laissez le champ vide pour les frais de la plateforme.',
  add: 'Ajouter une cryptomonnaie',
  loadFailed: 'Impossible de charger les cryptomonnaies.',
  retry: 'Réessayer',
  empty: 'Aucune cryptomonnaie pour l’instant.',
  columns: {
    coin: 'Cryptomonnaie',
    enabled: 'Activée',
    minAmount: 'Montant min.',
    maxAmount: 'Montant max.',
    feePercentage: 'Frais %',
    actions: 'Actions',
  },
  feePlaceholder: 'Plateforme',
  enabledLabel: 'Activée : {{symbol}} sur {{network}}',
  live: 'Réel',
  testOnly: 'Test seul.',
  disabled: 'Désactivée',
  token: 'Jeton',
  decimals_one: '{{count}} décimale',
  decimals_other: '{{count}} décimales',
  delete: {
    label: 'Supprimer {{symbol}} sur {{network}}',
    title: 'Supprimer la cryptomonnaie ?',
    text: 'Voulez-vous vraiment supprimer cette cryptomonnaie ? Cette action est irréversible.',
    confirm: 'Supprimer',
    failed: 'Impossible de supprimer la cryptomonnaie : {{reason}}',
  },
  cancel: 'Annuler',
  close: 'Fermer',
  modal: {
    title: 'Ajouter une cryptomonnaie',
    description: 'Une ligne par symbole et réseau : USDT sur Ethereum et USDT sur Polygon sont deux lignes.',
    submit: 'Ajouter la cryptomonnaie',
    success: 'Cryptomonnaie ajoutée avec succès !',
    failed: 'Impossible d’ajouter la cryptomonnaie. Veuillez réessayer.',
    fields: {
      symbol: 'Symbole',
      name: 'Nom',
      network: 'Réseau',
      minAmount: 'Montant minimum',
      maxAmount: 'Montant maximum',
      feePercentage: 'Pourcentage de frais',
      decimals: 'Décimales',
      contractAddress: 'Adresse du contrat (facultatif)',
      iconUrl: 'URL de l’icône (facultatif)',
      enabled: 'Activée',
    },
    hints: {
      symbol: 'De 2 à 10 lettres ou chiffres, comme USDT.',
      network: 'Un jeton est une ligne à part sur chaque réseau.',
      feePercentage: 'Remplace les frais de la plateforme pour les paiements dans cette monnaie.',
      decimals:
        'Chiffres de la plus petite unité : 8 pour les satoshis, 18 pour le wei. Vérifié sur le nœud lorsqu’il y en a un.',
      contractAddress:
        'Jetons uniquement : sur les réseaux EVM 0x suivi de 40 caractères hexadécimaux, sur Tron l’adresse T… (34 caractères). Vide pour une monnaie native.',
    },
    networkPlaceholder: 'Choisissez un réseau',
  },
  networkOther: 'Autre',
  errors: {
    cryptoSymbolRequired: 'Le symbole est obligatoire',
    cryptoNameRequired: 'Le nom est obligatoire',
    cryptoNetworkRequired: 'Le réseau est obligatoire',
    cryptoSymbolInvalid: 'Le symbole doit comporter de 2 à 10 lettres majuscules ou chiffres',
    cryptoMinAmountInvalid: 'Le montant minimum doit être supérieur à 0',
    cryptoMaxAmountInvalid: 'Le montant maximum doit être supérieur au montant minimum',
    feePercentageRange: 'Le pourcentage de frais doit être compris entre 0 et 100',
    cryptoDecimalsRange: 'Les décimales doivent être comprises entre 0 et 18',
    cryptoContractInvalid: 'Format d’adresse de contrat invalide',
    cryptoIconUrlInvalid: 'Format d’URL d’icône invalide',
    cryptoSymbolTaken: 'Une cryptomonnaie avec ce symbole existe déjà',
    cryptoNotFound: 'Cryptomonnaie introuvable',
  },
};

const de: Messages = {
  title: 'Unterstützte Kryptowährungen',
  summary_one: '{{count}} Kryptowährung in {{networks}} Netzwerken, {{enabled}} aktiviert',
  summary_other: '{{count}} Kryptowährungen in {{networks}} Netzwerken, {{enabled}} aktiviert',
  intro:
    'Eine deaktivierte Kryptowährung wird Händlern und Zahlenden nicht mehr angeboten; laufende Zahlungen darin werden weiter beobachtet und gutgeschrieben. Limits gelten in der Währung und für neue Zahlungen. Eine eigene Gebühr ersetzt die Plattformgebühr für Zahlungen in dieser Währung; lassen Sie das Feld leer, gilt die Plattformgebühr.',
  add: 'Neue Kryptowährung hinzufügen',
  loadFailed: 'Die Kryptowährungen konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  empty: 'Noch keine Kryptowährung.',
  columns: {
    coin: 'Kryptowährung',
    enabled: 'Aktiviert',
    minAmount: 'Min. Betrag',
    maxAmount: 'Max. Betrag',
    feePercentage: 'Gebühr %',
    actions: 'Aktionen',
  },
  feePlaceholder: 'Plattform',
  enabledLabel: 'Aktiviert: {{symbol}} in {{network}}',
  live: 'Live',
  testOnly: 'Nur Test',
  disabled: 'Deaktiviert',
  token: 'Token',
  decimals_one: '{{count}} Dezimalstelle',
  decimals_other: '{{count}} Dezimalstellen',
  delete: {
    label: '{{symbol}} in {{network}} löschen',
    title: 'Kryptowährung löschen?',
    text: 'Möchten Sie diese Kryptowährung wirklich löschen? Diese Aktion kann nicht rückgängig gemacht werden.',
    confirm: 'Löschen',
    failed: 'Kryptowährung konnte nicht gelöscht werden: {{reason}}',
  },
  cancel: 'Abbrechen',
  close: 'Schließen',
  modal: {
    title: 'Neue Kryptowährung hinzufügen',
    description:
      'Eine Zeile je Symbol und Netzwerk: USDT auf Ethereum und USDT auf Polygon sind zwei Zeilen.',
    submit: 'Kryptowährung hinzufügen',
    success: 'Kryptowährung erfolgreich hinzugefügt!',
    failed: 'Kryptowährung konnte nicht hinzugefügt werden. Bitte versuchen Sie es erneut.',
    fields: {
      symbol: 'Symbol',
      name: 'Name',
      network: 'Netzwerk',
      minAmount: 'Mindestbetrag',
      maxAmount: 'Höchstbetrag',
      feePercentage: 'Gebühr in Prozent',
      decimals: 'Dezimalstellen',
      contractAddress: 'Vertragsadresse (optional)',
      iconUrl: 'Symbol-URL (optional)',
      enabled: 'Aktiviert',
    },
    hints: {
      symbol: '2 bis 10 Buchstaben oder Ziffern, etwa USDT.',
      network: 'Ein Token ist in jedem Netzwerk eine eigene Zeile.',
      feePercentage: 'Ersetzt die Plattformgebühr für Zahlungen in dieser Währung.',
      decimals:
        'Stellen der kleinsten Einheit: 8 für Satoshi, 18 für Wei. Wird am Knoten geprüft, wenn einer verbunden ist.',
      contractAddress:
        'Nur Token: in EVM-Netzwerken 0x und 40 Hexadezimalzeichen, auf Tron die T…-Adresse (34 Zeichen). Leer für eine native Währung.',
    },
    networkPlaceholder: 'Netzwerk wählen',
  },
  networkOther: 'Andere',
  errors: {
    cryptoSymbolRequired: 'Symbol ist erforderlich',
    cryptoNameRequired: 'Name ist erforderlich',
    cryptoNetworkRequired: 'Netzwerk ist erforderlich',
    cryptoSymbolInvalid: 'Das Symbol muss aus 2 bis 10 Großbuchstaben oder Ziffern bestehen',
    cryptoMinAmountInvalid: 'Der Mindestbetrag muss größer als 0 sein',
    cryptoMaxAmountInvalid: 'Der Höchstbetrag muss größer als der Mindestbetrag sein',
    feePercentageRange: 'Die Gebühr muss zwischen 0 und 100 Prozent liegen',
    cryptoDecimalsRange: 'Die Dezimalstellen müssen zwischen 0 und 18 liegen',
    cryptoContractInvalid: 'Ungültiges Format der Vertragsadresse',
    cryptoIconUrlInvalid: 'Ungültiges Format der Symbol-URL',
    cryptoSymbolTaken: 'Eine Kryptowährung mit diesem Symbol existiert bereits',
    cryptoNotFound: 'Kryptowährung nicht gefunden',
  },
};

export const locales = { en, es, fr, de } as const;

/** The spec's messages of the server or the form, in the reader's language; anything else as sent. */
export function cryptoMessageKey(message: string): string | null {
  for (const key of Object.keys(en.errors) as (keyof typeof en.errors)[]) {
    if (en.errors[key] === message) return `errors.${key}`;
  }
  return null;
}
