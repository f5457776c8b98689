import type { TSystemAlert } from '@coinlane/core/api/admin-operations';
import { type MailContent, renderLayout } from '#app/mail/templates.ts';

const LEVEL_WORD = { critical: 'Critical', error: 'Error', warning: 'Warning', info: 'Info' } as const;

/** The one-line text of an alert for chat channels (Slack, Discord). */
export const alertChatText = (a: TSystemAlert, platform: string, url: string) =>
  `[${platform}] ${LEVEL_WORD[a.level]}: ${a.title}\n${a.description}\n${url}`;

/** The operators' e-mail about a system alert. */
export function alertMail(a: TSystemAlert, platform: string, url: string): MailContent {
  return {
    subject: `[${platform}] ${LEVEL_WORD[a.level]}: ${a.title}`,
    ...renderLayout({
      preheader: a.description.slice(0, 120),
      heading: a.title,
      intro: [a.description],
      action: { label: 'Open the Health Monitor', url },
      details: [
        ['Level', LEVEL_WORD[a.level]],
        ['Kind', a.kind],
        ['Raised at', a.createdAt],
      ],
      reason: `You received this email because you are an administrator of ${platform} and email notifications are on in System Settings.`,
    }),
  };
}
