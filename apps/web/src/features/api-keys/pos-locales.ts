import { POS_DEVICE_NAME_MAX, POS_PAIRING_MINUTES } from '@coinlane/core/api/pos';

/** Message catalogue of the API Keys page's point-of-sale devices (decision 026): en, es, fr, de. */
const en = {
  title: 'Point-of-sale devices',
  subtitle:
    'Tablets and phones at your shop counter. A device can only ring up sales and follow them: it never sees your account, wallets or keys.',
  pair: 'Pair a device',
  open: 'Open the point of sale',
  cancel: 'Cancel',
  form: {
    title: 'Pair a device',
    name: 'Device name',
    namePlaceholder: 'e.g. Front counter',
    currency: 'Currency of its keypad',
    submit: 'Show pairing code',
    nameRequired: 'Give the device a name',
    nameTooLong: `The device name can be at most ${POS_DEVICE_NAME_MAX} characters`,
  },
  pairing: {
    title: 'Pair “{{name}}”',
    scan: 'On the tablet or phone, scan this QR code with the camera, or open /pos and type the code.',
    code: 'Pairing code',
    link: 'Pairing link',
    copyLink: 'Copy link',
    copied: 'Copied!',
    expires: `Valid for ${POS_PAIRING_MINUTES} minutes, once. Expires in {{time}}.`,
    expired: 'This code has expired. Ask for a new one.',
    qrLabel: 'QR code of the pairing link',
    done: 'Done',
  },
  list: {
    empty: 'No devices yet. Pair the tablet at your counter to take crypto in person.',
    currency: 'Currency',
    credential: 'Credential',
    created: 'Added',
    lastUsed: 'Last used',
    never: 'Never',
    status: {
      pairing: 'Waiting for pairing',
      pairing_expired: 'Code expired',
      paired: 'Paired',
    },
    newCode: 'New pairing code',
    revoke: 'Revoke',
  },
  revokeDialog: {
    title: 'Revoke this device',
    text: 'The device “{{name}}” stops working at once and shows that it must be paired again. Its sales stay in your transactions.',
    confirm: 'Revoke device',
  },
  revoked: 'Device revoked.',
  errors: {
    load: 'Could not load your devices.',
    generic: 'Something went wrong. Please try again.',
  },
};

type Shape<M> = { [K in keyof M]: M[K] extends string ? string : Shape<M[K]> };
type Messages = Shape<typeof en>;

const es: Messages = {
  title: 'Dispositivos de punto de venta',
  subtitle:
    'Tabletas y móviles del mostrador de tu tienda. Un dispositivo solo puede cobrar ventas y seguirlas: nunca ve tu cuenta, tus carteras ni tus claves.',
  pair: 'Vincular un dispositivo',
  open: 'Abrir el punto de venta',
  cancel: 'Cancelar',
  form: {
    title: 'Vincular un dispositivo',
    name: 'Nombre del dispositivo',
    namePlaceholder: 'p. ej. Mostrador principal',
    currency: 'Moneda de su teclado',
    submit: 'Mostrar código de vinculación',
    nameRequired: 'Ponle un nombre al dispositivo',
    nameTooLong: `El nombre del dispositivo puede tener como máximo ${POS_DEVICE_NAME_MAX} caracteres`,
  },
  pairing: {
    title: 'Vincular «{{name}}»',
    scan: 'En la tableta o el móvil, escanea este código QR con la cámara, o abre /pos y escribe el código.',
    code: 'Código de vinculación',
    link: 'Enlace de vinculación',
    copyLink: 'Copiar enlace',
    copied: '¡Copiado!',
    expires: `Válido ${POS_PAIRING_MINUTES} minutos, una sola vez. Caduca en {{time}}.`,
    expired: 'Este código ha caducado. Pide uno nuevo.',
    qrLabel: 'Código QR del enlace de vinculación',
    done: 'Hecho',
  },
  list: {
    empty:
      'Todavía no hay dispositivos. Vincula la tableta de tu mostrador para cobrar en cripto en persona.',
    currency: 'Moneda',
    credential: 'Credencial',
    created: 'Añadido',
    lastUsed: 'Último uso',
    never: 'Nunca',
    status: {
      pairing: 'Esperando vinculación',
      pairing_expired: 'Código caducado',
      paired: 'Vinculado',
    },
    newCode: 'Nuevo código',
    revoke: 'Revocar',
  },
  revokeDialog: {
    title: 'Revocar este dispositivo',
    text: 'El dispositivo «{{name}}» deja de funcionar al instante e indica que hay que vincularlo de nuevo. Sus ventas siguen en tus transacciones.',
    confirm: 'Revocar dispositivo',
  },
  revoked: 'Dispositivo revocado.',
  errors: {
    load: 'No se pudieron cargar tus dispositivos.',
    generic: 'Algo ha fallado. Inténtalo de nuevo.',
  },
};

const fr: Messages = {
  title: 'Terminaux de point de vente',
  subtitle:
    'Tablettes et téléphones de votre comptoir. Un terminal peut seulement encaisser des ventes et les suivre : il ne voit jamais votre compte, vos portefeuilles ni vos clés.',
  pair: 'Associer un appareil',
  open: 'Ouvrir le point de vente',
  cancel: 'Annuler',
  form: {
    title: 'Associer un appareil',
    name: 'Nom de l’appareil',
    namePlaceholder: 'ex. Comptoir principal',
    currency: 'Devise de son clavier',
    submit: 'Afficher le code d’association',
    nameRequired: 'Donnez un nom à l’appareil',
    nameTooLong: `Le nom de l’appareil peut compter au plus ${POS_DEVICE_NAME_MAX} caractères`,
  },
  pairing: {
    title: 'Associer « {{name}} »',
    scan: 'Sur la tablette ou le téléphone, scannez ce QR code avec l’appareil photo, ou ouvrez /pos et saisissez le code.',
    code: 'Code d’association',
    link: 'Lien d’association',
    copyLink: 'Copier le lien',
    copied: 'Copié !',
    expires: `Valable ${POS_PAIRING_MINUTES} minutes, une seule fois. Expire dans {{time}}.`,
    expired: 'Ce code a expiré. Demandez-en un nouveau.',
    qrLabel: 'QR code du lien d’association',
    done: 'Terminé',
  },
  list: {
    empty:
      'Aucun appareil pour l’instant. Associez la tablette de votre comptoir pour encaisser en crypto sur place.',
    currency: 'Devise',
    credential: 'Identifiant',
    created: 'Ajouté',
    lastUsed: 'Dernière utilisation',
    never: 'Jamais',
    status: {
      pairing: 'En attente d’association',
      pairing_expired: 'Code expiré',
      paired: 'Associé',
    },
    newCode: 'Nouveau code',
    revoke: 'Révoquer',
  },
  revokeDialog: {
    title: 'Révoquer cet appareil',
    text: 'L’appareil « {{name}} » cesse de fonctionner immédiatement et indique qu’il doit être associé à nouveau. Ses ventes restent dans vos transactions.',
    confirm: 'Révoquer l’appareil',
  },
  revoked: 'Appareil révoqué.',
  errors: {
    load: 'Impossible de charger vos appareils.',
    generic: 'Une erreur s’est produite. Veuillez réessayer.',
  },
};

const de: Messages = {
  title: 'Kassengeräte',
  subtitle:
    'Tablets und Telefone an Ihrer Ladentheke. Ein Gerät kann nur Verkäufe kassieren und verfolgen: Es sieht nie Ihr Konto, Ihre Wallets oder Schlüssel.',
  pair: 'Gerät koppeln',
  open: 'Kasse öffnen',
  cancel: 'Abbrechen',
  form: {
    title: 'Gerät koppeln',
    name: 'Gerätename',
    namePlaceholder: 'z. B. Vordere Theke',
    currency: 'Währung der Tastatur',
    submit: 'Kopplungscode anzeigen',
    nameRequired: 'Geben Sie dem Gerät einen Namen',
    nameTooLong: `Der Gerätename darf höchstens ${POS_DEVICE_NAME_MAX} Zeichen lang sein`,
  },
  pairing: {
    title: '„{{name}}“ koppeln',
    scan: 'Scannen Sie diesen QR-Code mit der Kamera des Tablets oder Telefons, oder öffnen Sie /pos und geben Sie den Code ein.',
    code: 'Kopplungscode',
    link: 'Kopplungslink',
    copyLink: 'Link kopieren',
    copied: 'Kopiert!',
    expires: `${POS_PAIRING_MINUTES} Minuten lang einmal gültig. Läuft ab in {{time}}.`,
    expired: 'Dieser Code ist abgelaufen. Fordern Sie einen neuen an.',
    qrLabel: 'QR-Code des Kopplungslinks',
    done: 'Fertig',
  },
  list: {
    empty: 'Noch keine Geräte. Koppeln Sie das Tablet an Ihrer Theke, um vor Ort Krypto anzunehmen.',
    currency: 'Währung',
    credential: 'Zugangsdaten',
    created: 'Hinzugefügt',
    lastUsed: 'Zuletzt verwendet',
    never: 'Nie',
    status: {
      pairing: 'Wartet auf Kopplung',
      pairing_expired: 'Code abgelaufen',
      paired: 'Gekoppelt',
    },
    newCode: 'Neuer Code',
    revoke: 'Widerrufen',
  },
  revokeDialog: {
    title: 'Dieses Gerät widerrufen',
    text: 'Das Gerät „{{name}}“ funktioniert sofort nicht mehr und zeigt an, dass es neu gekoppelt werden muss. Seine Verkäufe bleiben in Ihren Transaktionen.',
    confirm: 'Gerät widerrufen',
  },
  revoked: 'Gerät widerrufen.',
  errors: {
    load: 'Ihre Geräte konnten nicht geladen werden.',
    generic: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
};

export const locales = { en, es, fr, de };
