import { formatMailTimeIn, type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

/**
 * The merchant's mail when an exchange could not convert a payment (decision 024): the shift was refunded, or the
 * deposit reached the exchange after its quote had expired (refunded too). In the merchant's language; every value
 * is escaped by the layout.
 */

export type ShiftMailFacts = {
  provider: string;
  providerShiftId: string;
  paymentId: string;
  /** '0.05 LTC' */
  amount: string;
  /** 'USDT' */
  toCurrency: string;
  refundAddress: string | null;
  /** The exchange's own words about the deposit, when it gave any. */
  issue: string | null;
  at: Date;
};

type Kind = 'refunded' | 'expired';
type V = { provider: string; amount: string; to: string; paymentId: string };

type Texts = {
  hello: (name: string | null) => string;
  subject: (v: V) => string;
  heading: string;
  why: Record<Kind, (v: V) => string>;
  refund: (address: string) => string;
  refundUnknown: string;
  custody: (v: V) => string;
  labels: {
    payment: string;
    shift: string;
    amount: string;
    refundAddress: string;
    issue: string;
    when: string;
  };
  action: string;
  reason: string;
};

const hi = (word: string, fallback: string) => (name: string | null) =>
  name?.trim() ? `${word} ${name.trim()},` : fallback;

const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    hello: hi('Hi', 'Hello,'),
    subject: (v) => `${v.provider} could not convert ${v.amount} into ${v.to}: refunded to your wallet`,
    heading: 'A payment was not converted',
    why: {
      refunded: (v) =>
        `${v.provider} could not convert the ${v.amount} of payment ${v.paymentId} into ${v.to}, as your payout rule asks: it refunds the coins.`,
      expired: (v) =>
        `The ${v.amount} of payment ${v.paymentId} reached ${v.provider} after its fixed-rate quote had expired, so it was not converted into ${v.to}: it refunds the coins.`,
    },
    refund: (address) => `The refund goes to your own address ${address}, an address of your wallet.`,
    refundUnknown: 'The refund goes to the refund address given with the shift.',
    custody: (v) =>
      `Coinlane never holds the coins; ${v.provider} holds them only until the refund is sent. The History tab of Instant Payouts shows this entry as failed.`,
    labels: {
      payment: 'Payment',
      shift: 'Shift at the exchange',
      amount: 'Amount',
      refundAddress: 'Refund address',
      issue: 'Exchange note',
      when: 'When',
    },
    action: 'View the transaction',
    reason:
      'You receive this email because payment alerts are on in your Coinlane settings (Settings, Notifications), where you can turn them off.',
  },
  es: {
    hello: hi('Hola', 'Hola:'),
    subject: (v) => `${v.provider} no pudo convertir ${v.amount} a ${v.to}: reembolsado a tu billetera`,
    heading: 'Un pago no se convirtió',
    why: {
      refunded: (v) =>
        `${v.provider} no pudo convertir los ${v.amount} del pago ${v.paymentId} a ${v.to}, como pide tu regla de pago: reembolsa las monedas.`,
      expired: (v) =>
        `Los ${v.amount} del pago ${v.paymentId} llegaron a ${v.provider} después de que venciera su cotización de tipo fijo, así que no se convirtieron a ${v.to}: reembolsa las monedas.`,
    },
    refund: (address) => `El reembolso va a tu propia dirección ${address}, una dirección de tu billetera.`,
    refundUnknown: 'El reembolso va a la dirección de reembolso indicada con el intercambio.',
    custody: (v) =>
      `Coinlane nunca guarda las monedas; ${v.provider} solo las guarda hasta enviar el reembolso. La pestaña Historial de Pagos instantáneos muestra esta entrada como fallida.`,
    labels: {
      payment: 'Pago',
      shift: 'Intercambio en el exchange',
      amount: 'Importe',
      refundAddress: 'Dirección de reembolso',
      issue: 'Nota del exchange',
      when: 'Cuándo',
    },
    action: 'Ver la transacción',
    reason:
      'Recibes este correo porque las alertas de pago están activadas en tu configuración de Coinlane (Configuración, Notificaciones), donde puedes desactivarlas.',
  },
  fr: {
    hello: hi('Bonjour', 'Bonjour,'),
    subject: (v) =>
      `${v.provider} n'a pas pu convertir ${v.amount} en ${v.to} : remboursé sur votre portefeuille`,
    heading: "Un paiement n'a pas été converti",
    why: {
      refunded: (v) =>
        `${v.provider} n'a pas pu convertir les ${v.amount} du paiement ${v.paymentId} en ${v.to}, comme le demande votre règle de paiement : il rembourse les fonds.`,
      expired: (v) =>
        `Les ${v.amount} du paiement ${v.paymentId} sont arrivés chez ${v.provider} après l'expiration de son cours garanti ; ils n'ont donc pas été convertis en ${v.to} : il rembourse les fonds.`,
    },
    refund: (address) =>
      `Le remboursement est envoyé à votre propre adresse ${address}, une adresse de votre portefeuille.`,
    refundUnknown: "Le remboursement est envoyé à l'adresse de remboursement donnée avec l'échange.",
    custody: (v) =>
      `Coinlane ne détient jamais les fonds ; ${v.provider} ne les détient que jusqu'à l'envoi du remboursement. L'onglet Historique des Paiements instantanés indique cette opération comme échouée.`,
    labels: {
      payment: 'Paiement',
      shift: "Échange chez l'exchange",
      amount: 'Montant',
      refundAddress: 'Adresse de remboursement',
      issue: "Note de l'exchange",
      when: 'Date',
    },
    action: 'Voir la transaction',
    reason:
      'Vous recevez cet e-mail car les alertes de paiement sont activées dans vos paramètres Coinlane (Paramètres, Notifications), où vous pouvez les désactiver.',
  },
  de: {
    hello: hi('Hallo', 'Guten Tag,'),
    subject: (v) => `${v.provider} konnte ${v.amount} nicht in ${v.to} umtauschen: an Ihre Wallet erstattet`,
    heading: 'Eine Zahlung wurde nicht umgetauscht',
    why: {
      refunded: (v) =>
        `${v.provider} konnte die ${v.amount} der Zahlung ${v.paymentId} nicht wie von Ihrer Auszahlungsregel verlangt in ${v.to} umtauschen: Die Coins werden erstattet.`,
      expired: (v) =>
        `Die ${v.amount} der Zahlung ${v.paymentId} sind erst nach Ablauf des Festkurses bei ${v.provider} eingegangen und wurden daher nicht in ${v.to} umgetauscht: Die Coins werden erstattet.`,
    },
    refund: (address) => `Die Erstattung geht an Ihre eigene Adresse ${address}, eine Adresse Ihrer Wallet.`,
    refundUnknown: 'Die Erstattung geht an die beim Tausch angegebene Erstattungsadresse.',
    custody: (v) =>
      `Coinlane verwahrt die Coins zu keinem Zeitpunkt; ${v.provider} hält sie nur, bis die Erstattung gesendet ist. Der Tab „Verlauf“ unter „Sofortauszahlungen“ zeigt diesen Eintrag als fehlgeschlagen.`,
    labels: {
      payment: 'Zahlung',
      shift: 'Tausch bei der Börse',
      amount: 'Betrag',
      refundAddress: 'Erstattungsadresse',
      issue: 'Hinweis der Börse',
      when: 'Zeitpunkt',
    },
    action: 'Transaktion ansehen',
    reason:
      'Sie erhalten diese E-Mail, weil Zahlungsbenachrichtigungen in Ihren Coinlane-Einstellungen (Einstellungen, Benachrichtigungen) aktiviert sind. Dort können Sie sie deaktivieren.',
  },
};

/** The mail of a shift that could not convert a payment: why, where the coins go back, the payment's link. */
export function shiftFailedMail(o: {
  lang: MailLanguage;
  name: string | null;
  kind: Kind;
  facts: ShiftMailFacts;
  transactionUrl: string;
}): MailContent {
  const tx = TEXTS[o.lang];
  const f = o.facts;
  const v: V = { provider: f.provider, amount: f.amount, to: f.toCurrency, paymentId: f.paymentId };
  const l = tx.labels;
  return {
    subject: tx.subject(v),
    ...renderLayout({
      lang: o.lang,
      preheader: tx.why[o.kind](v),
      heading: tx.heading,
      intro: [
        tx.hello(o.name),
        tx.why[o.kind](v),
        f.refundAddress ? tx.refund(f.refundAddress) : tx.refundUnknown,
      ],
      action: { label: tx.action, url: o.transactionUrl },
      details: [
        [l.payment, f.paymentId],
        [l.amount, f.amount],
        [l.shift, `${f.provider} ${f.providerShiftId}`],
        ...(f.refundAddress ? ([[l.refundAddress, f.refundAddress]] as Array<[string, string]>) : []),
        ...(f.issue ? ([[l.issue, f.issue]] as Array<[string, string]>) : []),
        [l.when, formatMailTimeIn(o.lang, f.at)],
      ],
      outro: [tx.custody(v)],
      reason: tx.reason,
    }),
  };
}
