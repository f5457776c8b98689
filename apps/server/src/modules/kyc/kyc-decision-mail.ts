import { type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

export type KycDecision = { status: 'verified' } | { status: 'rejected'; reason: string };

type Texts = {
  hello: (name: string | null) => string;
  verified: { subject: string; heading: string; intro: string[] };
  rejected: { subject: string; heading: string; intro: string[]; reasonLabel: string; outro: string[] };
  action: string;
  reason: string;
};

const named = (greeting: string, fallback: string) => (name: string | null) =>
  name?.trim() ? `${greeting} ${name.trim()},` : fallback;

const TEXTS: Record<MailLanguage, Texts> = {
  en: {
    hello: named('Hi', 'Hello,'),
    verified: {
      subject: 'Your Coinlane documents are verified',
      heading: 'Your documents are verified',
      intro: ['We have reviewed the identity and business documents you submitted and verified them.'],
    },
    rejected: {
      subject: 'Your Coinlane documents were not accepted',
      heading: 'Your documents were not accepted',
      intro: [
        'We have reviewed the identity and business documents you submitted and could not accept them.',
      ],
      reasonLabel: 'The reviewer’s reason:',
      outro: [
        'Upload new documents from your Settings page: your account goes back into review as soon as you do.',
      ],
    },
    action: 'Open Settings',
    reason:
      'You received this email because an administrator reviewed the documents of your Coinlane account.',
  },
  es: {
    hello: named('Hola', 'Hola:'),
    verified: {
      subject: 'Tus documentos de Coinlane están verificados',
      heading: 'Tus documentos están verificados',
      intro: ['Hemos revisado los documentos de identidad y de empresa que enviaste y los hemos verificado.'],
    },
    rejected: {
      subject: 'Tus documentos de Coinlane no fueron aceptados',
      heading: 'Tus documentos no fueron aceptados',
      intro: [
        'Hemos revisado los documentos de identidad y de empresa que enviaste y no hemos podido aceptarlos.',
      ],
      reasonLabel: 'El motivo indicado por el revisor:',
      outro: [
        'Sube nuevos documentos desde tu página de Configuración: tu cuenta vuelve a revisión en cuanto lo hagas.',
      ],
    },
    action: 'Abrir Configuración',
    reason: 'Recibes este correo porque un administrador revisó los documentos de tu cuenta de Coinlane.',
  },
  fr: {
    hello: named('Bonjour', 'Bonjour,'),
    verified: {
      subject: 'Vos documents Coinlane sont vérifiés',
      heading: 'Vos documents sont vérifiés',
      intro: [
        "Nous avons examiné les documents d'identité et d'entreprise que vous avez envoyés et les avons vérifiés.",
      ],
    },
    rejected: {
      subject: "Vos documents Coinlane n'ont pas été acceptés",
      heading: "Vos documents n'ont pas été acceptés",
      intro: [
        "Nous avons examiné les documents d'identité et d'entreprise que vous avez envoyés et n'avons pas pu les accepter.",
      ],
      reasonLabel: 'Le motif donné :',
      outro: [
        'Envoyez de nouveaux documents depuis votre page Paramètres : votre compte repasse en examen dès que vous le faites.',
      ],
    },
    action: 'Ouvrir les paramètres',
    reason:
      'Vous recevez cet e-mail parce qu’un administrateur a examiné les documents de votre compte Coinlane.',
  },
  de: {
    hello: named('Hallo', 'Guten Tag,'),
    verified: {
      subject: 'Ihre Coinlane-Dokumente sind verifiziert',
      heading: 'Ihre Dokumente sind verifiziert',
      intro: [
        'Wir haben die von Ihnen eingereichten Identitäts- und Unternehmensdokumente geprüft und verifiziert.',
      ],
    },
    rejected: {
      subject: 'Ihre Coinlane-Dokumente wurden nicht akzeptiert',
      heading: 'Ihre Dokumente wurden nicht akzeptiert',
      intro: [
        'Wir haben die von Ihnen eingereichten Identitäts- und Unternehmensdokumente geprüft und konnten sie nicht akzeptieren.',
      ],
      reasonLabel: 'Die Begründung der Prüfung:',
      outro: [
        'Laden Sie auf Ihrer Einstellungsseite neue Dokumente hoch: Ihr Konto wird dann sofort wieder geprüft.',
      ],
    },
    action: 'Einstellungen öffnen',
    reason:
      'Sie erhalten diese E-Mail, weil ein Administrator die Dokumente Ihres Coinlane-Kontos geprüft hat.',
  },
};

/** The merchant's mail about the review of its KYC documents, in its language; the reason quoted as written. */
export function kycDecisionMail(o: {
  name: string | null;
  decision: KycDecision;
  settingsUrl: string;
  lang: MailLanguage;
}): MailContent {
  const tx = TEXTS[o.lang];
  if (o.decision.status === 'verified') {
    return {
      subject: tx.verified.subject,
      ...renderLayout({
        lang: o.lang,
        preheader: tx.verified.heading,
        heading: tx.verified.heading,
        intro: [tx.hello(o.name), ...tx.verified.intro],
        action: { label: tx.action, url: o.settingsUrl },
        reason: tx.reason,
      }),
    };
  }
  return {
    subject: tx.rejected.subject,
    ...renderLayout({
      lang: o.lang,
      preheader: tx.rejected.heading,
      heading: tx.rejected.heading,
      intro: [tx.hello(o.name), ...tx.rejected.intro, tx.rejected.reasonLabel],
      quote: o.decision.reason,
      action: { label: tx.action, url: o.settingsUrl },
      outro: tx.rejected.outro,
      reason: tx.reason,
    }),
  };
}
