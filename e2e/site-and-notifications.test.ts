import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver } from '#app/test/webhook-receiver.ts';
import { signIn, until } from './pages/merchant-session.ts';
import {
  DESKTOP,
  launchBrowser,
  newContext,
  PHONE,
  screenshot,
  sectionShot,
  viewShot,
} from './support/browser.ts';
import { type ApiMerchant, signInAccount, signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The public site and the merchant's notification settings, on real servers:
 * - the landing page states the fee the admins configured (changed through the admin API, the page follows),
 *   at desktop and phone width, in four languages;
 * - Talk to Sales: the form checks its fields, sends, and the message reaches the operator (the development
 *   outbox at /dev/mail on a server without SMTP, as on a laptop);
 * - Settings → Notifications: payment alerts off, no mail when paid; webhook notifications off, nothing sent
 *   and the Webhook section says deliveries are paused; both on again, the owed webhooks arrive in order and the
 *   next payment is mailed.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: `admin-${Date.now()}@example.com`, password: 'Str0ng!pass-admin' };
const PASSWORD = 'Str0ng!pass-e2e';

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer(
    { ALLOW_PRIVATE_WEBHOOKS: 'true', TEST_NETWORK_BLOCK_SECONDS: '0.5' },
    { admin: ADMIN },
  );
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const inLanguage = async (page: Page, lang: string) => {
  await page.addInitScript((l) => localStorage.setItem('coinlane.lang', l), lang);
};

describe('the landing page', () => {
  it('states the fee the admins configured, and follows a change', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/');
    expect(await page.getByTestId('fee').textContent()).toBe('1%');
    await page.getByText('1% per successful payment').waitFor();
    // kyc_required is on by default: the page says what it means, never "no KYC".
    await page.getByText('Test mode at once, live payments after an account review').waitFor();
    expect(await page.getByText(/no KYC/i).count()).toBe(0);
    // No live payment yet: the confirmation rule, not an invented settlement time.
    await page.getByTestId('settlement-rule').waitFor();

    const admin = await signInAccount(server, ADMIN);
    await admin.call('PUT', '/admin/fees/platform', { percentage: '0.8', minimumFee: '0.30' });
    await page.reload();
    await until(
      () => page.getByTestId('fee').textContent(),
      (t) => t === '0.8%',
    );
    await page.getByText('Minimum $0.30 per payment').waitFor();
    await page.getByText('0.8% per successful payment').waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'site-landing-desktop-en');
    await sectionShot(page.locator('#pricing'), 'site-pricing-desktop-en');
    await sectionShot(page.locator('#settlement'), 'site-settlement-desktop-en');

    // The same figures in French, chosen in the footer.
    await page.getByLabel('Language').selectOption('fr');
    await page.getByText('0,8 % par paiement réussi').waitFor();
    await screenshot(page, 'site-landing-desktop-fr');
    await ctx.close();

    for (const lang of ['en', 'de']) {
      const phone = await newContext(browser, server.url, PHONE);
      const p = await phone.newPage();
      await inLanguage(p, lang);
      await p.goto('/');
      await until(
        () => p.getByTestId('fee').textContent(),
        (t) => t === (lang === 'de' ? '0,8%' : '0.8%'),
      );
      await noHorizontalOverflow(p);
      await screenshot(p, `site-landing-phone-${lang}`);
      await viewShot(p, `site-hero-phone-${lang}`);
      for (const id of ['settlement', 'pricing'])
        await sectionShot(p.locator(`#${id}`), `site-${id}-phone-${lang}`);
      await phone.close();
    }
    await admin.call('PUT', '/admin/fees/platform', { percentage: '1', minimumFee: '0' });
  });
});

describe('Talk to Sales', () => {
  let outboxServer: RunningServer;
  beforeAll(async () => {
    // As on a laptop: no SMTP, so mail lands in the development outbox.
    outboxServer = await startServer({ SMTP_URL: '', SALES_EMAIL: 'sales@coinlane.test' });
  });
  afterAll(async () => {
    await outboxServer?.stop();
  });

  it('checks the form, sends it, and the message reaches the operator in the outbox', async () => {
    const ctx = await newContext(browser, outboxServer.url, DESKTOP);
    const page = await ctx.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The form's code and texts are not part of the landing page's first load: they come on demand.
    expect(scripts.filter((s) => s.includes('sales-dialog'))).toEqual([]);
    await page.getByRole('button', { name: 'Talk to Sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Talk to Sales' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Please enter your name').waitFor();
    await dialog.getByText('Email is required').waitFor();
    await dialog.getByText('Please enter a message').waitFor();
    await viewShot(page, 'site-sales-errors-desktop-en');

    await dialog.getByLabel('Name').fill('Grace Hopper');
    await dialog.getByLabel('Email').fill('grace@example.com');
    await dialog.getByLabel('Company').fill('Navy <Labs>');
    await dialog
      .getByLabel('Message')
      .fill('We take 2,000 payments a month.\nCan we talk about <b>volume</b> pricing?');
    await viewShot(page, 'site-sales-filled-desktop-en');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await dialog.getByText('Thank you! Your message has been sent.', { exact: false }).waitFor();
    await viewShot(page, 'site-sales-sent-desktop-en');
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    // The operator's mail, in the development outbox: to SALES_EMAIL, Reply-To the visitor, the text escaped.
    await page.goto('/dev/mail');
    await page.getByText('Sales inquiry from Grace Hopper, Navy <Labs>').click();
    await page.getByText('Reply-To:').waitFor();
    await page.getByText('grace@example.com').first().waitFor();
    await page.getByText('sales@coinlane.test').first().waitFor();
    const frame = page.frameLocator('iframe');
    await frame.getByText('Can we talk about <b>volume</b> pricing?', { exact: false }).last().waitFor();
    await screenshot(page, 'site-sales-outbox-desktop-en');
    await ctx.close();
  });

  it('in French on a phone, with a failure said plainly and nothing typed lost', async () => {
    const ctx = await newContext(browser, outboxServer.url, PHONE);
    const page = await ctx.newPage();
    await inLanguage(page, 'fr');
    // The server refuses the next message (as when it is down): the form says so and keeps the text.
    await page.route('**/api/v1/public/contact-sales', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, data: null, error: { code: 'UNAVAILABLE', message: 'down' } }),
      }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: "Contacter l'équipe commerciale" }).click();
    const dialog = page.getByRole('dialog', { name: "Contacter l'équipe commerciale" });
    await dialog.getByLabel('Nom').fill('Marie Curie');
    await dialog.getByLabel('E-mail').fill('marie@example.com');
    await dialog.getByLabel('Message').fill('Bonjour, une question sur les frais.');
    await dialog.getByRole('button', { name: 'Envoyer le message' }).click();
    await dialog.getByText("Votre message n'a pas pu être envoyé. Veuillez réessayer.").waitFor();
    expect(await dialog.getByLabel('Message').inputValue()).toBe('Bonjour, une question sur les frais.');
    await viewShot(page, 'site-sales-failed-phone-fr');
    await page.unroute('**/api/v1/public/contact-sales');
    await dialog.getByRole('button', { name: 'Envoyer le message' }).click();
    await dialog.getByText('Merci ! Votre message a été envoyé.', { exact: false }).waitFor();
    await viewShot(page, 'site-sales-sent-phone-fr');
    await ctx.close();
  });
});

describe('notification settings', () => {
  const createPaid = async (m: ApiMerchant) => {
    const p = await m.call<{ id: string }>('POST', '/payments', { amount: '0.001', currency: 'BTC' });
    await m.call('POST', `/payments/${p.id}/simulate`, {});
    await until(
      () => m.call<{ status: string }>('GET', `/payments/${p.id}`),
      (x) => x.status === 'confirmed',
    );
    return p;
  };

  it.each([
    ['desktop', DESKTOP, 'en'],
    ['phone', PHONE, 'es'],
  ] as const)(
    'toggles off at %s width: no payment mail, webhooks paused; on again: the webhooks arrive in order',
    async (label, viewport, lang) => {
      const hooks = await startWebhookReceiver();
      try {
        const email = `notify-${label}-${Date.now()}@example.com`;
        const merchant = await signUpMerchant(server, { name: 'Nora Notify', email, password: PASSWORD });
        await merchant.call('PUT', '/settings', { language: lang });
        await merchant.call('PUT', '/webhooks/config', {
          url: hooks.url,
          events: ['payment.created', 'payment.confirmed'],
        });

        const ctx = await newContext(browser, server.url, viewport);
        const page = await ctx.newPage();
        await signIn(page, server, { email, password: PASSWORD });
        await page.goto('/settings');
        const t =
          lang === 'en'
            ? {
                alerts: 'Payment alerts',
                hooks: 'Webhook notifications',
                save: 'Save Changes',
                saved: 'Settings saved successfully!',
                paused: 'Deliveries are paused',
                paid: /Payment confirmed/,
              }
            : {
                alerts: 'Alertas de pago',
                hooks: 'Notificaciones por webhook',
                save: 'Guardar cambios',
                saved: '¡Configuración guardada correctamente!',
                paused: 'Los envíos están en pausa',
                paid: /Pago confirmado/,
              };
        const alerts = page.getByRole('switch', { name: t.alerts });
        const webhooks = page.getByRole('switch', { name: t.hooks });
        await alerts.click();
        await webhooks.click();
        await page.getByRole('button', { name: t.save }).first().click();
        await page.getByText(t.saved).first().waitFor();
        expect(await alerts.getAttribute('aria-checked')).toBe('false');
        await page.getByText(t.paused, { exact: false }).waitFor();
        await sectionShot(page.locator('#notifications'), `site-notifications-off-${label}-${lang}`);
        await sectionShot(page.locator('#webhooks'), `site-webhooks-paused-${label}-${lang}`);

        // Paid while both are off: no mail, no webhook (the deliveries wait).
        const first = await createPaid(merchant);
        await sleep(3000);
        expect(server.smtp.mails.filter((m) => m.to.includes(email) && t.paid.test(m.subject))).toEqual([]);
        expect(hooks.received).toHaveLength(0);

        // Both on again: the owed webhooks arrive, in order; the next payment is mailed, not the old one.
        await alerts.click();
        await webhooks.click();
        await page.getByRole('button', { name: t.save }).first().click();
        await page.getByText(t.saved).first().waitFor();
        expect(await page.getByText(t.paused, { exact: false }).count()).toBe(0);
        const events = await until(
          () => hooks.events(),
          (e) => e.length >= 2,
        );
        expect(events.map((e) => [e.type, (e.data as { id: string }).id])).toEqual([
          ['payment.created', first.id],
          ['payment.confirmed', first.id],
        ]);
        const second = await createPaid(merchant);
        const mail = await server.smtp.waitForMail(email, { subject: t.paid });
        expect(mail.text).toContain(second.id);
        expect(mail.text).not.toContain(first.id);
        await sectionShot(page.locator('#notifications'), `site-notifications-on-${label}-${lang}`);
        await ctx.close();
      } finally {
        await hooks.close();
      }
    },
  );
});
