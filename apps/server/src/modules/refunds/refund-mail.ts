import { type MailContent, renderLayout } from '#app/mail/templates.ts';

/**
 * The customer's mail of a new refund: who refunds what, and the link to the page where they give their refund
 * address. Values are escaped by the layout. English, like the payment's receipt-less checkout (the page itself
 * speaks the customer's language).
 */
export function refundAddressRequestMail(o: {
  merchantName: string;
  amount: string;
  currency: string;
  networkName: string;
  url: string;
  expiresAt: Date;
  reason: string | null;
}): MailContent {
  const expires = o.expiresAt.toISOString().slice(0, 10);
  return {
    subject: `${o.merchantName} is refunding ${o.amount} ${o.currency}: give your refund address`,
    ...renderLayout({
      preheader: `Tell ${o.merchantName} where to send your refund.`,
      heading: 'Your refund',
      intro: [
        `${o.merchantName} is refunding ${o.amount} ${o.currency} (${o.networkName}) of a payment you made.`,
        `Give the address of your own ${o.networkName} wallet: ${o.merchantName} sends the refund from its wallet straight to yours. Coinlane never holds the money.`,
      ],
      action: { label: 'Give my refund address', url: o.url },
      details: [
        ['Amount', `${o.amount} ${o.currency}`],
        ['Network', o.networkName],
        ...(o.reason ? ([['Reason', o.reason]] as Array<[string, string]>) : []),
        ['Link valid until', expires],
      ],
      outro: ['The link is personal: do not forward it.'],
      notice:
        'Nobody from the merchant or Coinlane will ever ask for your recovery phrase or private key: only an address.',
      reason: `You received this email because ${o.merchantName} issued a refund of a payment made with this e-mail address.`,
    }),
  };
}
