import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPage } from './pages/payment-page.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { type ApiMerchant, signInAccount, signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

// The price lock of the hosted payment page (docs/decisions/005-hosted-payment-page.md, "The price lock"), as a
// customer meets it. The server holds a price 15 s here (PAYMENT_RATE_LOCK_SECONDS) instead of 15 minutes, and
// runs without its scheduler role: no periodic sweep ever re-prices or expires an attempt, so whatever the page
// shows at the end of a lock comes from the server deciding by its clock when the page asks. An administrator
// moves the test price of BTC meanwhile (PUT /admin/rates), as the market would.

const LOCK_SECONDS = 15;
const ADMIN = { email: 'rates-admin@example.com', password: 'Adm1n!pass-e2e' };

let server: RunningServer;
let browser: Browser;
let merchant: ApiMerchant;
let admin: ApiMerchant;

type Link = { id: string };
type Detail = { id: string; amount: string; address: string; priceChanges: { amountBefore: string }[] };
const newLink = (body: Record<string, unknown>) => merchant.call<Link>('POST', '/payment-links', body);
const btcAt = (usdPrice: string) => admin.call('PUT', '/admin/rates/BTC', { usdPrice });
const btcBack = () => admin.call('DELETE', '/admin/rates/BTC');
const attemptsOf = async (linkId: string) =>
  (await merchant.call<{ payments: { id: string; attempt: number }[] }>('GET', `/payment-links/${linkId}`))
    .payments;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer(
    {
      PAYMENT_RATE_LOCK_SECONDS: String(LOCK_SECONDS),
      ROLES: 'api,webhooks',
      API_RATE_LIMIT_PER_MINUTE: '10000',
    },
    { admin: ADMIN },
  );
  browser = await launchBrowser();
  merchant = await signUpMerchant(server, {
    name: 'Chez Marie Bakery',
    email: `marie-lock-${Date.now()}@example.com`,
  });
  admin = await signInAccount(server, ADMIN);
});
// Each journey starts from the built-in test price of BTC (95000 USD), whatever the one before did.
afterEach(async () => {
  await btcBack().catch(() => {});
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function customerPage(viewport: typeof DESKTOP, { clockAheadMs = 0 } = {}) {
  const ctx = await newContext(browser, server.url, viewport);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  // A device whose clock runs ahead of the server's (phones often do by a few seconds).
  if (clockAheadMs) await ctx.clock.install({ time: Date.now() + clockAheadMs });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { ctx, page, pay: new PaymentPage(page), errors };
}
const timerText = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .textContent()
    .then((s) => (s ?? '').trim());
const bodyText = (page: Page) =>
  page
    .locator('body')
    .textContent()
    .then((s) => s ?? '');

/** A BTC amount as the page shows it (8 digits, the language's decimal sign: lib/amounts.ts formatCrypto). */
const coins = (amount: string, lang: string) => (lang === 'en' ? amount : amount.replace('.', ','));

describe.each([
  ['desktop', 'en', 'never', DESKTOP, 'Price locked for', 'Price updated', 'Waiting for your payment'],
  ['phone', 'de', '24h', PHONE, 'Preis gesichert für', 'Preis aktualisiert', 'Warten auf Ihre Zahlung'],
] as const)(
  'a price lock on a %s (%s, link expiry: %s)',
  (label, lang, expiry, viewport, lockedFor, updated, waiting) => {
    it('ends with a new price for the same address, shown live, and never says the payment expired', async () => {
      const link = await newLink({
        fiatAmount: '95.00',
        currency: 'BTC',
        description: 'Order #2087 — sourdough',
        expiresInHours: expiry === 'never' ? 0 : 24,
      });
      const { ctx, page, pay, errors } = await customerPage(viewport);
      await pay.open(link.id);
      await pay.waitForText('Amount Due');
      if (lang !== 'en') await pay.chooseLanguage(lang);
      await pay.waitForText(lockedFor);
      await pay.markDocument();
      expect(await pay.amountDue()).toBe(coins('0.00100000', lang));
      const address = await pay.address();
      expect(await timerText(page, 'price-lock')).toMatch(/^0:1\d$/);
      expect(await page.getByTestId('price-lock').getAttribute('data-tone')).toBe('normal');
      if (expiry === 'never') {
        // The spec's expiry countdown shows only for a link with an expiry.
        expect(await page.getByTestId('countdown').count()).toBe(0);
      } else {
        await pay.waitForText('Dieser Link läuft ab in');
        expect(await timerText(page, 'countdown')).toMatch(/^(23:59:\d\d|24:00:00)$/); // seconds round up on the server clock;
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screenshot(page, `price-lock-${label}-${lang}`);

      // The market moves; the lock ends: the same attempt at the current price, the notice, a new lock.
      await btcAt('190000');
      await page.getByTestId('price-updated').waitFor({ timeout: (LOCK_SECONDS + 10) * 1000 });
      await pay.waitForText(updated);
      expect(await pay.amountDue()).toBe(coins('0.00050000', lang));
      expect(await pay.address()).toBe(address);
      expect(await pay.statusBanner()).toBe(waiting);
      expect(await timerText(page, 'price-lock')).toMatch(/^0:1\d$/);
      expect(await pay.sameDocument()).toBe(true);
      const text = await bodyText(page);
      expect(text).toContain(`${coins('0.00100000', lang)} BTC`); // what it was
      expect(text).not.toMatch(/expired|abgelaufen/i);
      // The QR code and the payment URI ask for the new amount.
      const qr = page.locator('img[src*="/qr.svg?remaining=0.0005"]');
      await qr.waitFor();
      expect(
        await qr.evaluate(async (el) => {
          const img = el as HTMLImageElement;
          if (!img.complete) await new Promise((r) => img.addEventListener('load', r, { once: true }));
          return img.naturalWidth > 0;
        }),
      ).toBe(true);
      await page
        .getByRole('button', { name: lang === 'en' ? 'Copy payment URI' : 'Zahlungs-URI kopieren' })
        .click();
      // The URI carries the description as its message after the amount.
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
        new RegExp(`^bitcoin:${address}\\?amount=0\\.0005&`),
      );
      await screenshot(page, `price-updated-${label}-${lang}`);

      // The merchant sees the amount changed, on the one attempt.
      const [attempt] = await attemptsOf(link.id);
      const detail = await merchant.call<Detail>('GET', `/payments/${attempt!.id}`);
      expect(detail).toMatchObject({ amount: '0.0005', address });
      expect(detail.priceChanges.map((c) => c.amountBefore)).toEqual(['0.001']);
      expect(await attemptsOf(link.id)).toHaveLength(1);
      await btcBack();
      expect(errors).toEqual([]);
      await ctx.close();
    });
  },
);

describe('when a lapsed price lock cannot be renewed', () => {
  it.each([
    ['desktop', 'en', DESKTOP, 'Price lock ended', 'Try Again'],
    ['phone', 'es', PHONE, 'Bloqueo de precio terminado', 'Intentar de nuevo'],
  ] as const)(
    'on a %s whose clock runs 3 s ahead (%s), the first Try Again starts the next attempt',
    async (label, lang, viewport, ended, tryAgain) => {
      const link = await newLink({ fiatAmount: '5.00', currency: 'BTC', expiresInHours: 0 });
      const { ctx, page, pay, errors } = await customerPage(viewport, { clockAheadMs: 3000 });
      await pay.open(`${link.id}?lang=${lang}`);
      await page.getByTestId('amount-due').waitFor();
      expect(await pay.amountDue()).toBe(coins('0.00005264', lang));
      // A price BTC cannot be quoted at: 5 USD would be more BTC than a payment may ask (a broken feed, say).
      await btcAt('0.000001');
      // The server says the attempt is over when its lock ends on the server's clock; the page offers Try Again.
      const button = page.getByRole('button', { name: tryAgain });
      await button.waitFor({ timeout: (LOCK_SECONDS + 10) * 1000 });
      await pay.waitForText(ended);
      // A link that never expires never says "expired".
      expect(await bodyText(page)).not.toMatch(/expired|caducad|expirad/i);
      await screenshot(page, `price-lock-ended-${label}-${lang}`);
      await btcBack();

      // One click, at once: the next attempt, at the current price.
      await button.click();
      await page.getByTestId('price-lock').waitFor();
      expect(await pay.amountDue()).toBe(coins('0.00005264', lang));
      expect((await attemptsOf(link.id)).map((a) => a.attempt)).toEqual([2, 1]);
      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});

describe('a link that no longer takes payments', () => {
  it.each([
    ['desktop', 'en', DESKTOP, 'https://chez-marie.example/contact', 'This payment link has expired'],
    ['phone', 'fr', PHONE, 'https://chez-marie.example/contact', 'Ce lien de paiement a expiré'],
    ['phone', 'de', PHONE, null, 'Dieser Zahlungslink ist abgelaufen'],
  ] as const)(
    'on a %s (%s) names the merchant and how to reach them',
    async (label, lang, viewport, website, title) => {
      await merchant.call('PUT', '/merchant/profile', { website });
      // The browser first, then the link, opened at once: its 8 s have to cover the page's opening, and on a loaded
      // machine (CI-like run, 2026-12-02) a new browser context before it used them up.
      const { ctx, page, pay, errors } = await customerPage(viewport);
      const link = await newLink({
        fiatAmount: '5',
        currency: 'BTC',
        expiresAt: new Date(Date.now() + 8_000).toISOString(),
      });
      await pay.open(`${link.id}?lang=${lang}`);
      await page.getByTestId('amount-due').waitFor();
      // The attempt ends with the link: a deadline, red and pulsing.
      expect(await page.getByTestId('countdown').getAttribute('data-tone')).toBe('urgent');
      expect(await page.getByTestId('price-lock').count()).toBe(0);
      await pay.waitForText(title);
      const contact = page.getByTestId('merchant-contact');
      await contact.waitFor();
      const text = ((await contact.textContent()) ?? '').trim();
      expect(text).toContain('Chez Marie Bakery');
      expect(text).not.toContain(merchant.email);
      if (website) {
        const a = contact.getByRole('link', { name: 'chez-marie.example/contact' });
        expect(await a.getAttribute('href')).toBe(website);
        expect(await a.getAttribute('rel')).toContain('noopener');
      } else {
        expect(await contact.getByRole('link').count()).toBe(0);
      }
      expect(
        await page
          .getByRole('button')
          .filter({ hasText: /Try|Réessayer|Erneut/ })
          .count(),
      ).toBe(0);
      await screenshot(page, `link-ended-${label}-${lang}`);

      // Opened again later: the same, straight away.
      await page.reload();
      await pay.waitForText(title);
      await contact.waitFor();
      expect(errors).toEqual([]);
      await ctx.close();
    },
  );
});
