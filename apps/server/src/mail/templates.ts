/**
 * The e-mails Coinlane sends. One shared layout renders every mail twice: HTML (inline CSS and tables, since
 * mail clients ignore style sheets) and plain text. Every value passed in is treated as plain text and escaped
 * here, so a name typed at sign-up can never inject markup into a mail.
 */

export type MailContent = { subject: string; html: string; text: string };

const BRAND = 'Coinlane';

const COLORS = {
  page: '#f1f0f7',
  headerFrom: '#1e1b4b',
  headerTo: '#5b21b6',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#6b7280',
  border: '#e5e7eb',
  button: '#6d28d9',
  codeBg: '#f5f3ff',
  codeText: '#4c1d95',
  noticeBg: '#fef3c7',
  noticeText: '#92400e',
};

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

type Layout = {
  /** Hidden preview line shown by mail clients next to the subject. */
  preheader: string;
  heading: string;
  /** Paragraphs before the code or button. */
  intro: string[];
  /** A one-time code, shown large. */
  code?: string;
  /** The call to action. */
  action?: { label: string; url: string };
  /** Label / value rows (when, from which address). */
  details?: Array<[string, string]>;
  /** Paragraphs after the code or button. */
  outro?: string[];
  /** A highlighted security notice. */
  notice?: string;
  /** Text quoted as written, line breaks kept (a visitor's message). */
  quote?: string;
  /** Footer: why the recipient got this mail. */
  reason: string;
  /** The language of the texts passed in; the layout's own words follow it (default English). */
  lang?: MailLanguage;
};

export type MailLanguage = 'en' | 'es' | 'fr' | 'de';

/** The layout's own words, per language. */
const CHROME: Record<MailLanguage, { copyLink: string; tagline: string }> = {
  en: {
    copyLink: 'If the button does not work, copy this address into your browser:',
    tagline: 'non-custodial crypto payments',
  },
  es: {
    copyLink: 'Si el botón no funciona, copia esta dirección en tu navegador:',
    tagline: 'pagos en cripto sin custodia',
  },
  fr: {
    copyLink: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
    tagline: 'paiements crypto sans dépôt',
  },
  de: {
    copyLink: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
    tagline: 'Krypto-Zahlungen ohne Verwahrung',
  },
};

/** Renders one mail in the product's look (HTML) and as plain text. */
export function renderLayout(layout: Layout): { html: string; text: string } {
  return { html: renderHtml(layout), text: renderText(layout) };
}

function renderHtml(l: Layout): string {
  const chrome = CHROME[l.lang ?? 'en'];
  const p = (t: string) =>
    `<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:${COLORS.text};">${escapeHtml(t)}</p>`;
  const parts: string[] = [];
  parts.push(
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:30px;font-weight:700;color:${COLORS.text};">${escapeHtml(l.heading)}</h1>`,
  );
  for (const t of l.intro) parts.push(p(t));
  if (l.code) {
    parts.push(
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td align="center" style="background:${COLORS.codeBg};border:1px solid #ddd6fe;border-radius:12px;padding:20px 12px;">` +
        `<div style="font-family:'SFMono-Regular',Menlo,Consolas,monospace;font-size:36px;line-height:44px;font-weight:700;letter-spacing:10px;color:${COLORS.codeText};">${escapeHtml(l.code)}</div>` +
        `</td></tr></table>`,
    );
  }
  if (l.action) {
    const href = escapeHtml(l.action.url);
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="border-radius:10px;background:${COLORS.button};">` +
        `<a href="${href}" target="_blank" rel="noopener" style="display:inline-block;padding:14px 28px;font-family:${FONT};font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:10px;">${escapeHtml(l.action.label)}</a>` +
        `</td></tr></table>`,
      `<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:${COLORS.muted};">${escapeHtml(chrome.copyLink)}<br><a href="${href}" style="color:${COLORS.button};word-break:break-all;">${href}</a></p>`,
    );
  }
  if (l.details?.length) {
    const rows = l.details
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 12px 6px 0;font-size:13px;color:${COLORS.muted};white-space:nowrap;">${escapeHtml(label)}</td>` +
          `<td style="padding:6px 0;font-size:13px;color:${COLORS.text};word-break:break-all;">${escapeHtml(value)}</td></tr>`,
      )
      .join('');
    parts.push(
      `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px;border-top:1px solid ${COLORS.border};border-bottom:1px solid ${COLORS.border};width:100%;">${rows}</table>`,
    );
  }
  if (l.quote) {
    parts.push(
      `<div style="margin:0 0 20px;padding:12px 16px;border-left:4px solid ${COLORS.border};background:#f9fafb;font-size:14px;line-height:22px;color:${COLORS.text};white-space:pre-wrap;word-break:break-word;">${escapeHtml(l.quote)}</div>`,
    );
  }
  for (const t of l.outro ?? []) parts.push(p(t));
  if (l.notice) {
    parts.push(
      `<div style="margin:8px 0 0;padding:12px 16px;border-radius:10px;background:${COLORS.noticeBg};font-size:14px;line-height:21px;color:${COLORS.noticeText};">${escapeHtml(l.notice)}</div>`,
    );
  }

  return `<!doctype html>
<html lang="${l.lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(l.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(l.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};">
<tr><td align="center" style="padding:32px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
<tr><td style="background:${COLORS.headerFrom};background-image:linear-gradient(135deg,${COLORS.headerFrom},${COLORS.headerTo});border-radius:16px 16px 0 0;padding:22px 32px;">
<span style="display:inline-block;width:28px;height:28px;line-height:28px;border-radius:8px;background:rgba(255,255,255,0.16);color:#ffffff;font-weight:700;text-align:center;font-size:16px;vertical-align:middle;">C</span>
<span style="margin-left:10px;font-size:20px;font-weight:700;letter-spacing:0.3px;color:#ffffff;vertical-align:middle;">${BRAND}</span>
</td></tr>
<tr><td style="background:${COLORS.card};border-radius:0 0 16px 16px;padding:32px;box-shadow:0 4px 24px rgba(30,27,75,0.08);">
${parts.join('\n')}
</td></tr>
<tr><td style="padding:20px 32px;text-align:center;font-size:12px;line-height:18px;color:${COLORS.muted};">
${escapeHtml(l.reason)}<br>${BRAND} &middot; ${escapeHtml(chrome.tagline)}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function renderText(l: Layout): string {
  const chrome = CHROME[l.lang ?? 'en'];
  const lines: string[] = [BRAND, '='.repeat(BRAND.length), '', l.heading, ''];
  for (const t of l.intro) lines.push(t, '');
  if (l.code) lines.push(`    ${l.code}`, '');
  if (l.action) lines.push(`${l.action.label}:`, l.action.url, '');
  if (l.details?.length) {
    for (const [label, value] of l.details) lines.push(`${label}: ${value}`);
    lines.push('');
  }
  if (l.quote) lines.push(...l.quote.split(/\r?\n/).map((line) => `> ${line}`), '');
  for (const t of l.outro ?? []) lines.push(t, '');
  if (l.notice) lines.push(l.notice, '');
  lines.push('--', l.reason, `${BRAND} - ${chrome.tagline}`);
  return `${lines.join('\n')}\n`;
}

const greeting = (name: string | null | undefined) => (name?.trim() ? `Hi ${name.trim()},` : 'Hello,');

const MAIL_LOCALES: Record<MailLanguage, string> = { en: 'en-GB', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

/** "21 Nov 2026, 14:03 UTC" in the mail's language, whatever the server's time zone. */
export function formatMailTimeIn(lang: MailLanguage, at: Date): string {
  const s = new Intl.DateTimeFormat(MAIL_LOCALES[lang], {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'UTC',
  }).format(at);
  return `${s} UTC`;
}

/** "21 Nov 2026, 14:03 UTC": the English mails' time. */
export const formatMailTime = (at: Date): string => formatMailTimeIn('en', at);

const hoursText = (seconds: number) => {
  const h = Math.round(seconds / 3600);
  return h === 1 ? '1 hour' : `${h} hours`;
};
const minutesText = (seconds: number) => {
  const m = Math.round(seconds / 60);
  return m === 1 ? '1 minute' : `${m} minutes`;
};

export function confirmEmail(o: { name: string | null; url: string; ttlSeconds: number }): MailContent {
  return {
    subject: `Confirm your email address for ${BRAND}`,
    ...renderLayout({
      preheader: 'One click to confirm your address and finish setting up your account.',
      heading: 'Confirm your email address',
      intro: [
        greeting(o.name),
        `Thanks for signing up for ${BRAND}. Please confirm that this is your email address to finish creating your account.`,
      ],
      action: { label: 'Confirm email address', url: o.url },
      outro: [`This link is valid for ${hoursText(o.ttlSeconds)} and can be used once.`],
      reason: `You received this email because this address was used to create a ${BRAND} account. If that was not you, ignore this email and no account will be activated.`,
    }),
  };
}

export function signupAttemptExisting(o: {
  name: string | null;
  loginUrl: string;
  resetUrl: string;
}): MailContent {
  return {
    subject: `Someone tried to sign up for ${BRAND} with your address`,
    ...renderLayout({
      preheader: 'Your address already has an account. No new account was created.',
      heading: 'You already have an account',
      intro: [
        greeting(o.name),
        `Someone just tried to create a new ${BRAND} account with your email address. Your address already belongs to an account, so nothing was created and nothing changed.`,
        'If it was you, sign in with your existing password. If you no longer remember it, you can reset it.',
      ],
      action: { label: 'Sign in', url: o.loginUrl },
      outro: [`Forgot your password? Reset it here: ${o.resetUrl}`],
      notice: 'If it was not you, you can ignore this email: your account is safe and no one was signed in.',
      reason: `You received this email because someone entered your address on the ${BRAND} sign-up page.`,
    }),
  };
}

export function loginCode(o: {
  name: string | null;
  code: string;
  ttlSeconds: number;
  ip: string | null;
  at: Date;
  resetUrl: string;
}): MailContent {
  return {
    subject: `Your ${BRAND} sign-in code`,
    ...renderLayout({
      preheader: `Your sign-in code expires in ${minutesText(o.ttlSeconds)}.`,
      heading: 'Your sign-in code',
      intro: [greeting(o.name), 'Enter this code to finish signing in:'],
      code: o.code,
      details: [
        ['Expires in', minutesText(o.ttlSeconds)],
        ['Requested at', formatMailTime(o.at)],
        ['From IP address', o.ip ?? 'unknown'],
      ],
      outro: ['Never share this code. Coinlane staff will never ask you for it.'],
      notice: `If this wasn't you, someone knows your password: change your password now at ${o.resetUrl}`,
      reason: `You received this email because someone signed in to your ${BRAND} account with your password.`,
    }),
  };
}

export function passwordReset(o: {
  name: string | null;
  url: string;
  ttlSeconds: number;
  ip: string | null;
  at: Date;
}): MailContent {
  return {
    subject: `Reset your ${BRAND} password`,
    ...renderLayout({
      preheader: 'Choose a new password for your account.',
      heading: 'Reset your password',
      intro: [
        greeting(o.name),
        'We received a request to reset the password of your account. Choose a new one with the button below.',
      ],
      action: { label: 'Choose a new password', url: o.url },
      details: [
        ['Requested at', formatMailTime(o.at)],
        ['From IP address', o.ip ?? 'unknown'],
      ],
      outro: [
        `This link is valid for ${hoursText(o.ttlSeconds)} and can be used once. Resetting your password signs you out everywhere.`,
      ],
      notice: 'If you did not ask for this, ignore this email: your password stays as it is.',
      reason: `You received this email because a password reset was requested for your ${BRAND} account.`,
    }),
  };
}

export function passwordChanged(o: {
  name: string | null;
  at: Date;
  ip: string | null;
  resetUrl: string;
  /** After a reset, when the account has API keys: the single-use link that revokes them all. */
  revokeKeys?: { url: string; count: number };
}): MailContent {
  const keys = o.revokeKeys;
  return {
    subject: `Your ${BRAND} password was changed`,
    ...renderLayout({
      preheader: 'Your password was just changed.',
      heading: 'Your password was changed',
      intro: [
        greeting(o.name),
        'The password of your account was just changed. Other devices signed in to your account have been signed out.',
        ...(keys
          ? [
              `Your ${keys.count === 1 ? 'API key keeps' : `${keys.count} API keys keep`} working, so your integrations do not stop. If someone else may have used your account or seen a key, revoke them all with one click (the link works once, for 7 days):`,
            ]
          : []),
      ],
      ...(keys ? { action: { label: 'Revoke all API keys', url: keys.url } } : {}),
      details: [
        ['Changed at', formatMailTime(o.at)],
        ['From IP address', o.ip ?? 'unknown'],
      ],
      notice: `If you did not do this, reset your password right away at ${o.resetUrl} and contact support.`,
      reason: `You received this security notice because the password of your ${BRAND} account changed.`,
    }),
  };
}
