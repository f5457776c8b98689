import { formatMailTime, type MailContent, renderLayout } from '#app/mail/templates.ts';

/** The mail with a wallet's whitelisting code: what is being whitelisted, so a stranger's request stands out. */
export function walletCodeMail(o: {
  name: string | null;
  code: string;
  ttlSeconds: number;
  wallet: { label: string; currency: string; network: string; address: string };
  ip: string | null;
  at: Date;
}): MailContent {
  const minutes = Math.round(o.ttlSeconds / 60);
  return {
    subject: 'Your Coinlane wallet verification code',
    ...renderLayout({
      preheader: `Confirm the payout wallet ${o.wallet.label}. The code expires in ${minutes} minutes.`,
      heading: 'Confirm your payout wallet',
      intro: [
        o.name?.trim() ? `Hi ${o.name.trim()},` : 'Hello,',
        'Enter this code to whitelist the wallet below. Live payments in this coin will be paid to it.',
      ],
      code: o.code,
      details: [
        ['Wallet', o.wallet.label],
        ['Coin', `${o.wallet.currency} (${o.wallet.network})`],
        ['Address or key', o.wallet.address],
        ['Expires in', `${minutes} minutes`],
        ['Requested at', formatMailTime(o.at)],
        ['From IP address', o.ip ?? 'unknown'],
      ],
      outro: ['Never share this code. Coinlane staff will never ask you for it.'],
      notice:
        'If you did not add this wallet, do not enter the code: someone may be signed in to your account. Change your password and delete the wallet.',
      reason: 'You received this email because a payout wallet was added to your Coinlane account.',
    }),
  };
}
