import { T } from '@coinlane/core/texts';

/** Issue Refund in Transaction Management (decision 022): en, es, fr, de. */
const en = {
  issue: 'Issue Refund',
  title: 'Issue Refund',
  close: 'Close',
  cancel: 'Cancel',
  explain:
    'Coinlane holds no funds: the refund is a request that the merchant pays from its own wallet. The customer is e-mailed a link to give their address; the merchant sees what to pay on its Transactions page, and the refund is marked paid when the transfer is seen on chain.',
  figures: { confirmed: 'Confirmed', refunded: 'Refunded', refundable: 'Refundable' },
  amount: 'Amount ({{currency}})',
  amountHint: 'At most {{max}} {{currency}}, in the coin received.',
  reason: 'Reason (shown to the customer and the merchant)',
  language: 'Customer’s language',
  languageHint:
    'The customer’s e-mail with the link is in this language (when the payment has their e-mail).',
  submit: 'Issue Refund',
  cannot: 'Nothing more can be refunded on this transaction.',
  done: {
    emailed: 'Refund issued. The customer was e-mailed a link to give their refund address.',
    link: 'Refund issued. The payment has no customer e-mail: the merchant was e-mailed this link to pass on to the customer. It is shown here only once.',
  },
  section: 'Refunds',
  none: 'No refund.',
  partial: 'Partially refunded',
  status: {
    awaiting_address: 'Awaiting address',
    awaiting_payment: 'Awaiting merchant’s payment',
    paid: 'Paid',
    canceled: 'Cancelled',
    expired: 'Link expired',
  },
  by: { admin: 'by an administrator', user: 'by the merchant', api_key: 'through the API' },
  loadFailed: 'Could not load the refunds.',
  failed: T.refundTransactionFailed as string,
};
type Catalogue = typeof en;

const es: Catalogue = {
  issue: 'Emitir reembolso',
  title: 'Emitir reembolso',
  close: 'Cerrar',
  cancel: 'Cancelar',
  explain:
    'Coinlane no guarda fondos: el reembolso es una solicitud que el comercio paga desde su propia billetera. El cliente recibe por correo un enlace para indicar su dirección; el comercio ve qué pagar en su página de Transacciones y el reembolso se marca como pagado cuando la transferencia aparece en la cadena.',
  figures: { confirmed: 'Confirmado', refunded: 'Reembolsado', refundable: 'Reembolsable' },
  amount: 'Importe ({{currency}})',
  amountHint: 'Como máximo {{max}} {{currency}}, en la moneda recibida.',
  reason: 'Motivo (lo verán el cliente y el comercio)',
  language: 'Idioma del cliente',
  languageHint: 'El correo del cliente con el enlace está en este idioma (si el pago tiene su correo).',
  submit: 'Emitir reembolso',
  cannot: 'No se puede reembolsar nada más de esta transacción.',
  done: {
    emailed: 'Reembolso emitido. El cliente recibió un enlace por correo para indicar su dirección.',
    link: 'Reembolso emitido. El pago no tiene correo del cliente: el comercio recibió este enlace por correo para hacérselo llegar al cliente. Aquí solo se muestra una vez.',
  },
  section: 'Reembolsos',
  none: 'Sin reembolsos.',
  partial: 'Reembolsada en parte',
  status: {
    awaiting_address: 'Esperando dirección',
    awaiting_payment: 'Esperando el pago del comercio',
    paid: 'Pagado',
    canceled: 'Cancelado',
    expired: 'Enlace caducado',
  },
  by: { admin: 'por un administrador', user: 'por el comercio', api_key: 'mediante la API' },
  loadFailed: 'No se pudieron cargar los reembolsos.',
  failed: 'No se pudo reembolsar la transacción. Inténtalo de nuevo.',
};

const fr: Catalogue = {
  issue: 'Rembourser',
  title: 'Émettre un remboursement',
  close: 'Fermer',
  cancel: 'Annuler',
  explain:
    'Coinlane ne détient aucun fonds : le remboursement est une demande que le marchand paie depuis son propre portefeuille. Le client reçoit par e-mail un lien pour indiquer son adresse ; le marchand voit quoi payer sur sa page Transactions, et le remboursement est marqué payé quand le transfert est vu sur la chaîne.',
  figures: { confirmed: 'Confirmé', refunded: 'Remboursé', refundable: 'Remboursable' },
  amount: 'Montant ({{currency}})',
  amountHint: 'Au plus {{max}} {{currency}}, dans la crypto reçue.',
  reason: 'Motif (montré au client et au marchand)',
  language: 'Langue du client',
  languageHint: 'L’e-mail du client avec le lien est dans cette langue (si le paiement a son e-mail).',
  submit: 'Émettre le remboursement',
  cannot: 'Plus rien ne peut être remboursé sur cette transaction.',
  done: {
    emailed: 'Remboursement émis. Le client a reçu par e-mail un lien pour indiquer son adresse.',
    link: 'Remboursement émis. Le paiement n’a pas d’e-mail client : le marchand a reçu ce lien par e-mail pour le transmettre au client. Il n’est affiché ici qu’une fois.',
  },
  section: 'Remboursements',
  none: 'Aucun remboursement.',
  partial: 'Remboursée en partie',
  status: {
    awaiting_address: 'Adresse attendue',
    awaiting_payment: 'Paiement du marchand attendu',
    paid: 'Payé',
    canceled: 'Annulé',
    expired: 'Lien expiré',
  },
  by: { admin: 'par un administrateur', user: 'par le marchand', api_key: 'par l’API' },
  loadFailed: 'Impossible de charger les remboursements.',
  failed: 'Échec du remboursement de la transaction. Veuillez réessayer.',
};

const de: Catalogue = {
  issue: 'Erstattung veranlassen',
  title: 'Erstattung veranlassen',
  close: 'Schließen',
  cancel: 'Abbrechen',
  explain:
    'Coinlane verwahrt keine Gelder: Die Erstattung ist eine Aufforderung, die der Händler aus seiner eigenen Wallet zahlt. Der Kunde erhält per E-Mail einen Link für seine Adresse; der Händler sieht auf seiner Transaktionsseite, was zu zahlen ist, und die Erstattung wird als bezahlt markiert, sobald die Überweisung auf der Chain zu sehen ist.',
  figures: { confirmed: 'Bestätigt', refunded: 'Erstattet', refundable: 'Erstattbar' },
  amount: 'Betrag ({{currency}})',
  amountHint: 'Höchstens {{max}} {{currency}}, in der erhaltenen Kryptowährung.',
  reason: 'Grund (für Kunde und Händler sichtbar)',
  language: 'Sprache des Kunden',
  languageHint:
    'Die E-Mail mit dem Link an den Kunden ist in dieser Sprache (wenn die Zahlung seine E-Mail-Adresse hat).',
  submit: 'Erstattung veranlassen',
  cannot: 'Für diese Transaktion kann nichts mehr erstattet werden.',
  done: {
    emailed:
      'Erstattung veranlasst. Der Kunde hat per E-Mail einen Link für seine Erstattungsadresse erhalten.',
    link: 'Erstattung veranlasst. Die Zahlung hat keine Kunden-E-Mail: Der Händler hat diesen Link per E-Mail erhalten, um ihn an den Kunden weiterzugeben. Er wird hier nur einmal angezeigt.',
  },
  section: 'Erstattungen',
  none: 'Keine Erstattung.',
  partial: 'Teilweise erstattet',
  status: {
    awaiting_address: 'Wartet auf Adresse',
    awaiting_payment: 'Wartet auf Zahlung des Händlers',
    paid: 'Bezahlt',
    canceled: 'Storniert',
    expired: 'Link abgelaufen',
  },
  by: { admin: 'durch einen Administrator', user: 'durch den Händler', api_key: 'über die API' },
  loadFailed: 'Die Erstattungen konnten nicht geladen werden.',
  failed: 'Die Transaktion konnte nicht erstattet werden. Bitte versuchen Sie es erneut.',
};

export const locales = { en, es, fr, de };
