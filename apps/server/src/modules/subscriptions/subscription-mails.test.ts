import { describe, expect, it } from 'vitest';
import { formatMailTimeIn, type MailLanguage } from '#app/mail/templates.ts';
import { type SubscriptionMailKind, subscriptionMail } from './subscription-mails.ts';

const LANGS: MailLanguage[] = ['en', 'es', 'fr', 'de'];
const payUrl = 'https://pay.example.com/payment/pl_123';
const portalUrl = 'https://pay.example.com/subscription-portal?token=tok_abc';
const due = new Date('2026-11-21T14:03:00Z');
const periodEnd = new Date('2026-12-21T14:03:00Z');

/** What the scheduler passes for each kind (amount, date, pay link). */
const INPUTS: Record<
  SubscriptionMailKind,
  { amount: string | null; date: Date | null; payUrl: string | null }
> = {
  invitation: { amount: '9.99 USD', date: due, payUrl },
  renewal: { amount: '9.99 USD', date: due, payUrl },
  due: { amount: '9.99 USD', date: due, payUrl },
  grace: { amount: '9.99 USD', date: due, payUrl },
  activated: { amount: null, date: periodEnd, payUrl: null },
  renewed: { amount: null, date: periodEnd, payUrl: null },
  cancelled: { amount: null, date: periodEnd, payUrl: null },
  expired: { amount: null, date: null, payUrl: null },
};
const KINDS = Object.keys(INPUTS) as SubscriptionMailKind[];

const mail = (
  kind: SubscriptionMailKind,
  lang: MailLanguage,
  o: Partial<Parameters<typeof subscriptionMail>[0]> = {},
) =>
  subscriptionMail({
    kind,
    lang,
    merchantName: 'Alice Shop',
    planName: 'Pro Plus',
    interval: 'monthly',
    portalUrl,
    testCopyFor: null,
    ...INPUTS[kind],
    ...o,
  });

/** The words each language must use (its button labels, its security notice, its crypto explanation). */
const WORDS: Record<
  MailLanguage,
  {
    pay: string;
    manage: string;
    notice: string;
    howItWorks: string;
    portal: string;
    testPrefix: string;
    endsNow: string;
  }
> = {
  en: {
    pay: 'Pay invoice',
    manage: 'Manage subscription',
    notice: 'will ever ask for your recovery phrase or private key',
    howItWorks: 'A crypto subscription cannot take money from your wallet',
    portal: `Manage or cancel your subscription: ${portalUrl}`,
    testPrefix: '[Test copy for sam@example.com] ',
    endsNow: 'Your access ends now.',
  },
  es: {
    pay: 'Pagar factura',
    manage: 'Gestionar suscripción',
    notice: 'te pedirá nunca tu frase de recuperación ni tu clave privada',
    howItWorks: 'Una suscripción en cripto no puede cobrar dinero de tu billetera',
    portal: `Gestiona o cancela tu suscripción: ${portalUrl}`,
    testPrefix: '[Copia de prueba para sam@example.com] ',
    endsNow: 'Tu acceso termina ahora.',
  },
  fr: {
    pay: 'Payer la facture',
    manage: 'Gérer l’abonnement',
    notice: 'ne vous demandera jamais votre phrase de récupération ou votre clé privée',
    howItWorks: 'Un abonnement en crypto ne peut pas prélever d’argent sur votre portefeuille',
    portal: `Gérer ou résilier votre abonnement : ${portalUrl}`,
    testPrefix: '[Copie de test pour sam@example.com] ',
    endsNow: 'Votre accès prend fin dès maintenant.',
  },
  de: {
    pay: 'Rechnung bezahlen',
    manage: 'Abonnement verwalten',
    notice: 'nach Ihrer Wiederherstellungsphrase oder Ihrem privaten Schlüssel fragen',
    howItWorks: 'Ein Krypto-Abonnement kann kein Geld von Ihrer Wallet abbuchen',
    portal: `Abonnement verwalten oder kündigen: ${portalUrl}`,
    testPrefix: '[Testkopie für sam@example.com] ',
    endsNow: 'Ihr Zugang endet ab sofort.',
  },
};

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
const re = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('the subscriber mails', () => {
  for (const lang of LANGS) {
    const w = WORDS[lang];
    it.each(KINDS)(`%s in ${lang}: names merchant and plan, links the portal, pays the invoice`, (kind) => {
      const { subject, html, text } = mail(kind, lang);
      expect(subject).toContain('Pro Plus');
      expect(subject).toContain('Alice Shop');
      expect(subject).not.toContain('[');
      for (const body of [html, text]) {
        expect(body).toContain('Pro Plus');
        expect(body).toContain('Alice Shop');
        expect(body).toContain(portalUrl);
      }
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain(`<html lang="${lang}">`);
      expect(text).toContain('Coinlane');

      const payable = INPUTS[kind].payUrl !== null;
      if (payable) {
        expect(html).toMatch(new RegExp(`href="${re(payUrl)}"[^>]*>${re(w.pay)}</a>`));
        expect(text).toContain(`${w.pay}:\n${payUrl}`);
        expect(text).toContain(w.portal);
        expect(text).toContain('9.99 USD');
      } else {
        expect(html).toMatch(new RegExp(`href="${re(portalUrl)}"[^>]*>${re(w.manage)}</a>`));
        expect(text).toContain(`${w.manage}:\n${portalUrl}`);
        expect(text).not.toContain(w.pay);
        expect(text).not.toContain(payUrl);
      }

      // Said once, in every mail: nothing is pulled from the wallet; and nobody asks for the recovery phrase.
      expect(count(text, w.howItWorks)).toBe(1);
      expect(count(text, w.notice)).toBe(1);
      expect(html).toContain(w.notice);

      const date = INPUTS[kind].date;
      if (date) expect(text).toContain(formatMailTimeIn(lang, date));
    });
  }

  it('shows the plan, the amount and the date under the label the kind calls for', () => {
    const rows = (kind: SubscriptionMailKind) => {
      const t = mail(kind, 'en').text;
      return t.split('\n').filter((line) => /^(Plan|Amount|Due date|Next payment|Access until): /.test(line));
    };
    expect(rows('invitation')).toEqual([
      'Plan: Pro Plus (monthly)',
      'Amount: 9.99 USD',
      'Due date: 21 Nov 2026, 14:03 UTC',
    ]);
    expect(rows('grace')).toEqual(rows('invitation'));
    expect(rows('activated')).toEqual(['Plan: Pro Plus (monthly)', 'Next payment: 21 Dec 2026, 14:03 UTC']);
    expect(rows('renewed')).toEqual(rows('activated'));
    expect(rows('cancelled')).toEqual(['Plan: Pro Plus (monthly)', 'Access until: 21 Dec 2026, 14:03 UTC']);
    expect(rows('expired')).toEqual(['Plan: Pro Plus (monthly)']);
    expect(mail('invitation', 'en', { interval: 'yearly' }).text).toContain('Plan: Pro Plus (yearly)');
    expect(mail('invitation', 'en', { interval: 'yearly' }).text).toContain('then renews every year');
    expect(mail('invitation', 'de').text).toContain('Tarif: Pro Plus (monatlich)');
  });

  it('tells what each mail is about, in plain words', () => {
    expect(mail('invitation', 'en').subject).toBe(
      'Your Pro Plus subscription with Alice Shop: pay the first invoice',
    );
    expect(mail('invitation', 'en').text).toContain(
      'Pay it by 21 Nov 2026, 14:03 UTC. If you do not, the subscription does not start and you owe nothing.',
    );
    expect(mail('due', 'en').subject).toBe('Your Pro Plus subscription with Alice Shop: payment due today');
    expect(mail('due', 'en').text).toContain('A grace period starts now');
    expect(mail('grace', 'en').subject).toBe(
      'Last reminder: your Pro Plus subscription with Alice Shop expires tomorrow',
    );
    expect(mail('activated', 'en').text).toContain('It is paid until 21 Dec 2026, 14:03 UTC.');
    expect(mail('renewed', 'en').text).toContain('Your next payment is due on 21 Dec 2026, 14:03 UTC');
    expect(mail('cancelled', 'en').text).toContain('You keep access until 21 Dec 2026, 14:03 UTC.');
    expect(mail('expired', 'en').text).toContain('Renew it from your subscription page');
    expect(mail('renewal', 'es').subject).toBe(
      'Tu suscripción a Pro Plus de Alice Shop: ya está lista la próxima factura',
    );
    expect(mail('grace', 'fr').subject).toBe(
      'Dernier rappel : votre abonnement « Pro Plus » chez Alice Shop expire demain',
    );
    expect(mail('cancelled', 'de').subject).toBe('Ihr Abonnement „Pro Plus“ bei Alice Shop wurde gekündigt');
    expect(mail('cancelled', 'de').text).toContain(
      'Sie behalten den Zugang bis zum 21. Dez. 2026, 14:03 UTC.',
    );
  });

  it('says when a cancellation ends access now', () => {
    for (const lang of LANGS) {
      const now = mail('cancelled', lang, { date: null });
      const later = mail('cancelled', lang);
      expect(now.text).not.toContain(formatMailTimeIn(lang, periodEnd));
      expect(now.text).toContain(WORDS[lang].endsNow);
      expect(later.text).not.toContain(WORDS[lang].endsNow);
    }
    expect(mail('cancelled', 'en', { date: null }).text).not.toContain('Access until');
  });

  it('tells why the address got the mail: it subscribed, or the merchant enrolled it', () => {
    expect(mail('renewal', 'en').text).toContain(
      'You received this email because this e-mail address subscribed to Pro Plus from Alice Shop, or Alice Shop enrolled it.',
    );
    for (const lang of LANGS) {
      for (const kind of KINDS) expect(mail(kind, lang).text).toMatch(/\n--\n.*Alice Shop.*\nCoinlane - /);
    }
  });

  it('marks the test-mode copy sent to the merchant in the subject and first paragraph', () => {
    const email = 'sam@example.com';
    for (const lang of LANGS) {
      for (const kind of KINDS) {
        const copy = mail(kind, lang, { testCopyFor: email });
        const live = mail(kind, lang);
        expect(copy.subject).toBe(`${WORDS[lang].testPrefix}${live.subject}`);
        expect(copy.text).toContain(email);
        expect(copy.html).toContain(email);
        expect(live.text).not.toContain(email);
      }
    }
    const { text } = mail('renewal', 'en', { testCopyFor: email });
    const firstParagraph = text.split('\n\n')[2];
    expect(firstParagraph).toBe(
      'Test mode: this is a copy of what sam@example.com would receive. It was sent only to you, the merchant; nothing was sent to the subscriber.',
    );
    expect(mail('renewal', 'en', { testCopyFor: '<b>x</b>@example.com' }).html).not.toContain('<b>x</b>');
  });

  it('escapes the merchant and plan names in HTML and keeps them readable in text', () => {
    const hostile = `<script>alert("x")</script> O'Brien & Co`;
    for (const lang of LANGS) {
      for (const kind of KINDS) {
        const m = mail(kind, lang, { merchantName: hostile, planName: `${hostile} Gold` });
        expect(m.html).not.toContain('<script>');
        expect(m.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co');
        expect(m.text).toContain(hostile);
        expect(m.subject).toContain(`${hostile} Gold`);
      }
    }
  });

  it('writes every other language without English left over', () => {
    // Whole words only: JavaScript's \b would split 'payée' after 'pay'.
    const english =
      /(?<!\p{L})(the|your|you|and|subscription|invoice|payment|pay|due|until|renew\w*|receipt|today|tomorrow|copy|thank)(?!\p{L})/iu;
    for (const lang of LANGS.filter((l) => l !== 'en')) {
      for (const kind of KINDS) {
        const en = mail(kind, 'en', { testCopyFor: 'sam@example.com' });
        const m = mail(kind, lang, { testCopyFor: 'sam@example.com' });
        expect(m.subject).not.toBe(en.subject);
        const words = (s: string) =>
          s
            .replaceAll(payUrl, '')
            .replaceAll(portalUrl, '')
            .replaceAll('sam@example.com', '')
            .replaceAll('Alice Shop', '')
            .replaceAll('Pro Plus', '');
        expect(words(m.subject)).not.toMatch(english);
        expect(words(m.text)).not.toMatch(english);
        expect(m.html).not.toContain('If the button does not work');
        expect(m.text).not.toContain('non-custodial crypto payments');
        expect(m.text).not.toContain(WORDS.en.howItWorks);
      }
    }
  });
});
