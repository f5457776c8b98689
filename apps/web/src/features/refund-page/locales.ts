/** Message catalogue of the customer's refund page (/refund?token=..., decision 022): en, es, fr, de. */
const en = {
  title: 'Your refund',
  language: 'Language',
  amountLabel: 'Refund',
  from: 'from {{merchant}}',
  network: 'on the {{network}} network',
  whoPays:
    '{{merchant}} pays this refund from its own wallet straight to yours. Coinlane never holds the money: it only passes on your address and watches the chain.',
  reason: 'Reason: {{reason}}',
  addressLabel: 'Your {{network}} address',
  addressHint:
    'An address of your own {{currency}} wallet on {{network}}, where you want to receive the refund. Double-check it: a transfer cannot be undone.',
  addressPlaceholder: 'Paste your address',
  submit: 'Send my refund address',
  never: 'Never share your recovery phrase or private key: only an address is needed.',
  validUntil: 'This link is valid until {{date}}.',
  testMode:
    'Test refund: no real money moves. Give an address of the coin’s test network (testnet), not of its main network.',
  status: {
    awaiting_payment: 'Thank you. {{merchant}} now sends {{amount}} {{currency}} to this address:',
    awaiting_payment_note: 'You will see it in your wallet once {{merchant}} has sent it.',
    paid: '{{merchant}} has sent your refund of {{amount}} {{currency}} to:',
    canceled: 'This refund was cancelled by {{merchant}}.',
    expired: 'This refund link has expired. Please ask {{merchant}} for a new one.',
  },
  txid: 'Transaction: {{txid}}',
  errors: {
    missing: 'This page needs the link from your e-mail.',
    invalid: 'This refund link is not valid. Please use the link from your e-mail.',
    expired: 'This refund link has expired. Please ask the merchant for a new one.',
    used: 'A refund address was already given for this refund, or it is no longer open.',
    address: 'This is not a valid {{network}} address for this refund.',
    paymentAddress:
      'This is a payment address, not your own wallet: please enter an address of your own wallet.',
    rateLimited: 'Too many attempts. Please wait a moment and try again.',
    failed: 'Something went wrong. Please try again.',
  },
};
type Catalogue = typeof en;

const es: Catalogue = {
  title: 'Tu reembolso',
  language: 'Idioma',
  amountLabel: 'Reembolso',
  from: 'de {{merchant}}',
  network: 'en la red {{network}}',
  whoPays:
    '{{merchant}} paga este reembolso desde su propia billetera directamente a la tuya. Coinlane nunca guarda el dinero: solo transmite tu dirección y vigila la cadena.',
  reason: 'Motivo: {{reason}}',
  addressLabel: 'Tu dirección de {{network}}',
  addressHint:
    'Una dirección de tu propia billetera de {{currency}} en {{network}}, donde quieres recibir el reembolso. Compruébala bien: una transferencia no se puede deshacer.',
  addressPlaceholder: 'Pega tu dirección',
  submit: 'Enviar mi dirección de reembolso',
  never: 'Nunca compartas tu frase de recuperación ni tu clave privada: solo hace falta una dirección.',
  validUntil: 'Este enlace es válido hasta el {{date}}.',
  testMode:
    'Reembolso de prueba: no se mueve dinero real. Indica una dirección de la red de pruebas de la moneda (testnet), no de su red principal.',
  status: {
    awaiting_payment: 'Gracias. {{merchant}} envía ahora {{amount}} {{currency}} a esta dirección:',
    awaiting_payment_note: 'Lo verás en tu billetera cuando {{merchant}} lo haya enviado.',
    paid: '{{merchant}} ha enviado tu reembolso de {{amount}} {{currency}} a:',
    canceled: '{{merchant}} canceló este reembolso.',
    expired: 'Este enlace de reembolso ha caducado. Pide uno nuevo a {{merchant}}.',
  },
  txid: 'Transacción: {{txid}}',
  errors: {
    missing: 'Esta página necesita el enlace de tu correo.',
    invalid: 'Este enlace de reembolso no es válido. Usa el enlace de tu correo.',
    expired: 'Este enlace de reembolso ha caducado. Pide uno nuevo al comercio.',
    used: 'Ya se indicó una dirección para este reembolso, o ya no está abierto.',
    address: 'Esta no es una dirección de {{network}} válida para este reembolso.',
    paymentAddress:
      'Esta es una dirección de pago, no tu propia billetera: indica una dirección de tu billetera.',
    rateLimited: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
    failed: 'Algo salió mal. Inténtalo de nuevo.',
  },
};

const fr: Catalogue = {
  title: 'Votre remboursement',
  language: 'Langue',
  amountLabel: 'Remboursement',
  from: 'de {{merchant}}',
  network: 'sur le réseau {{network}}',
  whoPays:
    '{{merchant}} paie ce remboursement depuis son propre portefeuille directement vers le vôtre. Coinlane ne détient jamais l’argent : il transmet seulement votre adresse et surveille la chaîne.',
  reason: 'Motif : {{reason}}',
  addressLabel: 'Votre adresse {{network}}',
  addressHint:
    'Une adresse de votre propre portefeuille {{currency}} sur {{network}}, où recevoir le remboursement. Vérifiez-la bien : un transfert ne peut pas être annulé.',
  addressPlaceholder: 'Collez votre adresse',
  submit: 'Envoyer mon adresse de remboursement',
  never:
    'Ne partagez jamais votre phrase de récupération ni votre clé privée : seule une adresse est nécessaire.',
  validUntil: 'Ce lien est valable jusqu’au {{date}}.',
  testMode:
    'Remboursement de test : aucun argent réel ne bouge. Indiquez une adresse du réseau de test de la monnaie (testnet), pas de son réseau principal.',
  status: {
    awaiting_payment: 'Merci. {{merchant}} envoie maintenant {{amount}} {{currency}} à cette adresse :',
    awaiting_payment_note: 'Vous le verrez dans votre portefeuille une fois envoyé par {{merchant}}.',
    paid: '{{merchant}} a envoyé votre remboursement de {{amount}} {{currency}} à :',
    canceled: '{{merchant}} a annulé ce remboursement.',
    expired: 'Ce lien de remboursement a expiré. Demandez-en un nouveau à {{merchant}}.',
  },
  txid: 'Transaction : {{txid}}',
  errors: {
    missing: 'Cette page a besoin du lien de votre e-mail.',
    invalid: 'Ce lien de remboursement n’est pas valide. Utilisez le lien de votre e-mail.',
    expired: 'Ce lien de remboursement a expiré. Demandez-en un nouveau au marchand.',
    used: 'Une adresse a déjà été donnée pour ce remboursement, ou il n’est plus ouvert.',
    address: 'Ce n’est pas une adresse {{network}} valide pour ce remboursement.',
    paymentAddress:
      'C’est une adresse de paiement, pas votre propre portefeuille : indiquez une adresse de votre portefeuille.',
    rateLimited: 'Trop de tentatives. Patientez un instant puis réessayez.',
    failed: 'Une erreur s’est produite. Veuillez réessayer.',
  },
};

const de: Catalogue = {
  title: 'Ihre Erstattung',
  language: 'Sprache',
  amountLabel: 'Erstattung',
  from: 'von {{merchant}}',
  network: 'im {{network}}-Netzwerk',
  whoPays:
    '{{merchant}} zahlt diese Erstattung aus der eigenen Wallet direkt an Ihre. Coinlane verwahrt das Geld nie: Es gibt nur Ihre Adresse weiter und beobachtet die Chain.',
  reason: 'Grund: {{reason}}',
  addressLabel: 'Ihre {{network}}-Adresse',
  addressHint:
    'Eine Adresse Ihrer eigenen {{currency}}-Wallet im {{network}}-Netzwerk, an die die Erstattung gehen soll. Prüfen Sie sie genau: Eine Überweisung lässt sich nicht rückgängig machen.',
  addressPlaceholder: 'Adresse einfügen',
  submit: 'Erstattungsadresse senden',
  never:
    'Geben Sie nie Ihre Wiederherstellungsphrase oder Ihren privaten Schlüssel weiter: Nur eine Adresse wird gebraucht.',
  validUntil: 'Dieser Link ist gültig bis {{date}}.',
  testMode:
    'Test-Erstattung: Es wird kein echtes Geld bewegt. Geben Sie eine Adresse im Testnetz der Münze (Testnet) an, nicht im Hauptnetz.',
  status: {
    awaiting_payment: 'Danke. {{merchant}} sendet jetzt {{amount}} {{currency}} an diese Adresse:',
    awaiting_payment_note: 'Sie sehen sie in Ihrer Wallet, sobald {{merchant}} sie gesendet hat.',
    paid: '{{merchant}} hat Ihre Erstattung über {{amount}} {{currency}} gesendet an:',
    canceled: '{{merchant}} hat diese Erstattung storniert.',
    expired: 'Dieser Erstattungslink ist abgelaufen. Bitten Sie {{merchant}} um einen neuen.',
  },
  txid: 'Transaktion: {{txid}}',
  errors: {
    missing: 'Diese Seite braucht den Link aus Ihrer E-Mail.',
    invalid: 'Dieser Erstattungslink ist ungültig. Bitte verwenden Sie den Link aus Ihrer E-Mail.',
    expired: 'Dieser Erstattungslink ist abgelaufen. Bitten Sie den Händler um einen neuen.',
    used: 'Für diese Erstattung wurde bereits eine Adresse angegeben, oder sie ist nicht mehr offen.',
    address: 'Dies ist keine gültige {{network}}-Adresse für diese Erstattung.',
    paymentAddress:
      'Dies ist eine Zahlungsadresse, nicht Ihre eigene Wallet: Bitte geben Sie eine Adresse Ihrer Wallet an.',
    rateLimited: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    failed: 'Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.',
  },
};

export const locales = { en, es, fr, de };
