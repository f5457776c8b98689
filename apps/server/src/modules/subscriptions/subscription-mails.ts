import { formatMailTimeIn, type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

/**
 * The subscriber's mails of a subscription to a merchant's plan, in the subscriber's language: the invoices to
 * pay (the first one, each renewal, and the reminders when it is late), the receipts, the cancellation and the
 * expiry. A crypto subscription cannot pull money from a wallet, so every mail says so once. Values are escaped by
 * the layout.
 */

export type SubscriptionMailKind =
  | 'invitation' // a new subscription: the first invoice to pay (from the subscribe page or enrolled by the merchant)
  | 'renewal' // the next period's invoice is issued (N days before the period ends)
  | 'due' // reminder: the renewal invoice is due today (the period ended unpaid; grace begins)
  | 'grace' // reminder: grace ends tomorrow, after which the subscription expires
  | 'activated' // receipt: first invoice paid, subscription active until <periodEnd>
  | 'renewed' // receipt: renewal paid, next payment date <periodEnd>
  | 'cancelled' // the subscription was cancelled (now, or at period end: says until when access lasts)
  | 'expired'; // grace ran out / first invoice never paid: expired; the portal can renew it

/** The values the sentences use: the merchant's name, the plan's name, how often the plan renews. */
type V = { merchant: string; plan: string; every: string };

type KindTexts = {
  subject: (v: V) => string;
  preheader: string;
  heading: (v: V) => string;
  intro: (v: V) => string[];
  /** The sentence about the mail's date (formatted), when there is one. */
  when?: (date: string) => string;
  /** The sentence instead, when the date is null. */
  whenNone?: string;
};

type Texts = {
  labels: { plan: string; amount: string; due: string; next: string; until: string };
  interval: Record<'monthly' | 'yearly', string>;
  every: Record<'monthly' | 'yearly', string>;
  pay: string;
  manage: string;
  portal: (url: string) => string;
  howItWorks: string;
  notice: (v: V) => string;
  reason: (v: V) => string;
  testPrefix: (email: string) => string;
  testNote: (email: string) => string;
  kinds: Record<SubscriptionMailKind, KindTexts>;
};

/** Which date row a kind shows. */
const DATE_ROW: Record<SubscriptionMailKind, 'due' | 'next' | 'until' | null> = {
  invitation: 'due',
  renewal: 'due',
  due: 'due',
  grace: 'due',
  activated: 'next',
  renewed: 'next',
  cancelled: 'until',
  expired: null,
};

/** en, es (tú), fr and de (formal), like the web app and the subscription pages. */
const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    labels: { plan: 'Plan', amount: 'Amount', due: 'Due date', next: 'Next payment', until: 'Access until' },
    interval: { monthly: 'monthly', yearly: 'yearly' },
    every: { monthly: 'every month', yearly: 'every year' },
    pay: 'Pay invoice',
    manage: 'Manage subscription',
    portal: (url) => `Manage or cancel your subscription: ${url}`,
    howItWorks:
      'A crypto subscription cannot take money from your wallet: each period is an invoice you pay yourself, and its price in crypto is fixed when you open the invoice.',
    notice: (v) =>
      `Nobody from ${v.merchant} or Coinlane will ever ask for your recovery phrase or private key: to pay, you only send the amount shown on the invoice page.`,
    reason: (v) =>
      `You received this email because this e-mail address subscribed to ${v.plan} from ${v.merchant}, or ${v.merchant} enrolled it.`,
    testPrefix: (email) => `[Test copy for ${email}] `,
    testNote: (email) =>
      `Test mode: this is a copy of what ${email} would receive. It was sent only to you, the merchant; nothing was sent to the subscriber.`,
    kinds: {
      invitation: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant}: pay the first invoice`,
        preheader: 'Your subscription starts when you pay its first invoice.',
        heading: (v) => `Your ${v.plan} subscription with ${v.merchant}`,
        intro: (v) => [
          `A subscription to ${v.plan} from ${v.merchant} has been opened for this address. It starts as soon as you pay its first invoice, and then renews ${v.every}.`,
        ],
        when: (d) => `Pay it by ${d}. If you do not, the subscription does not start and you owe nothing.`,
      },
      renewal: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant}: the next invoice is ready`,
        preheader: 'Pay the invoice for your next period to keep your subscription.',
        heading: (v) => `Your next ${v.plan} invoice from ${v.merchant}`,
        intro: (v) => [
          `The invoice for the next period of your ${v.plan} subscription with ${v.merchant} is ready.`,
        ],
        when: (d) =>
          `Pay it by ${d}, when your current period ends, to keep your subscription without a break.`,
      },
      due: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant}: payment due today`,
        preheader: 'Your current period has ended: pay the invoice to keep your subscription.',
        heading: (v) => `Your ${v.plan} payment to ${v.merchant} is due today`,
        intro: (v) => [
          `Your current period of ${v.plan} has ended and its renewal invoice is not paid yet.`,
          'A grace period starts now: pay the invoice before it ends to keep your subscription.',
        ],
      },
      grace: {
        subject: (v) => `Last reminder: your ${v.plan} subscription with ${v.merchant} expires tomorrow`,
        preheader: 'Pay the open invoice today to keep your subscription.',
        heading: (v) => `Your ${v.plan} subscription with ${v.merchant} expires tomorrow`,
        intro: (v) => [
          `The renewal invoice of your ${v.plan} subscription is still unpaid, and the grace period ends tomorrow. After that, the subscription expires.`,
        ],
        when: (d) => `Pay it by ${d} to keep your subscription.`,
      },
      activated: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant} is active`,
        preheader: 'Thank you for your payment: your subscription is active.',
        heading: (v) => `Your ${v.plan} subscription with ${v.merchant} is active`,
        intro: (v) => [
          `Thank you: your first invoice is paid and your ${v.plan} subscription with ${v.merchant} is active.`,
        ],
        when: (d) =>
          `It is paid until ${d}. The invoice for the next period will reach you by e-mail by then.`,
      },
      renewed: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant} is renewed`,
        preheader: 'Thank you for your payment: your subscription continues.',
        heading: (v) => `Your ${v.plan} subscription with ${v.merchant} is renewed`,
        intro: (v) => [
          `Thank you: your renewal invoice is paid and your ${v.plan} subscription with ${v.merchant} continues.`,
        ],
        when: (d) => `Your next payment is due on ${d}; its invoice will reach you by e-mail by then.`,
      },
      cancelled: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant} is cancelled`,
        preheader: 'No further invoices will be sent.',
        heading: (v) => `Your ${v.plan} subscription with ${v.merchant} is cancelled`,
        intro: (v) => [
          `Your ${v.plan} subscription with ${v.merchant} has been cancelled. No further invoices will be sent.`,
        ],
        when: (d) => `You keep access until ${d}.`,
        whenNone: 'Your access ends now.',
      },
      expired: {
        subject: (v) => `Your ${v.plan} subscription with ${v.merchant} has expired`,
        preheader: 'You can renew it from your subscription page.',
        heading: (v) => `Your ${v.plan} subscription with ${v.merchant} has expired`,
        intro: (v) => [
          `Your ${v.plan} subscription with ${v.merchant} has expired because its invoice was not paid in time. You owe nothing.`,
          'Want it back? Renew it from your subscription page: you get a new invoice to pay.',
        ],
      },
    },
  },
  es: {
    labels: {
      plan: 'Plan',
      amount: 'Importe',
      due: 'Fecha límite de pago',
      next: 'Próximo pago',
      until: 'Acceso hasta',
    },
    interval: { monthly: 'mensual', yearly: 'anual' },
    every: { monthly: 'cada mes', yearly: 'cada año' },
    pay: 'Pagar factura',
    manage: 'Gestionar suscripción',
    portal: (url) => `Gestiona o cancela tu suscripción: ${url}`,
    howItWorks:
      'Una suscripción en cripto no puede cobrar dinero de tu billetera: cada periodo es una factura que pagas tú, y su precio en cripto se fija cuando abres la factura.',
    notice: (v) =>
      `Nadie de ${v.merchant} ni de Coinlane te pedirá nunca tu frase de recuperación ni tu clave privada: para pagar, solo envías el importe que muestra la página de la factura.`,
    reason: (v) =>
      `Recibes este correo porque esta dirección de correo electrónico se suscribió a ${v.plan} de ${v.merchant}, o ${v.merchant} la inscribió.`,
    testPrefix: (email) => `[Copia de prueba para ${email}] `,
    testNote: (email) =>
      `Modo de prueba: esta es una copia de lo que recibiría ${email}. Se ha enviado solo a ti, el comercio; al suscriptor no se le ha enviado nada.`,
    kinds: {
      invitation: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant}: paga la primera factura`,
        preheader: 'Tu suscripción empieza cuando pagas su primera factura.',
        heading: (v) => `Tu suscripción a ${v.plan} de ${v.merchant}`,
        intro: (v) => [
          `Se ha abierto una suscripción a ${v.plan} de ${v.merchant} para esta dirección. Empieza en cuanto pagues su primera factura y después se renueva ${v.every}.`,
        ],
        when: (d) =>
          `Págala a más tardar el ${d}. Si no lo haces, la suscripción no empieza y no debes nada.`,
      },
      renewal: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant}: ya está lista la próxima factura`,
        preheader: 'Paga la factura de tu próximo periodo para mantener tu suscripción.',
        heading: (v) => `Tu próxima factura de ${v.plan} de ${v.merchant}`,
        intro: (v) => [
          `La factura del próximo periodo de tu suscripción a ${v.plan} de ${v.merchant} ya está lista.`,
        ],
        when: (d) =>
          `Págala a más tardar el ${d}, cuando termina tu periodo actual, para mantener tu suscripción sin interrupción.`,
      },
      due: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant}: el pago vence hoy`,
        preheader: 'Tu periodo actual ha terminado: paga la factura para mantener tu suscripción.',
        heading: (v) => `Tu pago de ${v.plan} a ${v.merchant} vence hoy`,
        intro: (v) => [
          `Tu periodo actual de ${v.plan} ha terminado y su factura de renovación aún no está pagada.`,
          'Ahora empieza un periodo de gracia: paga la factura antes de que termine para mantener tu suscripción.',
        ],
      },
      grace: {
        subject: (v) => `Último aviso: tu suscripción a ${v.plan} de ${v.merchant} caduca mañana`,
        preheader: 'Paga hoy la factura pendiente para mantener tu suscripción.',
        heading: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} caduca mañana`,
        intro: (v) => [
          `La factura de renovación de tu suscripción a ${v.plan} sigue sin pagar y el periodo de gracia termina mañana. Después, la suscripción caduca.`,
        ],
        when: (d) => `Págala a más tardar el ${d} para mantener tu suscripción.`,
      },
      activated: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} está activa`,
        preheader: 'Gracias por tu pago: tu suscripción está activa.',
        heading: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} está activa`,
        intro: (v) => [
          `Gracias: tu primera factura está pagada y tu suscripción a ${v.plan} de ${v.merchant} está activa.`,
        ],
        when: (d) =>
          `Está pagada hasta el ${d}. Para entonces recibirás por correo la factura del siguiente periodo.`,
      },
      renewed: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} se ha renovado`,
        preheader: 'Gracias por tu pago: tu suscripción continúa.',
        heading: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} se ha renovado`,
        intro: (v) => [
          `Gracias: tu factura de renovación está pagada y tu suscripción a ${v.plan} de ${v.merchant} continúa.`,
        ],
        when: (d) => `Tu próximo pago vence el ${d}; para entonces recibirás su factura por correo.`,
      },
      cancelled: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} se ha cancelado`,
        preheader: 'No se enviarán más facturas.',
        heading: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} se ha cancelado`,
        intro: (v) => [
          `Tu suscripción a ${v.plan} de ${v.merchant} se ha cancelado. No se enviarán más facturas.`,
        ],
        when: (d) => `Mantienes el acceso hasta el ${d}.`,
        whenNone: 'Tu acceso termina ahora.',
      },
      expired: {
        subject: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} ha caducado`,
        preheader: 'Puedes renovarla desde la página de tu suscripción.',
        heading: (v) => `Tu suscripción a ${v.plan} de ${v.merchant} ha caducado`,
        intro: (v) => [
          `Tu suscripción a ${v.plan} de ${v.merchant} ha caducado porque su factura no se pagó a tiempo. No debes nada.`,
          '¿La quieres de nuevo? Renuévala desde la página de tu suscripción: recibirás una nueva factura para pagar.',
        ],
      },
    },
  },
  fr: {
    labels: {
      plan: 'Formule',
      amount: 'Montant',
      due: 'Date d’échéance',
      next: 'Prochain paiement',
      until: 'Accès jusqu’au',
    },
    interval: { monthly: 'mensuel', yearly: 'annuel' },
    every: { monthly: 'chaque mois', yearly: 'chaque année' },
    pay: 'Payer la facture',
    manage: 'Gérer l’abonnement',
    portal: (url) => `Gérer ou résilier votre abonnement : ${url}`,
    howItWorks:
      'Un abonnement en crypto ne peut pas prélever d’argent sur votre portefeuille : chaque période est une facture que vous payez vous-même, et son prix en crypto est fixé à l’ouverture de la facture.',
    notice: (v) =>
      `Personne chez ${v.merchant} ni chez Coinlane ne vous demandera jamais votre phrase de récupération ou votre clé privée : pour payer, vous envoyez seulement le montant affiché sur la page de la facture.`,
    reason: (v) =>
      `Vous recevez cet e-mail parce que cette adresse e-mail s’est abonnée à « ${v.plan} » chez ${v.merchant}, ou que ${v.merchant} l’a inscrite.`,
    testPrefix: (email) => `[Copie de test pour ${email}] `,
    testNote: (email) =>
      `Mode test : ceci est une copie de ce que recevrait ${email}. Elle n’a été envoyée qu’à vous, le marchand ; rien n’a été envoyé à l’abonné.`,
    kinds: {
      invitation: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} : payez la première facture`,
        preheader: 'Votre abonnement commence dès que vous payez sa première facture.',
        heading: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant}`,
        intro: (v) => [
          `Un abonnement « ${v.plan} » chez ${v.merchant} a été ouvert pour cette adresse. Il commence dès que vous payez sa première facture, puis se renouvelle ${v.every}.`,
        ],
        when: (d) =>
          `Payez-la au plus tard le ${d}. Sinon, l’abonnement ne commence pas et vous ne devez rien.`,
      },
      renewal: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} : la prochaine facture est prête`,
        preheader: 'Payez la facture de votre prochaine période pour garder votre abonnement.',
        heading: (v) => `Votre prochaine facture « ${v.plan} » chez ${v.merchant}`,
        intro: (v) => [
          `La facture de la prochaine période de votre abonnement « ${v.plan} » chez ${v.merchant} est prête.`,
        ],
        when: (d) =>
          `Payez-la au plus tard le ${d}, à la fin de votre période en cours, pour garder votre abonnement sans interruption.`,
      },
      due: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} : paiement à régler aujourd’hui`,
        preheader: 'Votre période en cours est terminée : payez la facture pour garder votre abonnement.',
        heading: (v) => `Votre paiement « ${v.plan} » à ${v.merchant} est à régler aujourd’hui`,
        intro: (v) => [
          `Votre période « ${v.plan} » en cours est terminée et sa facture de renouvellement n’est pas encore payée.`,
          'Un délai de grâce commence maintenant : payez la facture avant qu’il ne se termine pour garder votre abonnement.',
        ],
      },
      grace: {
        subject: (v) => `Dernier rappel : votre abonnement « ${v.plan} » chez ${v.merchant} expire demain`,
        preheader: 'Payez aujourd’hui la facture en attente pour garder votre abonnement.',
        heading: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} expire demain`,
        intro: (v) => [
          `La facture de renouvellement de votre abonnement « ${v.plan} » n’est toujours pas payée, et le délai de grâce se termine demain. Ensuite, l’abonnement expire.`,
        ],
        when: (d) => `Payez-la au plus tard le ${d} pour garder votre abonnement.`,
      },
      activated: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} est actif`,
        preheader: 'Merci pour votre paiement : votre abonnement est actif.',
        heading: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} est actif`,
        intro: (v) => [
          `Merci : votre première facture est payée et votre abonnement « ${v.plan} » chez ${v.merchant} est actif.`,
        ],
        when: (d) =>
          `Il est payé jusqu’au ${d}. D’ici là, vous recevrez par e-mail la facture de la période suivante.`,
      },
      renewed: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} est renouvelé`,
        preheader: 'Merci pour votre paiement : votre abonnement continue.',
        heading: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} est renouvelé`,
        intro: (v) => [
          `Merci : votre facture de renouvellement est payée et votre abonnement « ${v.plan} » chez ${v.merchant} continue.`,
        ],
        when: (d) => `Votre prochain paiement est dû le ${d} ; vous recevrez sa facture par e-mail d’ici là.`,
      },
      cancelled: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} est résilié`,
        preheader: 'Aucune autre facture ne vous sera envoyée.',
        heading: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} est résilié`,
        intro: (v) => [
          `Votre abonnement « ${v.plan} » chez ${v.merchant} a été résilié. Aucune autre facture ne vous sera envoyée.`,
        ],
        when: (d) => `Vous gardez l’accès jusqu’au ${d}.`,
        whenNone: 'Votre accès prend fin dès maintenant.',
      },
      expired: {
        subject: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} a expiré`,
        preheader: 'Vous pouvez le renouveler depuis la page de votre abonnement.',
        heading: (v) => `Votre abonnement « ${v.plan} » chez ${v.merchant} a expiré`,
        intro: (v) => [
          `Votre abonnement « ${v.plan} » chez ${v.merchant} a expiré parce que sa facture n’a pas été payée à temps. Vous ne devez rien.`,
          'Vous souhaitez le retrouver ? Renouvelez-le depuis la page de votre abonnement : vous recevrez une nouvelle facture à payer.',
        ],
      },
    },
  },
  de: {
    labels: {
      plan: 'Tarif',
      amount: 'Betrag',
      due: 'Fällig am',
      next: 'Nächste Zahlung',
      until: 'Zugang bis',
    },
    interval: { monthly: 'monatlich', yearly: 'jährlich' },
    every: { monthly: 'jeden Monat', yearly: 'jedes Jahr' },
    pay: 'Rechnung bezahlen',
    manage: 'Abonnement verwalten',
    portal: (url) => `Abonnement verwalten oder kündigen: ${url}`,
    howItWorks:
      'Ein Krypto-Abonnement kann kein Geld von Ihrer Wallet abbuchen: Jeder Abrechnungszeitraum ist eine Rechnung, die Sie selbst bezahlen, und ihr Preis in Krypto wird festgelegt, wenn Sie die Rechnung öffnen.',
    notice: (v) =>
      `Niemand von ${v.merchant} oder von Coinlane wird Sie je nach Ihrer Wiederherstellungsphrase oder Ihrem privaten Schlüssel fragen: Zum Bezahlen senden Sie nur den Betrag, der auf der Rechnungsseite steht.`,
    reason: (v) =>
      `Sie erhalten diese E-Mail, weil diese E-Mail-Adresse „${v.plan}“ bei ${v.merchant} abonniert hat oder von ${v.merchant} dafür angemeldet wurde.`,
    testPrefix: (email) => `[Testkopie für ${email}] `,
    testNote: (email) =>
      `Testmodus: Dies ist eine Kopie dessen, was ${email} erhalten würde. Sie wurde nur an Sie als Händler gesendet; der Abonnent hat nichts erhalten.`,
    kinds: {
      invitation: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant}: Bitte bezahlen Sie die erste Rechnung`,
        preheader: 'Ihr Abonnement beginnt, sobald Sie die erste Rechnung bezahlen.',
        heading: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant}`,
        intro: (v) => [
          `Für diese Adresse wurde ein Abonnement „${v.plan}“ bei ${v.merchant} eröffnet. Es beginnt, sobald Sie die erste Rechnung bezahlen, und verlängert sich danach ${v.every}.`,
        ],
        when: (d) =>
          `Bitte bezahlen Sie sie bis zum ${d}. Andernfalls beginnt das Abonnement nicht, und Sie schulden nichts.`,
      },
      renewal: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant}: Die nächste Rechnung ist bereit`,
        preheader: 'Bezahlen Sie die Rechnung für Ihren nächsten Zeitraum, um Ihr Abonnement zu behalten.',
        heading: (v) => `Ihre nächste Rechnung für „${v.plan}“ bei ${v.merchant}`,
        intro: (v) => [
          `Die Rechnung für den nächsten Zeitraum Ihres Abonnements „${v.plan}“ bei ${v.merchant} ist bereit.`,
        ],
        when: (d) =>
          `Bezahlen Sie sie bis zum ${d}, wenn Ihr aktueller Zeitraum endet, damit Ihr Abonnement ohne Unterbrechung weiterläuft.`,
      },
      due: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant}: Zahlung heute fällig`,
        preheader:
          'Ihr aktueller Zeitraum ist abgelaufen: Bezahlen Sie die Rechnung, um Ihr Abonnement zu behalten.',
        heading: (v) => `Ihre Zahlung für „${v.plan}“ an ${v.merchant} ist heute fällig`,
        intro: (v) => [
          `Ihr aktueller Zeitraum für „${v.plan}“ ist abgelaufen, und die Verlängerungsrechnung ist noch nicht bezahlt.`,
          'Jetzt beginnt eine Kulanzfrist: Bezahlen Sie die Rechnung, bevor sie endet, um Ihr Abonnement zu behalten.',
        ],
      },
      grace: {
        subject: (v) => `Letzte Erinnerung: Ihr Abonnement „${v.plan}“ bei ${v.merchant} läuft morgen ab`,
        preheader: 'Bezahlen Sie die offene Rechnung heute, um Ihr Abonnement zu behalten.',
        heading: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} läuft morgen ab`,
        intro: (v) => [
          `Die Verlängerungsrechnung Ihres Abonnements „${v.plan}“ ist noch immer nicht bezahlt, und die Kulanzfrist endet morgen. Danach läuft das Abonnement ab.`,
        ],
        when: (d) => `Bezahlen Sie sie bis zum ${d}, um Ihr Abonnement zu behalten.`,
      },
      activated: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} ist aktiv`,
        preheader: 'Danke für Ihre Zahlung: Ihr Abonnement ist aktiv.',
        heading: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} ist aktiv`,
        intro: (v) => [
          `Vielen Dank: Ihre erste Rechnung ist bezahlt, und Ihr Abonnement „${v.plan}“ bei ${v.merchant} ist aktiv.`,
        ],
        when: (d) =>
          `Es ist bis zum ${d} bezahlt. Bis dahin erhalten Sie die Rechnung für den nächsten Zeitraum per E-Mail.`,
      },
      renewed: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} wurde verlängert`,
        preheader: 'Danke für Ihre Zahlung: Ihr Abonnement läuft weiter.',
        heading: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} wurde verlängert`,
        intro: (v) => [
          `Vielen Dank: Ihre Verlängerungsrechnung ist bezahlt, und Ihr Abonnement „${v.plan}“ bei ${v.merchant} läuft weiter.`,
        ],
        when: (d) =>
          `Ihre nächste Zahlung ist am ${d} fällig; die Rechnung dafür erhalten Sie bis dahin per E-Mail.`,
      },
      cancelled: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} wurde gekündigt`,
        preheader: 'Es werden keine weiteren Rechnungen gesendet.',
        heading: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} wurde gekündigt`,
        intro: (v) => [
          `Ihr Abonnement „${v.plan}“ bei ${v.merchant} wurde gekündigt. Es werden keine weiteren Rechnungen gesendet.`,
        ],
        when: (d) => `Sie behalten den Zugang bis zum ${d}.`,
        whenNone: 'Ihr Zugang endet ab sofort.',
      },
      expired: {
        subject: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} ist abgelaufen`,
        preheader: 'Sie können es auf Ihrer Abonnementseite erneuern.',
        heading: (v) => `Ihr Abonnement „${v.plan}“ bei ${v.merchant} ist abgelaufen`,
        intro: (v) => [
          `Ihr Abonnement „${v.plan}“ bei ${v.merchant} ist abgelaufen, weil die Rechnung nicht rechtzeitig bezahlt wurde. Sie schulden nichts.`,
          'Möchten Sie es zurück? Erneuern Sie es auf Ihrer Abonnementseite: Sie erhalten eine neue Rechnung zum Bezahlen.',
        ],
      },
    },
  },
};

/**
 * One mail to a subscriber, in their language. The button pays the open invoice when there is one (`payUrl`),
 * else opens the subscriber's portal; the portal link is in every mail. `date` is the deadline to pay for the
 * invoice kinds (for `grace`, when grace ends), the new period's end for the receipts, the end of access for
 * `cancelled` (null: it ended now); it is shown in UTC. In test mode (`testCopyFor`, the subscriber's address) the
 * mail goes to the merchant instead, marked as a copy in its subject and first paragraph.
 */
export function subscriptionMail(o: {
  kind: SubscriptionMailKind;
  lang: MailLanguage;
  merchantName: string;
  planName: string;
  /** e.g. '9.99 USD' or '0.001 BTC' (already formatted with its currency). */
  amount: string | null; // the invoice's amount due (invitation, renewal, due, grace); null otherwise
  interval: 'monthly' | 'yearly';
  /** invitation/renewal/due/grace: when the invoice is due; activated/renewed: the new period end; cancelled: access until (null = ended now); expired: null */
  date: Date | null;
  /** The hosted payment page of the open invoice (invitation, renewal, due, grace, expired=null) */
  payUrl: string | null;
  /** The subscriber's portal (status, invoices, pay, cancel). Always present. */
  portalUrl: string;
  /** Test mode: the mail goes to the merchant's own address as a copy: subject prefixed '[Test copy for <subscriberEmail>] ', and a notice paragraph saying this is a test-mode copy of what the subscriber would receive, sent to the merchant only. */
  testCopyFor: string | null;
}): MailContent {
  const tx = TEXTS[o.lang];
  const k = tx.kinds[o.kind];
  const l = tx.labels;
  const v: V = { merchant: o.merchantName, plan: o.planName, every: tx.every[o.interval] };
  const date = o.date ? formatMailTimeIn(o.lang, o.date) : null;
  const when = date ? k.when?.(date) : k.whenNone;
  const dateRow = DATE_ROW[o.kind];

  const details: Array<[string, string]> = [[l.plan, `${o.planName} (${tx.interval[o.interval]})`]];
  if (o.amount) details.push([l.amount, o.amount]);
  if (dateRow && date) details.push([l[dateRow], date]);

  return {
    subject: `${o.testCopyFor ? tx.testPrefix(o.testCopyFor) : ''}${k.subject(v)}`,
    ...renderLayout({
      lang: o.lang,
      preheader: k.preheader,
      heading: k.heading(v),
      intro: [...(o.testCopyFor ? [tx.testNote(o.testCopyFor)] : []), ...k.intro(v), ...(when ? [when] : [])],
      action: o.payUrl ? { label: tx.pay, url: o.payUrl } : { label: tx.manage, url: o.portalUrl },
      details,
      outro: [tx.howItWorks, ...(o.payUrl ? [tx.portal(o.portalUrl)] : [])],
      notice: tx.notice(v),
      reason: tx.reason(v),
    }),
  };
}
