import type { PaymentMailKind } from '#app/db/schema.ts';
import { formatMailTimeIn, type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';
import type { PaymentFacts } from './payment-mail-kinds.ts';

/** The values a payment mail's sentences use (amounts with their coin, as the merchant API writes them). */
type V = {
  id: string;
  amount: string;
  received: string;
  network: string;
  test: boolean;
};

type KindTexts = {
  subject: (v: V) => string;
  heading: string;
  intro: (v: V) => string[];
};

type Texts = {
  hello: (name: string | null) => string;
  testPrefix: string;
  labels: {
    payment: string;
    amountDue: string;
    received: string;
    network: string;
    transaction: string;
    description: string;
    customer: string;
    price: string;
    at: string;
    none: string;
  };
  action: string;
  overpaidNote: (v: V) => string;
  testNote: string;
  reason: string;
  kinds: Record<PaymentMailKind, KindTexts>;
};

const hi = (word: string, fallback: string) => (name: string | null) =>
  name?.trim() ? `${word} ${name.trim()},` : fallback;

/** en, es (tú), fr and de (formal), like the web app. */
const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    hello: hi('Hi', 'Hello,'),
    testPrefix: '[Test] ',
    labels: {
      payment: 'Payment',
      amountDue: 'Amount due',
      received: 'Received',
      network: 'Network',
      transaction: 'Transaction',
      description: 'Description',
      customer: 'Customer',
      price: 'Price',
      at: 'At',
      none: 'none',
    },
    action: 'View transactions',
    overpaidNote: (v) =>
      `The customer sent ${v.received}, more than the ${v.amount} due. If that was a mistake, refund the difference from your wallet.`,
    testNote: 'This is a test-mode payment on the simulated network: no real money moved.',
    reason:
      'You receive this email because payment alerts are on in your Coinlane settings (Settings, Notifications), where you can turn them off.',
    kinds: {
      confirmed: {
        subject: (v) => `Payment confirmed: ${v.amount}`,
        heading: 'You have been paid',
        intro: (v) => [
          `Payment ${v.id} of ${v.amount} is confirmed on ${v.network}: you can deliver the order.`,
        ],
      },
      late: {
        subject: (v) => `Late payment: ${v.received} arrived after payment ${v.id} had closed`,
        heading: 'Money arrived after the payment had closed',
        intro: (v) => [
          `The customer's money for payment ${v.id} arrived after it had expired or been cancelled: ${v.received} is now confirmed on ${v.network} (${v.amount} was due). The money is yours, and the payment stays closed.`,
          'Decide whether to deliver the order anyway or to refund the customer from your wallet.',
        ],
      },
      underpaid: {
        subject: (v) => `Payment needs attention: ${v.id} expired with ${v.received} of ${v.amount}`,
        heading: 'A payment expired underpaid',
        intro: (v) => [
          `Payment ${v.id} expired before the full amount arrived: ${v.received} of the ${v.amount} due was received on ${v.network}. The money received is yours; the order is not paid.`,
          'Ask the customer to pay the rest with a new payment, or refund what they sent from your wallet.',
        ],
      },
      overpaid: {
        subject: (v) => `Payment needs attention: ${v.id} was overpaid`,
        heading: 'A payment was overpaid',
        intro: (v) => [
          `Payment ${v.id} is confirmed, and the customer sent more than was due: ${v.received} for ${v.amount} on ${v.network}.`,
          'If that was a mistake, refund the difference from your wallet.',
        ],
      },
      reversed: {
        subject: (v) => `Payment reversed: ${v.amount} is no longer confirmed`,
        heading: 'A confirmed payment was reversed',
        intro: (v) => [
          `A reorganisation of the ${v.network} chain removed the block that confirmed payment ${v.id} (${v.amount}). The payment is no longer confirmed.`,
          'Do not ship goods or release services for it until it is confirmed again. If the money is mined again, the payment is confirmed again and you receive a new payment.confirmed event; its platform fee is not charged meanwhile, and its payment link accepts a new payment.',
        ],
      },
    },
  },
  es: {
    hello: hi('Hola', 'Hola:'),
    testPrefix: '[Prueba] ',
    labels: {
      payment: 'Pago',
      amountDue: 'Importe a pagar',
      received: 'Recibido',
      network: 'Red',
      transaction: 'Transacción',
      description: 'Descripción',
      customer: 'Cliente',
      price: 'Precio',
      at: 'Fecha',
      none: 'ninguna',
    },
    action: 'Ver transacciones',
    overpaidNote: (v) =>
      `El cliente envió ${v.received}, más de los ${v.amount} a pagar. Si fue un error, devuélvele la diferencia desde tu monedero.`,
    testNote: 'Es un pago en modo de prueba en la red simulada: no se ha movido dinero real.',
    reason:
      'Recibes este correo porque las alertas de pago están activadas en tu configuración de Coinlane (Configuración, Notificaciones), donde puedes desactivarlas.',
    kinds: {
      confirmed: {
        subject: (v) => `Pago confirmado: ${v.amount}`,
        heading: 'Has recibido un pago',
        intro: (v) => [
          `El pago ${v.id} de ${v.amount} está confirmado en ${v.network}: puedes entregar el pedido.`,
        ],
      },
      late: {
        subject: (v) => `Pago tardío: ${v.received} llegó después de que se cerrara el pago ${v.id}`,
        heading: 'Llegó dinero después de cerrarse el pago',
        intro: (v) => [
          `El dinero del cliente para el pago ${v.id} llegó después de que caducara o se cancelara: ${v.received} ya está confirmado en ${v.network} (se debían ${v.amount}). El dinero es tuyo y el pago sigue cerrado.`,
          'Decide si entregas el pedido de todos modos o si devuelves el dinero al cliente desde tu monedero.',
        ],
      },
      underpaid: {
        subject: (v) => `Pago que requiere atención: ${v.id} caducó con ${v.received} de ${v.amount}`,
        heading: 'Un pago caducó sin completarse',
        intro: (v) => [
          `El pago ${v.id} caducó antes de que llegara el importe completo: se recibieron ${v.received} de los ${v.amount} a pagar en ${v.network}. El dinero recibido es tuyo; el pedido no está pagado.`,
          'Pide al cliente que pague el resto con un nuevo pago, o devuélvele lo que envió desde tu monedero.',
        ],
      },
      overpaid: {
        subject: (v) => `Pago que requiere atención: ${v.id} se pagó de más`,
        heading: 'Un pago se pagó de más',
        intro: (v) => [
          `El pago ${v.id} está confirmado y el cliente envió más de lo debido: ${v.received} por ${v.amount} en ${v.network}.`,
          'Si fue un error, devuélvele la diferencia desde tu monedero.',
        ],
      },
      reversed: {
        subject: (v) => `Pago revertido: ${v.amount} ya no está confirmado`,
        heading: 'Se ha revertido un pago confirmado',
        intro: (v) => [
          `Una reorganización de la cadena de ${v.network} eliminó el bloque que confirmaba el pago ${v.id} (${v.amount}). El pago ya no está confirmado.`,
          'No envíes productos ni prestes servicios por él hasta que se confirme de nuevo. Si el dinero se vuelve a minar, el pago se confirma otra vez y recibes un nuevo evento payment.confirmed; mientras tanto no se cobra su comisión de plataforma y su enlace de pago acepta un nuevo pago.',
        ],
      },
    },
  },
  fr: {
    hello: hi('Bonjour', 'Bonjour,'),
    testPrefix: '[Test] ',
    labels: {
      payment: 'Paiement',
      amountDue: 'Montant dû',
      received: 'Reçu',
      network: 'Réseau',
      transaction: 'Transaction',
      description: 'Description',
      customer: 'Client',
      price: 'Prix',
      at: 'Date',
      none: 'aucune',
    },
    action: 'Voir les transactions',
    overpaidNote: (v) =>
      `Le client a envoyé ${v.received}, plus que les ${v.amount} dus. S'il s'agit d'une erreur, remboursez la différence depuis votre portefeuille.`,
    testNote: "Il s'agit d'un paiement en mode test sur le réseau simulé : aucun argent réel n'a circulé.",
    reason:
      'Vous recevez cet e-mail parce que les alertes de paiement sont activées dans vos paramètres Coinlane (Paramètres, Notifications), où vous pouvez les désactiver.',
    kinds: {
      confirmed: {
        subject: (v) => `Paiement confirmé : ${v.amount}`,
        heading: 'Vous avez été payé',
        intro: (v) => [
          `Le paiement ${v.id} de ${v.amount} est confirmé sur ${v.network} : vous pouvez livrer la commande.`,
        ],
      },
      late: {
        subject: (v) => `Paiement tardif : ${v.received} reçu après la clôture du paiement ${v.id}`,
        heading: 'De l’argent est arrivé après la clôture du paiement',
        intro: (v) => [
          `L'argent du client pour le paiement ${v.id} est arrivé après son expiration ou son annulation : ${v.received} est désormais confirmé sur ${v.network} (${v.amount} étaient dus). L'argent vous appartient et le paiement reste clos.`,
          'Décidez si vous livrez tout de même la commande ou si vous remboursez le client depuis votre portefeuille.',
        ],
      },
      underpaid: {
        subject: (v) => `Paiement à vérifier : ${v.id} a expiré avec ${v.received} sur ${v.amount}`,
        heading: 'Un paiement a expiré incomplet',
        intro: (v) => [
          `Le paiement ${v.id} a expiré avant que le montant complet n'arrive : ${v.received} sur les ${v.amount} dus ont été reçus sur ${v.network}. L'argent reçu vous appartient ; la commande n'est pas payée.`,
          'Demandez au client de payer le reste avec un nouveau paiement, ou remboursez-lui ce qu’il a envoyé depuis votre portefeuille.',
        ],
      },
      overpaid: {
        subject: (v) => `Paiement à vérifier : ${v.id} a été payé en trop`,
        heading: 'Un paiement a été payé en trop',
        intro: (v) => [
          `Le paiement ${v.id} est confirmé et le client a envoyé plus que le montant dû : ${v.received} pour ${v.amount} sur ${v.network}.`,
          "S'il s'agit d'une erreur, remboursez la différence depuis votre portefeuille.",
        ],
      },
      reversed: {
        subject: (v) => `Paiement annulé par la blockchain : ${v.amount} n'est plus confirmé`,
        heading: 'Un paiement confirmé a été annulé',
        intro: (v) => [
          `Une réorganisation de la blockchain ${v.network} a supprimé le bloc qui confirmait le paiement ${v.id} (${v.amount}). Le paiement n'est plus confirmé.`,
          "N'expédiez rien et ne fournissez aucun service pour ce paiement tant qu'il n'est pas de nouveau confirmé. Si l'argent est de nouveau miné, le paiement est reconfirmé et vous recevez un nouvel événement payment.confirmed ; sa commission de plateforme n'est pas facturée entre-temps, et son lien de paiement accepte un nouveau paiement.",
        ],
      },
    },
  },
  de: {
    hello: hi('Hallo', 'Guten Tag,'),
    testPrefix: '[Test] ',
    labels: {
      payment: 'Zahlung',
      amountDue: 'Fälliger Betrag',
      received: 'Erhalten',
      network: 'Netzwerk',
      transaction: 'Transaktion',
      description: 'Beschreibung',
      customer: 'Kunde',
      price: 'Preis',
      at: 'Zeitpunkt',
      none: 'keine',
    },
    action: 'Transaktionen ansehen',
    overpaidNote: (v) =>
      `Der Kunde hat ${v.received} gesendet, mehr als die fälligen ${v.amount}. Falls das ein Versehen war, erstatten Sie die Differenz aus Ihrer Wallet.`,
    testNote:
      'Dies ist eine Zahlung im Testmodus auf dem simulierten Netzwerk: Es wurde kein echtes Geld bewegt.',
    reason:
      'Sie erhalten diese E-Mail, weil Zahlungshinweise in Ihren Coinlane-Einstellungen (Einstellungen, Benachrichtigungen) aktiviert sind. Dort können Sie sie ausschalten.',
    kinds: {
      confirmed: {
        subject: (v) => `Zahlung bestätigt: ${v.amount}`,
        heading: 'Sie wurden bezahlt',
        intro: (v) => [
          `Die Zahlung ${v.id} über ${v.amount} ist auf ${v.network} bestätigt: Sie können die Bestellung ausliefern.`,
        ],
      },
      late: {
        subject: (v) => `Verspätete Zahlung: ${v.received} kam nach dem Abschluss der Zahlung ${v.id} an`,
        heading: 'Geld kam nach dem Abschluss der Zahlung an',
        intro: (v) => [
          `Das Geld des Kunden für die Zahlung ${v.id} kam an, nachdem sie abgelaufen oder storniert war: ${v.received} ist jetzt auf ${v.network} bestätigt (fällig waren ${v.amount}). Das Geld gehört Ihnen, die Zahlung bleibt abgeschlossen.`,
          'Entscheiden Sie, ob Sie die Bestellung trotzdem ausliefern oder dem Kunden das Geld aus Ihrer Wallet erstatten.',
        ],
      },
      underpaid: {
        subject: (v) => `Zahlung prüfen: ${v.id} ist mit ${v.received} von ${v.amount} abgelaufen`,
        heading: 'Eine Zahlung ist unvollständig abgelaufen',
        intro: (v) => [
          `Die Zahlung ${v.id} ist abgelaufen, bevor der volle Betrag ankam: ${v.received} der fälligen ${v.amount} gingen auf ${v.network} ein. Das erhaltene Geld gehört Ihnen; die Bestellung ist nicht bezahlt.`,
          'Bitten Sie den Kunden, den Rest mit einer neuen Zahlung zu begleichen, oder erstatten Sie ihm den gesendeten Betrag aus Ihrer Wallet.',
        ],
      },
      overpaid: {
        subject: (v) => `Zahlung prüfen: ${v.id} wurde überzahlt`,
        heading: 'Eine Zahlung wurde überzahlt',
        intro: (v) => [
          `Die Zahlung ${v.id} ist bestätigt, und der Kunde hat mehr als fällig gesendet: ${v.received} für ${v.amount} auf ${v.network}.`,
          'Falls das ein Versehen war, erstatten Sie die Differenz aus Ihrer Wallet.',
        ],
      },
      reversed: {
        subject: (v) => `Zahlung rückgängig gemacht: ${v.amount} ist nicht mehr bestätigt`,
        heading: 'Eine bestätigte Zahlung wurde rückgängig gemacht',
        intro: (v) => [
          `Eine Reorganisation der ${v.network}-Blockchain hat den Block entfernt, der die Zahlung ${v.id} (${v.amount}) bestätigt hatte. Die Zahlung ist nicht mehr bestätigt.`,
          'Versenden Sie keine Waren und erbringen Sie keine Leistungen dafür, bis sie erneut bestätigt ist. Wird das Geld erneut gemint, wird die Zahlung wieder bestätigt und Sie erhalten ein neues payment.confirmed-Ereignis; ihre Plattformgebühr wird bis dahin nicht berechnet, und ihr Zahlungslink nimmt eine neue Zahlung an.',
        ],
      },
    },
  },
};

/**
 * The merchant's mail about a payment, in their language: what happened, what to do, the payment's facts as
 * they were at the event, and why they get it (with where to turn it off). Every value is escaped by the layout.
 */
export function paymentMail(o: {
  kind: PaymentMailKind;
  payment: PaymentFacts;
  name: string | null;
  lang: MailLanguage;
  url: string;
  at: Date;
}): MailContent {
  const tx = TEXTS[o.lang];
  const k = tx.kinds[o.kind];
  const p = o.payment;
  const coin = (amount: string) => `${amount} ${p.currency}`;
  const v: V = {
    id: p.id,
    amount: coin(p.amount),
    received: coin(p.amountReceived),
    network: p.networkName,
    test: p.mode === 'test',
  };
  const l = tx.labels;
  const details: Array<[string, string]> = [
    [l.payment, p.id],
    [l.amountDue, v.amount],
    [l.received, v.received],
    ...(p.fiatAmount && p.fiatCurrency
      ? [[l.price, `${p.fiatAmount} ${p.fiatCurrency}`] as [string, string]]
      : []),
    [l.network, p.networkName],
    [l.transaction, p.txHash ?? l.none],
    ...(p.description ? [[l.description, p.description] as [string, string]] : []),
    ...(p.customerEmail ? [[l.customer, p.customerEmail] as [string, string]] : []),
    [l.at, formatMailTimeIn(o.lang, o.at)],
  ];
  const intro = [tx.hello(o.name), ...k.intro(v)];
  if (o.kind === 'confirmed' && p.exception === 'paid_over') intro.push(tx.overpaidNote(v));
  return {
    subject: `${v.test ? tx.testPrefix : ''}${k.subject(v)}`,
    ...renderLayout({
      lang: o.lang,
      preheader: k.intro(v)[0] ?? k.heading,
      heading: k.heading,
      intro,
      action: { label: tx.action, url: o.url },
      details,
      ...(v.test ? { notice: tx.testNote } : {}),
      reason: tx.reason,
    }),
  };
}
