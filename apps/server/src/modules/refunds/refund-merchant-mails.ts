import { formatMailTimeIn, type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

/**
 * The merchant's mails about its refunds (decision 022), in the merchant's language: the customer's address link
 * to pass on, when someone else issued the refund of a payment without a customer e-mail; and the address the
 * customer gave, with what to pay. Every value is escaped by the layout.
 */

/** The values the sentences use: amounts with their coin, the network's name, the payment's id. */
type V = { amount: string; network: string; paymentId: string };

type Labels = {
  refund: string;
  payment: string;
  amount: string;
  network: string;
  reason: string;
  validUntil: string;
  address: string;
  walletUri: string;
};

type Texts = {
  hello: (name: string | null) => string;
  testPrefix: string;
  labels: Labels;
  action: string;
  link: {
    subject: (v: V) => string;
    heading: string;
    issuedBy: Record<'admin' | 'api_key', (v: V) => string>;
    passOn: string;
    outro: string;
    notice: string;
    reason: string;
  };
  address: {
    subject: (v: V) => string;
    heading: string;
    intro: (v: V) => string;
    outro: string;
    testNote: string;
    notice: string;
    reason: string;
  };
};

const hi = (word: string, fallback: string) => (name: string | null) =>
  name?.trim() ? `${word} ${name.trim()},` : fallback;

/** en, es (tú), fr and de (formal), like the web app. */
const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    hello: hi('Hi', 'Hello,'),
    testPrefix: '[Test] ',
    labels: {
      refund: 'Refund',
      payment: 'Payment',
      amount: 'Amount',
      network: 'Network',
      reason: 'Reason',
      validUntil: 'Link valid until',
      address: 'Address',
      walletUri: 'Wallet link',
    },
    action: 'View the transaction',
    link: {
      subject: (v) => `Refund of ${v.amount}: send your customer the link for their address`,
      heading: 'Send your customer this refund link',
      issuedBy: {
        admin: (v) =>
          `A Coinlane administrator issued a refund of ${v.amount} (${v.network}) of your payment ${v.paymentId}.`,
        api_key: (v) =>
          `Your API key issued a refund of ${v.amount} (${v.network}) of your payment ${v.paymentId}.`,
      },
      passOn:
        'The payment has no customer e-mail address, so Coinlane could not send the customer the link where they give their refund address. Send them this link yourself:',
      outro:
        'Once they have given an address, your Transactions page shows it with the amount to pay from your wallet.',
      notice:
        'The link is for this customer only. Coinlane keeps no copy of it: if it is lost, cancel the refund and issue a new one.',
      reason:
        'You receive this email because a refund of one of your payments was issued without a customer e-mail address. It is sent whatever your notification settings: the link is nowhere else.',
    },
    address: {
      subject: (v) => `Pay the refund of ${v.amount}: your customer gave their address`,
      heading: 'Your customer is waiting for their refund',
      intro: (v) =>
        `Your customer gave the address for the refund of ${v.amount} (${v.network}) of payment ${v.paymentId}. Pay it from your own wallet: send at least ${v.amount} to the address below, on ${v.network}.`,
      outro:
        'Your Transactions page shows the address with a QR code for your wallet. Coinlane marks the refund paid when it sees the transfer in a block; it never holds the money.',
      testNote:
        'This is a test-mode refund: there is no chain; simulate the transfer on your Transactions page.',
      notice: 'Check the address in your wallet before you send: a transfer on the chain cannot be undone.',
      reason:
        'You receive this email because payment alerts are on in your Coinlane settings (Settings, Notifications), where you can turn them off.',
    },
  },
  es: {
    hello: hi('Hola', 'Hola:'),
    testPrefix: '[Prueba] ',
    labels: {
      refund: 'Reembolso',
      payment: 'Pago',
      amount: 'Importe',
      network: 'Red',
      reason: 'Motivo',
      validUntil: 'Enlace válido hasta',
      address: 'Dirección',
      walletUri: 'Enlace para la billetera',
    },
    action: 'Ver la transacción',
    link: {
      subject: (v) => `Reembolso de ${v.amount}: envía a tu cliente el enlace para su dirección`,
      heading: 'Envía a tu cliente este enlace de reembolso',
      issuedBy: {
        admin: (v) =>
          `Un administrador de Coinlane emitió un reembolso de ${v.amount} (${v.network}) de tu pago ${v.paymentId}.`,
        api_key: (v) =>
          `Tu clave de API emitió un reembolso de ${v.amount} (${v.network}) de tu pago ${v.paymentId}.`,
      },
      passOn:
        'El pago no tiene correo electrónico del cliente, así que Coinlane no pudo enviarle el enlace donde indica su dirección de reembolso. Envíale tú este enlace:',
      outro:
        'Cuando haya indicado una dirección, tu página de Transacciones la muestra con el importe que debes pagar desde tu billetera.',
      notice:
        'El enlace es solo para este cliente. Coinlane no guarda ninguna copia: si se pierde, cancela el reembolso y emite uno nuevo.',
      reason:
        'Recibes este correo porque se emitió un reembolso de uno de tus pagos sin correo electrónico del cliente. Se envía sea cual sea tu configuración de notificaciones: el enlace no está en ningún otro sitio.',
    },
    address: {
      subject: (v) => `Paga el reembolso de ${v.amount}: tu cliente indicó su dirección`,
      heading: 'Tu cliente espera su reembolso',
      intro: (v) =>
        `Tu cliente indicó la dirección para el reembolso de ${v.amount} (${v.network}) del pago ${v.paymentId}. Págalo desde tu propia billetera: envía al menos ${v.amount} a la dirección de abajo, en ${v.network}.`,
      outro:
        'Tu página de Transacciones muestra la dirección con un código QR para tu billetera. Coinlane marca el reembolso como pagado cuando ve la transferencia en un bloque; nunca guarda el dinero.',
      testNote:
        'Es un reembolso en modo de prueba: no hay cadena; simula la transferencia en tu página de Transacciones.',
      notice:
        'Comprueba la dirección en tu billetera antes de enviar: una transferencia en la cadena no se puede deshacer.',
      reason:
        'Recibes este correo porque las alertas de pago están activadas en tu configuración de Coinlane (Configuración, Notificaciones), donde puedes desactivarlas.',
    },
  },
  fr: {
    hello: hi('Bonjour', 'Bonjour,'),
    testPrefix: '[Test] ',
    labels: {
      refund: 'Remboursement',
      payment: 'Paiement',
      amount: 'Montant',
      network: 'Réseau',
      reason: 'Motif',
      validUntil: 'Lien valable jusqu’au',
      address: 'Adresse',
      walletUri: 'Lien pour le portefeuille',
    },
    action: 'Voir la transaction',
    link: {
      subject: (v) => `Remboursement de ${v.amount} : envoyez à votre client le lien pour son adresse`,
      heading: 'Envoyez ce lien de remboursement à votre client',
      issuedBy: {
        admin: (v) =>
          `Un administrateur de Coinlane a émis un remboursement de ${v.amount} (${v.network}) de votre paiement ${v.paymentId}.`,
        api_key: (v) =>
          `Votre clé API a émis un remboursement de ${v.amount} (${v.network}) de votre paiement ${v.paymentId}.`,
      },
      passOn:
        'Le paiement n’a pas d’adresse e-mail client : Coinlane n’a donc pas pu envoyer au client le lien où il indique son adresse de remboursement. Envoyez-lui ce lien vous-même :',
      outro:
        'Une fois l’adresse indiquée, votre page Transactions l’affiche avec le montant à payer depuis votre portefeuille.',
      notice:
        'Le lien est réservé à ce client. Coinlane n’en garde aucune copie : s’il est perdu, annulez le remboursement et émettez-en un nouveau.',
      reason:
        'Vous recevez cet e-mail parce qu’un remboursement de l’un de vos paiements a été émis sans adresse e-mail client. Il est envoyé quels que soient vos paramètres de notification : le lien ne figure nulle part ailleurs.',
    },
    address: {
      subject: (v) => `Payez le remboursement de ${v.amount} : votre client a indiqué son adresse`,
      heading: 'Votre client attend son remboursement',
      intro: (v) =>
        `Votre client a indiqué l’adresse pour le remboursement de ${v.amount} (${v.network}) du paiement ${v.paymentId}. Payez-le depuis votre propre portefeuille : envoyez au moins ${v.amount} à l’adresse ci-dessous, sur ${v.network}.`,
      outro:
        'Votre page Transactions affiche l’adresse avec un QR code pour votre portefeuille. Coinlane marque le remboursement payé dès qu’il voit le transfert dans un bloc ; il ne détient jamais l’argent.',
      testNote:
        'Il s’agit d’un remboursement en mode test : il n’y a pas de chaîne ; simulez le transfert sur votre page Transactions.',
      notice:
        'Vérifiez l’adresse dans votre portefeuille avant d’envoyer : un transfert sur la chaîne ne peut pas être annulé.',
      reason:
        'Vous recevez cet e-mail parce que les alertes de paiement sont activées dans vos paramètres Coinlane (Paramètres, Notifications), où vous pouvez les désactiver.',
    },
  },
  de: {
    hello: hi('Hallo', 'Guten Tag,'),
    testPrefix: '[Test] ',
    labels: {
      refund: 'Erstattung',
      payment: 'Zahlung',
      amount: 'Betrag',
      network: 'Netzwerk',
      reason: 'Grund',
      validUntil: 'Link gültig bis',
      address: 'Adresse',
      walletUri: 'Wallet-Link',
    },
    action: 'Transaktion ansehen',
    link: {
      subject: (v) => `Erstattung von ${v.amount}: Senden Sie Ihrem Kunden den Link für seine Adresse`,
      heading: 'Senden Sie Ihrem Kunden diesen Erstattungslink',
      issuedBy: {
        admin: (v) =>
          `Ein Coinlane-Administrator hat eine Erstattung von ${v.amount} (${v.network}) Ihrer Zahlung ${v.paymentId} veranlasst.`,
        api_key: (v) =>
          `Ihr API-Schlüssel hat eine Erstattung von ${v.amount} (${v.network}) Ihrer Zahlung ${v.paymentId} veranlasst.`,
      },
      passOn:
        'Die Zahlung hat keine E-Mail-Adresse des Kunden, daher konnte Coinlane dem Kunden den Link nicht senden, unter dem er seine Erstattungsadresse angibt. Senden Sie ihm diesen Link selbst:',
      outro:
        'Sobald er eine Adresse angegeben hat, zeigt Ihre Seite Transaktionen sie mit dem Betrag an, den Sie aus Ihrer Wallet zahlen.',
      notice:
        'Der Link ist nur für diesen Kunden bestimmt. Coinlane bewahrt keine Kopie davon auf: Geht er verloren, stornieren Sie die Erstattung und veranlassen Sie eine neue.',
      reason:
        'Sie erhalten diese E-Mail, weil eine Erstattung einer Ihrer Zahlungen ohne E-Mail-Adresse des Kunden veranlasst wurde. Sie wird unabhängig von Ihren Benachrichtigungseinstellungen gesendet: Der Link steht nirgendwo sonst.',
    },
    address: {
      subject: (v) => `Zahlen Sie die Erstattung von ${v.amount}: Ihr Kunde hat seine Adresse angegeben`,
      heading: 'Ihr Kunde wartet auf seine Erstattung',
      intro: (v) =>
        `Ihr Kunde hat die Adresse für die Erstattung von ${v.amount} (${v.network}) der Zahlung ${v.paymentId} angegeben. Zahlen Sie sie aus Ihrer eigenen Wallet: Senden Sie mindestens ${v.amount} an die Adresse unten, auf ${v.network}.`,
      outro:
        'Ihre Seite Transaktionen zeigt die Adresse mit einem QR-Code für Ihre Wallet. Coinlane markiert die Erstattung als bezahlt, sobald die Überweisung in einem Block ist, und verwahrt das Geld nie.',
      testNote:
        'Dies ist eine Erstattung im Testmodus: Es gibt keine Chain; simulieren Sie die Überweisung auf Ihrer Seite Transaktionen.',
      notice:
        'Prüfen Sie die Adresse in Ihrer Wallet, bevor Sie senden: Eine Überweisung auf der Chain lässt sich nicht rückgängig machen.',
      reason:
        'Sie erhalten diese E-Mail, weil Zahlungshinweise in Ihren Coinlane-Einstellungen (Einstellungen, Benachrichtigungen) aktiviert sind. Dort können Sie sie ausschalten.',
    },
  },
};

/** What both mails say about the refund. */
type RefundFacts = {
  id: string;
  paymentId: string;
  test: boolean;
  /** Whole coins, with the coin: "0.001 BTC". */
  amount: string;
  networkName: string;
};

/**
 * The customer's address link for the merchant to pass on: a refund issued by an administrator or through the API of
 * a payment without a customer e-mail. The link is quoted (to copy, not a button: opening it is the customer's step);
 * the button opens the payment on the merchant's Transactions page.
 */
export function refundLinkForMerchantMail(o: {
  lang: MailLanguage;
  name: string | null;
  refund: RefundFacts;
  issuedBy: 'admin' | 'api_key';
  link: string;
  expiresAt: Date;
  reason: string | null;
  transactionUrl: string;
}): MailContent {
  const tx = TEXTS[o.lang];
  const v: V = { amount: o.refund.amount, network: o.refund.networkName, paymentId: o.refund.paymentId };
  const l = tx.labels;
  return {
    subject: `${o.refund.test ? tx.testPrefix : ''}${tx.link.subject(v)}`,
    ...renderLayout({
      lang: o.lang,
      preheader: tx.link.issuedBy[o.issuedBy](v),
      heading: tx.link.heading,
      intro: [tx.hello(o.name), tx.link.issuedBy[o.issuedBy](v), tx.link.passOn],
      quote: o.link,
      outro: [tx.link.outro],
      action: { label: tx.action, url: o.transactionUrl },
      details: [
        [l.refund, o.refund.id],
        [l.payment, o.refund.paymentId],
        [l.amount, v.amount],
        [l.network, v.network],
        ...(o.reason ? ([[l.reason, o.reason]] as Array<[string, string]>) : []),
        [l.validUntil, formatMailTimeIn(o.lang, o.expiresAt)],
      ],
      notice: tx.link.notice,
      reason: tx.link.reason,
    }),
  };
}

/** The customer gave the refund address: what to pay, where, and the payment on the merchant's Transactions page. */
export function refundAddressGivenMail(o: {
  lang: MailLanguage;
  name: string | null;
  refund: RefundFacts;
  address: string;
  paymentUri: string | null;
  transactionUrl: string;
}): MailContent {
  const tx = TEXTS[o.lang];
  const v: V = { amount: o.refund.amount, network: o.refund.networkName, paymentId: o.refund.paymentId };
  const l = tx.labels;
  return {
    subject: `${o.refund.test ? tx.testPrefix : ''}${tx.address.subject(v)}`,
    ...renderLayout({
      lang: o.lang,
      preheader: tx.address.intro(v),
      heading: tx.address.heading,
      intro: [tx.hello(o.name), tx.address.intro(v)],
      action: { label: tx.action, url: o.transactionUrl },
      details: [
        [l.amount, v.amount],
        [l.address, o.address],
        [l.network, v.network],
        ...(o.paymentUri ? ([[l.walletUri, o.paymentUri]] as Array<[string, string]>) : []),
        [l.refund, o.refund.id],
        [l.payment, o.refund.paymentId],
      ],
      outro: [tx.address.outro],
      notice: o.refund.test ? tx.address.testNote : tx.address.notice,
      reason: tx.address.reason,
    }),
  };
}
