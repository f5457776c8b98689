import { describe, expect, it } from 'vitest';
import {
  confirmEmail,
  escapeHtml,
  formatMailTime,
  loginCode,
  passwordChanged,
  passwordReset,
  signupAttemptExisting,
} from './templates.ts';

const hostile = `<script>alert("x")</script> O'Brien & Co`;
const at = new Date('2026-11-21T14:03:09Z');

describe('mail templates', () => {
  const mails = {
    confirmEmail: confirmEmail({
      name: hostile,
      url: 'https://pay.example.com/confirm-email?token=abc',
      ttlSeconds: 172800,
    }),
    signupAttemptExisting: signupAttemptExisting({
      name: hostile,
      loginUrl: 'https://pay.example.com/login',
      resetUrl: 'https://pay.example.com/reset-password',
    }),
    loginCode: loginCode({
      name: hostile,
      code: '042917',
      ttlSeconds: 300,
      ip: '203.0.113.7',
      at,
      resetUrl: 'https://pay.example.com/reset-password',
    }),
    passwordReset: passwordReset({
      name: hostile,
      url: 'https://pay.example.com/reset-password?token=abc',
      ttlSeconds: 3600,
      ip: '203.0.113.7',
      at,
    }),
    passwordChanged: passwordChanged({
      name: hostile,
      at,
      ip: null,
      resetUrl: 'https://pay.example.com/reset-password',
    }),
  };

  it.each(Object.entries(mails))(
    '%s escapes user text in HTML and keeps it readable in text',
    (_name, mail) => {
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co');
      expect(mail.text).toContain(`Hi ${hostile},`);
      expect(mail.html).toMatch(/^<!doctype html>/);
      expect(mail.html).toContain('Coinlane');
      expect(mail.subject).not.toContain(hostile);
      expect(mail.text).toMatch(/You received this/);
    },
  );

  it('shows the sign-in code large, with expiry, time and IP, and a way out', () => {
    const { text, html, subject } = mails.loginCode;
    expect(subject).toBe('Your Coinlane sign-in code');
    expect(/\b(\d{6})\b/.exec(text)?.[1]).toBe('042917');
    expect(text).toContain('5 minutes');
    expect(text).toContain('21 Nov 2026, 14:03 UTC');
    expect(text).toContain('203.0.113.7');
    expect(text).toMatch(/If this wasn't you.*change your password/);
    expect(html).toMatch(/font-size:36px[^>]*>042917</);
  });

  it('puts the link in a button and in plain text', () => {
    const { html, text } = mails.confirmEmail;
    expect(html).toContain('href="https://pay.example.com/confirm-email?token=abc"');
    expect(text).toContain('https://pay.example.com/confirm-email?token=abc');
    expect(text).toContain('48 hours');
    expect(mails.passwordReset.text).toContain('1 hour');
  });

  it('greets without a name when there is none', () => {
    expect(confirmEmail({ name: null, url: 'https://x.test/c', ttlSeconds: 3600 }).text).toContain('Hello,');
  });

  it('escapes every HTML-special character and formats times in UTC', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(formatMailTime(at)).toBe('21 Nov 2026, 14:03 UTC');
  });
});
