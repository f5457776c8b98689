import { type MailContent, renderLayout } from '#app/mail/templates.ts';

/** The operator's mail about a "Talk to Sales" message. Every value is the visitor's text, escaped by the layout. */
export function salesInquiryMail(o: {
  id: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  language: string | null;
  receivedAt: string;
  /** The ticket in the back-office (Support Tickets). */
  url: string;
}): MailContent {
  const who = o.company ? `${o.name}, ${o.company}` : o.name;
  return {
    // A subject is one line (the name and company already are); long ones are cut.
    subject: `Sales inquiry from ${who}`.replace(/\s+/g, ' ').slice(0, 150),
    ...renderLayout({
      preheader: o.message.replace(/\s+/g, ' ').slice(0, 140),
      heading: 'New sales inquiry',
      intro: [
        'A visitor wrote to sales from the landing page. Reply to this email to answer them: the reply goes to their address. Or answer from the support ticket in the back-office, where the answer is kept and mailed to them.',
      ],
      action: { label: 'Open the ticket', url: o.url },
      details: [
        ['Name', o.name],
        ['Email', o.email],
        ['Company', o.company ?? 'not given'],
        ['Language', o.language ?? 'not given'],
        ['Received at', o.receivedAt],
        ['Ticket', o.id],
      ],
      quote: o.message,
      reason:
        'You received this email because this address receives the sales inquiries of the landing page (SALES_EMAIL, or the support email of the system settings).',
    }),
  };
}
