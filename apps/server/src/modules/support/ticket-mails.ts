import { ticketReference } from '@coinlane/core/api/support';
import { type MailContent, type MailLanguage, renderLayout } from '#app/mail/templates.ts';

/** One line, at most `max` characters (a subject). */
const line = (s: string, max = 150) => s.replace(/\s+/g, ' ').trim().slice(0, max);

type CustomerTexts = {
  hello: (name: string | null) => string;
  merchant: {
    subject: (title: string) => string;
    heading: string;
    intro: (title: string) => string;
    action: string;
    reason: string;
  };
  visitor: {
    subject: string;
    heading: string;
    intro: string;
    outro: string;
    reason: string;
  };
  labels: { ticket: string; subject: string };
};

const TEXTS: Record<MailLanguage, CustomerTexts> = {
  en: {
    hello: (name) => (name?.trim() ? `Hi ${name.trim()},` : 'Hello,'),
    merchant: {
      subject: (title) => `New reply to your support ticket: ${title}`,
      heading: 'The support team answered your ticket',
      intro: (title) =>
        `There is a new reply to your support ticket "${title}". Open the ticket to read it and answer.`,
      action: 'Open the ticket',
      reason:
        'You received this email because you opened this support ticket from your Coinlane account. Replies to your tickets are always mailed.',
    },
    visitor: {
      subject: 'Coinlane Sales: a reply to your message',
      heading: 'A reply to your message',
      intro: 'Thank you for writing to Coinlane Sales. Here is our reply:',
      outro: 'To answer, simply reply to this email.',
      reason:
        'You received this email because you wrote to Coinlane Sales with the form on our website and gave this address.',
    },
    labels: { ticket: 'Reference', subject: 'Subject' },
  },
  es: {
    hello: (name) => (name?.trim() ? `Hola, ${name.trim()}:` : 'Hola:'),
    merchant: {
      subject: (title) => `Nueva respuesta a tu ticket de soporte: ${title}`,
      heading: 'El equipo de soporte ha respondido a tu ticket',
      intro: (title) =>
        `Hay una nueva respuesta a tu ticket de soporte «${title}». Abre el ticket para leerla y contestar.`,
      action: 'Abrir el ticket',
      reason:
        'Recibes este correo porque abriste este ticket de soporte desde tu cuenta de Coinlane. Las respuestas a tus tickets siempre se envían por correo.',
    },
    visitor: {
      subject: 'Ventas de Coinlane: una respuesta a tu mensaje',
      heading: 'Una respuesta a tu mensaje',
      intro: 'Gracias por escribir al equipo de ventas de Coinlane. Esta es nuestra respuesta:',
      outro: 'Para contestar, responde a este correo.',
      reason:
        'Recibes este correo porque escribiste al equipo de ventas de Coinlane con el formulario de nuestro sitio web e indicaste esta dirección.',
    },
    labels: { ticket: 'Referencia', subject: 'Asunto' },
  },
  fr: {
    hello: (name) => (name?.trim() ? `Bonjour ${name.trim()},` : 'Bonjour,'),
    merchant: {
      subject: (title) => `Nouvelle réponse à votre ticket d'assistance : ${title}`,
      heading: "L'équipe d'assistance a répondu à votre ticket",
      intro: (title) =>
        `Votre ticket d'assistance « ${title} » a reçu une nouvelle réponse. Ouvrez le ticket pour la lire et y répondre.`,
      action: 'Ouvrir le ticket',
      reason:
        "Vous recevez cet e-mail parce que vous avez ouvert ce ticket d'assistance depuis votre compte Coinlane. Les réponses à vos tickets vous sont toujours envoyées.",
    },
    visitor: {
      subject: 'Coinlane Ventes : une réponse à votre message',
      heading: 'Une réponse à votre message',
      intro: "Merci d'avoir écrit à l'équipe commerciale de Coinlane. Voici notre réponse :",
      outro: 'Pour nous répondre, répondez simplement à cet e-mail.',
      reason:
        "Vous recevez cet e-mail parce que vous avez écrit à l'équipe commerciale de Coinlane avec le formulaire de notre site et indiqué cette adresse.",
    },
    labels: { ticket: 'Référence', subject: 'Objet' },
  },
  de: {
    hello: (name) => (name?.trim() ? `Hallo ${name.trim()},` : 'Guten Tag,'),
    merchant: {
      subject: (title) => `Neue Antwort auf Ihr Support-Ticket: ${title}`,
      heading: 'Das Support-Team hat Ihr Ticket beantwortet',
      intro: (title) =>
        `Auf Ihr Support-Ticket „${title}“ gibt es eine neue Antwort. Öffnen Sie das Ticket, um sie zu lesen und zu antworten.`,
      action: 'Ticket öffnen',
      reason:
        'Sie erhalten diese E-Mail, weil Sie dieses Support-Ticket in Ihrem Coinlane-Konto eröffnet haben. Antworten auf Ihre Tickets werden immer per E-Mail gemeldet.',
    },
    visitor: {
      subject: 'Coinlane Vertrieb: eine Antwort auf Ihre Nachricht',
      heading: 'Eine Antwort auf Ihre Nachricht',
      intro: 'Vielen Dank für Ihre Nachricht an den Coinlane-Vertrieb. Hier ist unsere Antwort:',
      outro: 'Um zu antworten, antworten Sie einfach auf diese E-Mail.',
      reason:
        'Sie erhalten diese E-Mail, weil Sie dem Coinlane-Vertrieb über das Formular auf unserer Website geschrieben und diese Adresse angegeben haben.',
    },
    labels: { ticket: 'Referenz', subject: 'Betreff' },
  },
};

export const mailLanguageOf = (lang: string | null | undefined): MailLanguage =>
  lang === 'es' || lang === 'fr' || lang === 'de' ? lang : 'en';

/**
 * The merchant's notice of a staff reply, in their language: a link to the ticket, not the reply itself (the
 * thread is read signed in).
 */
export function staffReplyToMerchantMail(o: {
  ticketId: string;
  title: string;
  name: string | null;
  url: string;
  lang: MailLanguage;
}): MailContent {
  const tx = TEXTS[o.lang];
  return {
    subject: line(tx.merchant.subject(o.title)),
    ...renderLayout({
      lang: o.lang,
      preheader: tx.merchant.intro(o.title),
      heading: tx.merchant.heading,
      intro: [tx.hello(o.name), tx.merchant.intro(o.title)],
      action: { label: tx.merchant.action, url: o.url },
      details: [
        [tx.labels.ticket, ticketReference(o.ticketId)],
        [tx.labels.subject, o.title],
      ],
      reason: tx.merchant.reason,
    }),
  };
}

/** The visitor's mail of a staff reply to a sales inquiry, in the visitor's language: the reply's text itself. */
export function staffReplyToVisitorMail(o: {
  ticketId: string;
  name: string | null;
  body: string;
  lang: MailLanguage;
}): MailContent {
  const tx = TEXTS[o.lang];
  return {
    subject: tx.visitor.subject,
    ...renderLayout({
      lang: o.lang,
      preheader: o.body.replace(/\s+/g, ' ').slice(0, 140),
      heading: tx.visitor.heading,
      intro: [tx.hello(o.name), tx.visitor.intro],
      quote: o.body,
      outro: [tx.visitor.outro],
      details: [[tx.labels.ticket, ticketReference(o.ticketId)]],
      reason: tx.visitor.reason,
    }),
  };
}

/** The operator's mail of a merchant's new ticket or message (English, as the operator's other mails). */
export function customerMessageToOperatorMail(o: {
  ticketId: string;
  title: string;
  category: string;
  priority: string;
  customerName: string;
  customerEmail: string | null;
  body: string;
  firstMessage: boolean;
  url: string;
  receivedAt: string;
}): MailContent {
  const ref = ticketReference(o.ticketId);
  return {
    subject: line(
      o.firstMessage
        ? `New support ticket from ${o.customerName}: ${o.title}`
        : `New message on support ticket ${ref}: ${o.title}`,
    ),
    ...renderLayout({
      preheader: o.body.replace(/\s+/g, ' ').slice(0, 140),
      heading: o.firstMessage ? 'New support ticket' : 'New message on a support ticket',
      intro: [
        o.firstMessage
          ? `${o.customerName} opened a support ticket. Answer it from the back-office, so that the answer is kept in the ticket and mailed to the merchant.`
          : `${o.customerName} wrote on their support ticket. Answer it from the back-office, so that the answer is kept in the ticket and mailed to the merchant.`,
      ],
      action: { label: 'Open in the back-office', url: o.url },
      details: [
        ['Ticket', `${ref} (${o.ticketId})`],
        ['Subject', o.title],
        ['Category', o.category],
        ['Priority', o.priority],
        ['Merchant', o.customerName],
        ['Email', o.customerEmail ?? 'unknown'],
        ['Received at', o.receivedAt],
      ],
      quote: o.body,
      reason:
        'You received this email because this address receives the support messages of Coinlane merchants (the support email of the system settings; SALES_EMAIL for sales tickets).',
    }),
  };
}
