import { T } from '@coinlane/core/texts';

/** Message catalogue of the Instant Payouts page (Wallets tab): en, es, fr, de. English from core T. */
const en = {
  title: 'Instant Payouts',
  subtitle: 'Where your live payments are paid: wallets only you control.',
  tabs: { label: 'Payouts sections', wallets: 'Wallets' },
  wallets: {
    heading: 'Wallets',
    description:
      'Live payments in a coin are received to its default whitelisted wallet. With an extended public key (xpub, ypub, zpub) every payment gets its own address.',
    add: 'Add Wallet',
    empty: 'No wallets yet',
    emptyHint: 'Add a wallet to accept live payments in that coin.',
  },
  form: {
    title: 'Add a wallet',
    currency: 'Currency',
    address: 'Address or extended public key',
    addressPlaceholder: '{{address}} or {{key}}',
    addressHint:
      'Paste an address, or your wallet account’s extended public key (xpub, ypub, zpub). Never a private key or recovery phrase.',
    label: 'Label',
    labelPlaceholder: '{{currency}} Wallet',
    scriptType: 'Address type',
    scriptTypeHint: 'Choose the type your wallet app uses for this key.',
    receiveMode: 'Receive payments',
    receiveModeHint:
      'Forwarder: each payment gets its own deposit address that can only pay out to your address. Single: every payment goes to this address, told apart by a few extra base units; at most 100 open at once.',
    submit: 'Add Wallet',
    cancel: T.cancel,
  },
  scriptTypes: {
    p2wpkh: 'Native segwit (bech32)',
    'p2sh-p2wpkh': 'Nested segwit (P2SH)',
    p2pkh: 'Legacy (P2PKH)',
    p2sh: 'Script (P2SH)',
    p2wsh: 'Segwit script (P2WSH)',
    evm: 'EVM address',
    p2tr: 'Taproot',
  },
  receiveModes: {
    forwarder: 'Forwarder deposit addresses',
    single: 'This address (unique amounts)',
  },
  preview: {
    title: 'Compare these addresses with your wallet app',
    text: 'These are the first five receiving addresses of this key. If your wallet app shows other addresses, delete this wallet: payments would not reach you.',
    verifyNow: 'Verify now',
    done: 'Done',
  },
  status: {
    pending: T.walletPending,
    whitelisted: T.walletWhitelisted,
    default: 'Default',
    key: 'Extended key',
  },
  gap: {
    badge: 'Gap limit {{count}} needed',
    text: '{{count}} addresses in a row were handed out since the last paid one. Wallet apps look 20 ahead by default: raise the gap limit in your wallet app to at least {{count}} to see every payment there. Payments are still taken.',
  },
  actions: {
    verify: 'Verify',
    setDefault: 'Set as Default',
    delete: 'Delete',
    menu: 'Actions for {{label}}',
  },
  verifyDialog: {
    title: 'Verify wallet',
    sending: 'Sending a code to your email…',
    text: 'We sent a 6-digit code to your email. Enter it to whitelist “{{label}}”.',
    code: 'Verification code',
    confirm: 'Verify',
    resend: 'Send a new code',
    resendIn: 'Send a new code ({{seconds}} s)',
  },
  deleteDialog: { title: 'Delete wallet', text: T.walletDeleteConfirm, confirm: 'Delete' },
  close: 'Close',
  notices: {
    added: 'Wallet added. Verify it with the code we email you.',
    verified: 'Wallet whitelisted.',
    defaultSet: 'Default wallet updated.',
    deleted: 'Wallet deleted.',
  },
  errors: {
    load: T.walletLoadFailed,
    add: T.walletAddFailed,
    verify: T.walletVerifyFailed,
    delete: T.walletDeleteFailed,
    setDefault: T.walletSetDefaultFailed,
    addressRequired: T.walletInputRequired,
    privateKey: T.walletPrivateKeyRefused,
    seedPhrase: T.walletSeedPhraseRefused,
    codeFormat: T.walletCodeFormat,
  },
  retry: 'Try again',
};

type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Catalogue = Shape<typeof en>;

const es: Catalogue = {
  title: 'Pagos instantáneos',
  subtitle: 'Dónde se pagan tus pagos reales: billeteras que solo tú controlas.',
  tabs: { label: 'Secciones de pagos', wallets: 'Billeteras' },
  wallets: {
    heading: 'Billeteras',
    description:
      'Los pagos reales de una moneda se reciben en tu billetera predeterminada verificada. Con una clave pública extendida (xpub, ypub, zpub) cada pago recibe su propia dirección.',
    add: 'Añadir billetera',
    empty: 'Aún no hay billeteras',
    emptyHint: 'Añade una billetera para aceptar pagos reales en esa moneda.',
  },
  form: {
    title: 'Añadir una billetera',
    currency: 'Moneda',
    address: 'Dirección o clave pública extendida',
    addressPlaceholder: '{{address}} o {{key}}',
    addressHint:
      'Pega una dirección o la clave pública extendida de tu cuenta (xpub, ypub, zpub). Nunca una clave privada ni una frase de recuperación.',
    label: 'Etiqueta',
    labelPlaceholder: 'Billetera {{currency}}',
    scriptType: 'Tipo de dirección',
    scriptTypeHint: 'Elige el tipo que usa tu aplicación de billetera para esta clave.',
    receiveMode: 'Recibir pagos',
    receiveModeHint:
      'Reenviador: cada pago recibe su propia dirección de depósito, que solo puede pagar a tu dirección. Única: todos los pagos van a esta dirección y se distinguen por unas pocas unidades más; como máximo 100 abiertos a la vez.',
    submit: 'Añadir billetera',
    cancel: 'Cancelar',
  },
  scriptTypes: {
    p2wpkh: 'Segwit nativo (bech32)',
    'p2sh-p2wpkh': 'Segwit anidado (P2SH)',
    p2pkh: 'Heredado (P2PKH)',
    p2sh: 'Script (P2SH)',
    p2wsh: 'Script segwit (P2WSH)',
    evm: 'Dirección EVM',
    p2tr: 'Taproot',
  },
  receiveModes: {
    forwarder: 'Direcciones reenviadoras',
    single: 'Esta dirección (importes únicos)',
  },
  preview: {
    title: 'Compara estas direcciones con tu aplicación de billetera',
    text: 'Son las cinco primeras direcciones de recepción de esta clave. Si tu aplicación muestra otras, elimina esta billetera: los pagos no te llegarían.',
    verifyNow: 'Verificar ahora',
    done: 'Listo',
  },
  status: {
    pending: 'Pendiente',
    whitelisted: 'En lista blanca',
    default: 'Predeterminada',
    key: 'Clave extendida',
  },
  gap: {
    badge: 'Límite de huecos {{count}} necesario',
    text: 'Se entregaron {{count}} direcciones seguidas desde la última pagada. Las aplicaciones de billetera miran 20 por delante por defecto: sube el límite de huecos (gap limit) de tu aplicación a {{count}} como mínimo para ver ahí todos los pagos. Los pagos se siguen aceptando.',
  },
  actions: {
    verify: 'Verificar',
    setDefault: 'Predeterminar',
    delete: 'Eliminar',
    menu: 'Acciones de {{label}}',
  },
  verifyDialog: {
    title: 'Verificar billetera',
    sending: 'Enviando un código a tu correo…',
    text: 'Te enviamos un código de 6 dígitos por correo. Introdúcelo para añadir «{{label}}» a la lista blanca.',
    code: 'Código de verificación',
    confirm: 'Verificar',
    resend: 'Enviar un código nuevo',
    resendIn: 'Enviar un código nuevo ({{seconds}} s)',
  },
  deleteDialog: {
    title: 'Eliminar billetera',
    text: '¿Seguro que quieres eliminar esta billetera?',
    confirm: 'Eliminar',
  },
  close: 'Cerrar',
  notices: {
    added: 'Billetera añadida. Verifícala con el código que te enviamos por correo.',
    verified: 'Billetera en lista blanca.',
    defaultSet: 'Billetera predeterminada actualizada.',
    deleted: 'Billetera eliminada.',
  },
  errors: {
    load: 'No se pudieron cargar los datos',
    add: 'No se pudo añadir la billetera',
    verify: 'No se pudo verificar la billetera',
    delete: 'No se pudo eliminar la billetera',
    setDefault: 'No se pudo establecer la billetera predeterminada',
    addressRequired:
      'Introduce una dirección o una clave pública extendida (xpub, ypub, zpub, tpub, upub, vpub)',
    privateKey:
      'Esto es una clave PRIVADA. No la compartas nunca con nadie, tampoco con Coinlane: quien la tenga puede gastar tus fondos. Introduce la clave PÚBLICA extendida (xpub, ypub, zpub…) de tu aplicación y mueve los fondos de esta clave a una billetera nueva.',
    seedPhrase:
      'Esto parece una frase de recuperación. No la compartas nunca con nadie, tampoco con Coinlane: quien la tenga puede gastar tus fondos. Introduce la clave PÚBLICA extendida o una dirección, y mueve los fondos a una billetera nueva.',
    codeFormat: 'Introduce el código de 6 dígitos del correo',
  },
  retry: 'Reintentar',
};

const fr: Catalogue = {
  title: 'Paiements instantanés',
  subtitle: 'Là où vos paiements réels sont versés : des portefeuilles que vous seul contrôlez.',
  tabs: { label: 'Sections des paiements', wallets: 'Portefeuilles' },
  wallets: {
    heading: 'Portefeuilles',
    description:
      'Les paiements réels d’une crypto sont reçus sur son portefeuille par défaut vérifié. Avec une clé publique étendue (xpub, ypub, zpub), chaque paiement a sa propre adresse.',
    add: 'Ajouter un portefeuille',
    empty: 'Aucun portefeuille pour l’instant',
    emptyHint: 'Ajoutez un portefeuille pour accepter des paiements réels dans cette crypto.',
  },
  form: {
    title: 'Ajouter un portefeuille',
    currency: 'Crypto',
    address: 'Adresse ou clé publique étendue',
    addressPlaceholder: '{{address}} ou {{key}}',
    addressHint:
      'Collez une adresse, ou la clé publique étendue de votre compte (xpub, ypub, zpub). Jamais une clé privée ni une phrase de récupération.',
    label: 'Libellé',
    labelPlaceholder: 'Portefeuille {{currency}}',
    scriptType: 'Type d’adresse',
    scriptTypeHint: 'Choisissez le type utilisé par votre application pour cette clé.',
    receiveMode: 'Recevoir les paiements',
    receiveModeHint:
      'Transfert : chaque paiement reçoit sa propre adresse de dépôt, qui ne peut reverser qu’à votre adresse. Unique : tous les paiements arrivent à cette adresse, distingués par quelques unités de plus ; 100 ouverts au plus à la fois.',
    submit: 'Ajouter un portefeuille',
    cancel: 'Annuler',
  },
  scriptTypes: {
    p2wpkh: 'Segwit natif (bech32)',
    'p2sh-p2wpkh': 'Segwit imbriqué (P2SH)',
    p2pkh: 'Ancien format (P2PKH)',
    p2sh: 'Script (P2SH)',
    p2wsh: 'Script segwit (P2WSH)',
    evm: 'Adresse EVM',
    p2tr: 'Taproot',
  },
  receiveModes: {
    forwarder: 'Adresses de transfert',
    single: 'Cette adresse (montants uniques)',
  },
  preview: {
    title: 'Comparez ces adresses avec votre application',
    text: 'Voici les cinq premières adresses de réception de cette clé. Si votre application en affiche d’autres, supprimez ce portefeuille : les paiements ne vous parviendraient pas.',
    verifyNow: 'Vérifier maintenant',
    done: 'Terminé',
  },
  status: {
    pending: 'En attente',
    whitelisted: 'Sur liste blanche',
    default: 'Par défaut',
    key: 'Clé étendue',
  },
  gap: {
    badge: 'Limite d’écart {{count}} requise',
    text: '{{count}} adresses d’affilée ont été attribuées depuis la dernière payée. Les applications de portefeuille regardent 20 adresses en avance par défaut : augmentez la limite d’écart (gap limit) de votre application à au moins {{count}} pour y voir chaque paiement. Les paiements continuent d’être acceptés.',
  },
  actions: {
    verify: 'Vérifier',
    setDefault: 'Définir par défaut',
    delete: 'Supprimer',
    menu: 'Actions pour {{label}}',
  },
  verifyDialog: {
    title: 'Vérifier le portefeuille',
    sending: 'Envoi d’un code à votre adresse e-mail…',
    text: 'Nous vous avons envoyé un code à 6 chiffres par e-mail. Saisissez-le pour mettre « {{label}} » sur liste blanche.',
    code: 'Code de vérification',
    confirm: 'Vérifier',
    resend: 'Envoyer un nouveau code',
    resendIn: 'Envoyer un nouveau code ({{seconds}} s)',
  },
  deleteDialog: {
    title: 'Supprimer le portefeuille',
    text: 'Voulez-vous vraiment supprimer ce portefeuille ?',
    confirm: 'Supprimer',
  },
  close: 'Fermer',
  notices: {
    added: 'Portefeuille ajouté. Vérifiez-le avec le code reçu par e-mail.',
    verified: 'Portefeuille sur liste blanche.',
    defaultSet: 'Portefeuille par défaut mis à jour.',
    deleted: 'Portefeuille supprimé.',
  },
  errors: {
    load: 'Échec du chargement des données',
    add: 'Échec de l’ajout du portefeuille',
    verify: 'Échec de la vérification du portefeuille',
    delete: 'Échec de la suppression du portefeuille',
    setDefault: 'Échec de la définition du portefeuille par défaut',
    addressRequired: 'Saisissez une adresse ou une clé publique étendue (xpub, ypub, zpub, tpub, upub, vpub)',
    privateKey:
      'Ceci est une clé PRIVÉE. Ne la communiquez jamais à personne, pas même à Coinlane : qui la possède peut dépenser vos fonds. Saisissez la clé PUBLIQUE étendue (xpub, ypub, zpub…) de votre application et déplacez les fonds de cette clé vers un nouveau portefeuille.',
    seedPhrase:
      'Ceci ressemble à une phrase de récupération. Ne la communiquez jamais à personne, pas même à Coinlane : qui la possède peut dépenser vos fonds. Saisissez la clé PUBLIQUE étendue ou une adresse, et déplacez les fonds vers un nouveau portefeuille.',
    codeFormat: 'Saisissez le code à 6 chiffres reçu par e-mail',
  },
  retry: 'Réessayer',
};

const de: Catalogue = {
  title: 'Sofortauszahlungen',
  subtitle: 'Wohin Ihre Live-Zahlungen gehen: Wallets, die nur Sie kontrollieren.',
  tabs: { label: 'Bereiche der Auszahlungen', wallets: 'Wallets' },
  wallets: {
    heading: 'Wallets',
    description:
      'Live-Zahlungen einer Kryptowährung gehen an ihr verifiziertes Standard-Wallet. Mit einem erweiterten öffentlichen Schlüssel (xpub, ypub, zpub) erhält jede Zahlung ihre eigene Adresse.',
    add: 'Wallet hinzufügen',
    empty: 'Noch keine Wallets',
    emptyHint: 'Fügen Sie ein Wallet hinzu, um Live-Zahlungen in dieser Kryptowährung anzunehmen.',
  },
  form: {
    title: 'Wallet hinzufügen',
    currency: 'Währung',
    address: 'Adresse oder erweiterter öffentlicher Schlüssel',
    addressPlaceholder: '{{address}} oder {{key}}',
    addressHint:
      'Fügen Sie eine Adresse oder den erweiterten öffentlichen Schlüssel Ihres Kontos ein (xpub, ypub, zpub). Niemals einen privaten Schlüssel oder eine Wiederherstellungsphrase.',
    label: 'Bezeichnung',
    labelPlaceholder: '{{currency}}-Wallet',
    scriptType: 'Adresstyp',
    scriptTypeHint: 'Wählen Sie den Typ, den Ihre Wallet-App für diesen Schlüssel verwendet.',
    receiveMode: 'Zahlungen empfangen',
    receiveModeHint:
      'Weiterleitung: Jede Zahlung erhält eine eigene Einzahlungsadresse, die nur an Ihre Adresse auszahlen kann. Einzeladresse: Alle Zahlungen gehen an diese Adresse und werden durch wenige zusätzliche Einheiten unterschieden; höchstens 100 gleichzeitig offen.',
    submit: 'Wallet hinzufügen',
    cancel: 'Abbrechen',
  },
  scriptTypes: {
    p2wpkh: 'Natives SegWit (bech32)',
    'p2sh-p2wpkh': 'Verschachteltes SegWit (P2SH)',
    p2pkh: 'Legacy (P2PKH)',
    p2sh: 'Skript (P2SH)',
    p2wsh: 'SegWit-Skript (P2WSH)',
    evm: 'EVM-Adresse',
    p2tr: 'Taproot',
  },
  receiveModes: {
    forwarder: 'Weiterleitungsadressen',
    single: 'Diese Adresse (eindeutige Beträge)',
  },
  preview: {
    title: 'Vergleichen Sie diese Adressen mit Ihrer Wallet-App',
    text: 'Das sind die ersten fünf Empfangsadressen dieses Schlüssels. Zeigt Ihre App andere an, löschen Sie dieses Wallet: Zahlungen würden Sie nicht erreichen.',
    verifyNow: 'Jetzt verifizieren',
    done: 'Fertig',
  },
  status: {
    pending: 'Ausstehend',
    whitelisted: 'Freigegeben',
    default: 'Standard',
    key: 'Erweiterter Schlüssel',
  },
  gap: {
    badge: 'Gap-Limit {{count}} nötig',
    text: 'Seit der letzten bezahlten Adresse wurden {{count}} Adressen in Folge vergeben. Wallet-Apps schauen standardmäßig 20 Adressen voraus: Erhöhen Sie das Gap-Limit Ihrer Wallet-App auf mindestens {{count}}, um dort jede Zahlung zu sehen. Zahlungen werden weiterhin angenommen.',
  },
  actions: {
    verify: 'Verifizieren',
    setDefault: 'Als Standard festlegen',
    delete: 'Löschen',
    menu: 'Aktionen für {{label}}',
  },
  verifyDialog: {
    title: 'Wallet verifizieren',
    sending: 'Code wird an Ihre E-Mail-Adresse gesendet…',
    text: 'Wir haben Ihnen einen 6-stelligen Code per E-Mail gesendet. Geben Sie ihn ein, um „{{label}}“ freizugeben.',
    code: 'Bestätigungscode',
    confirm: 'Verifizieren',
    resend: 'Neuen Code senden',
    resendIn: 'Neuen Code senden ({{seconds}} s)',
  },
  deleteDialog: {
    title: 'Wallet löschen',
    text: 'Möchten Sie dieses Wallet wirklich löschen?',
    confirm: 'Löschen',
  },
  close: 'Schließen',
  notices: {
    added: 'Wallet hinzugefügt. Verifizieren Sie es mit dem Code aus der E-Mail.',
    verified: 'Wallet freigegeben.',
    defaultSet: 'Standard-Wallet aktualisiert.',
    deleted: 'Wallet gelöscht.',
  },
  errors: {
    load: 'Daten konnten nicht geladen werden',
    add: 'Wallet konnte nicht hinzugefügt werden',
    verify: 'Wallet konnte nicht verifiziert werden',
    delete: 'Wallet konnte nicht gelöscht werden',
    setDefault: 'Standard-Wallet konnte nicht festgelegt werden',
    addressRequired:
      'Geben Sie eine Adresse oder einen erweiterten öffentlichen Schlüssel ein (xpub, ypub, zpub, tpub, upub, vpub)',
    privateKey:
      'Das ist ein PRIVATER Schlüssel. Geben Sie ihn niemals weiter, auch nicht an Coinlane: Wer ihn hat, kann Ihr Guthaben ausgeben. Geben Sie den erweiterten ÖFFENTLICHEN Schlüssel (xpub, ypub, zpub…) Ihrer App ein und verschieben Sie das Guthaben dieses Schlüssels in ein neues Wallet.',
    seedPhrase:
      'Das sieht aus wie eine Wiederherstellungsphrase. Geben Sie sie niemals weiter, auch nicht an Coinlane: Wer sie hat, kann Ihr Guthaben ausgeben. Geben Sie den erweiterten ÖFFENTLICHEN Schlüssel oder eine Adresse ein und verschieben Sie das Guthaben in ein neues Wallet.',
    codeFormat: 'Geben Sie den 6-stelligen Code aus der E-Mail ein',
  },
  retry: 'Erneut versuchen',
};

export const locales = { en, es, fr, de };
