import { type MailContent, renderLayout } from '#app/mail/templates.ts';

/** The merchant's notice that the Coinlane team turned its webhook endpoint off (Webhook Monitoring's Disable). */
export function webhookDisabledMail(o: {
  name: string | null;
  url: string;
  mode: 'test' | 'live';
  reason: string | null;
  disabledAt: string;
  settingsUrl: string;
}): MailContent {
  return {
    subject: 'Your Coinlane webhook endpoint was turned off',
    ...renderLayout({
      preheader: 'Events are kept and wait until you turn the endpoint back on.',
      heading: 'Your webhook endpoint was turned off',
      intro: [
        o.name ? `Hello ${o.name},` : 'Hello,',
        `The Coinlane team turned off your ${o.mode} webhook endpoint. Nothing is sent to it from now on; the events are kept and wait, in order, until you turn it back on.`,
        'Check that the endpoint answers (a 2xx status within the timeout), then turn it back on in Settings, under Webhooks.',
      ],
      action: { label: 'Open webhook settings', url: o.settingsUrl },
      details: [
        ['Endpoint', o.url],
        ['Mode', o.mode],
        ['Turned off at', o.disabledAt],
        ...(o.reason ? ([['Reason', o.reason]] as Array<[string, string]>) : []),
      ],
      reason: 'You received this email because a webhook endpoint of your Coinlane account was turned off.',
    }),
  };
}
