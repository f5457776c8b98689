import { formatMailTimeIn, type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

/**
 * The merchant's mails about its refunds (decision 022), in the merchant's language: the customer's address link
 * to pass on, when someone else issued the refund of a payment without a customer e-mail. Every value is escaped by
 * the layout.
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
