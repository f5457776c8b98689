import { formatMailTimeIn, type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

/** The values the customer's mail uses: the merchant's name, the amount with its coin, the network's name. */
type V = { merchant: string; amount: string; network: string };

type Texts = {
  subject: (v: V) => string;
  preheader: (v: V) => string;
  heading: string;
  intro: (v: V) => string[];
  action: string;
  labels: { amount: string; network: string; reason: string; validUntil: string };
  outro: string;
  notice: string;
  reason: (v: V) => string;
};

/** en, es (tú), fr and de (formal), like the web app and the refund page. */
const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    subject: (v) => `${v.merchant} is refunding ${v.amount}: give your refund address`,
    preheader: (v) => `Tell ${v.merchant} where to send your refund.`,
    heading: 'Your refund',
    intro: (v) => [
      `${v.merchant} is refunding ${v.amount} (${v.network}) of a payment you made.`,
      `Give the address of your own ${v.network} wallet: ${v.merchant} sends the refund from its wallet straight to yours. Coinlane never holds the money.`,
    ],
    action: 'Give my refund address',
    labels: { amount: 'Amount', network: 'Network', reason: 'Reason', validUntil: 'Link valid until' },
    outro: 'The link is personal: do not forward it.',
    notice:
      'Nobody from the merchant or Coinlane will ever ask for your recovery phrase or private key: only an address.',
    reason: (v) =>
      `You received this email because ${v.merchant} issued a refund of a payment made with this e-mail address.`,
  },
  es: {
    subject: (v) => `${v.merchant} te reembolsa ${v.amount}: indica tu dirección de reembolso`,
    preheader: (v) => `Indica a ${v.merchant} adónde enviar tu reembolso.`,
    heading: 'Tu reembolso',
    intro: (v) => [
      `${v.merchant} te reembolsa ${v.amount} (${v.network}) de un pago que hiciste.`,
      `Indica la dirección de tu propia billetera de ${v.network}: ${v.merchant} envía el reembolso desde su billetera directamente a la tuya. Coinlane nunca guarda el dinero.`,
    ],
    action: 'Indicar mi dirección de reembolso',
    labels: { amount: 'Importe', network: 'Red', reason: 'Motivo', validUntil: 'Enlace válido hasta' },
    outro: 'El enlace es personal: no lo reenvíes.',
    notice:
      'Nadie del comercio ni de Coinlane te pedirá nunca tu frase de recuperación ni tu clave privada: solo una dirección.',
    reason: (v) =>
      `Recibes este correo porque ${v.merchant} emitió un reembolso de un pago hecho con esta dirección de correo electrónico.`,
  },
  fr: {
    subject: (v) => `${v.merchant} vous rembourse ${v.amount} : indiquez votre adresse de remboursement`,
    preheader: (v) => `Indiquez à ${v.merchant} où envoyer votre remboursement.`,
    heading: 'Votre remboursement',
    intro: (v) => [
      `${v.merchant} vous rembourse ${v.amount} (${v.network}) d’un paiement que vous avez effectué.`,
      `Indiquez l’adresse de votre propre portefeuille ${v.network} : ${v.merchant} envoie le remboursement depuis son portefeuille directement vers le vôtre. Coinlane ne détient jamais l’argent.`,
    ],
    action: 'Indiquer mon adresse de remboursement',
    labels: { amount: 'Montant', network: 'Réseau', reason: 'Motif', validUntil: 'Lien valable jusqu’au' },
    outro: 'Ce lien est personnel : ne le transférez pas.',
    notice:
      'Personne chez le marchand ni chez Coinlane ne vous demandera jamais votre phrase de récupération ou votre clé privée : seulement une adresse.',
    reason: (v) =>
      `Vous recevez cet e-mail parce que ${v.merchant} a émis un remboursement d’un paiement effectué avec cette adresse e-mail.`,
  },
  de: {
    subject: (v) => `${v.merchant} erstattet Ihnen ${v.amount}: Geben Sie Ihre Erstattungsadresse an`,
    preheader: (v) => `Teilen Sie ${v.merchant} mit, wohin Ihre Erstattung gesendet werden soll.`,
    heading: 'Ihre Erstattung',
    intro: (v) => [
      `${v.merchant} erstattet Ihnen ${v.amount} (${v.network}) einer Zahlung, die Sie geleistet haben.`,
      `Geben Sie die Adresse Ihrer eigenen ${v.network}-Wallet an: ${v.merchant} sendet die Erstattung aus der eigenen Wallet direkt an Ihre. Coinlane verwahrt das Geld nie.`,
    ],
    action: 'Meine Erstattungsadresse angeben',
    labels: { amount: 'Betrag', network: 'Netzwerk', reason: 'Grund', validUntil: 'Link gültig bis' },
    outro: 'Der Link ist persönlich: Leiten Sie ihn nicht weiter.',
    notice:
      'Niemand vom Händler oder von Coinlane wird Sie je nach Ihrer Wiederherstellungsphrase oder Ihrem privaten Schlüssel fragen: nur nach einer Adresse.',
    reason: (v) =>
      `Sie erhalten diese E-Mail, weil ${v.merchant} eine Erstattung einer Zahlung veranlasst hat, die mit dieser E-Mail-Adresse geleistet wurde.`,
  },
};

/**
 * The customer's mail of a new refund, in the language the refund was issued for (`lang`; decision 022): who
 * refunds what, and the link to the page where they give their refund address. Values are escaped by the layout.
 */
export function refundAddressRequestMail(o: {
  lang: MailLanguage;
  merchantName: string;
  amount: string;
  currency: string;
  networkName: string;
  url: string;
  expiresAt: Date;
  reason: string | null;
}): MailContent {
  const tx = TEXTS[o.lang];
  const v: V = { merchant: o.merchantName, amount: `${o.amount} ${o.currency}`, network: o.networkName };
  const l = tx.labels;
  return {
    subject: tx.subject(v),
    ...renderLayout({
      lang: o.lang,
      preheader: tx.preheader(v),
      heading: tx.heading,
      intro: tx.intro(v),
      action: { label: tx.action, url: o.url },
      details: [
        [l.amount, v.amount],
        [l.network, v.network],
        ...(o.reason ? ([[l.reason, o.reason]] as Array<[string, string]>) : []),
        [l.validUntil, formatMailTimeIn(o.lang, o.expiresAt)],
      ],
      outro: [tx.outro],
      notice: tx.notice,
      reason: tx.reason(v),
    }),
  };
}
