import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentPage } from './pages/payment-page.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { type ApiMerchant, signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

// The hosted payment page as a customer meets it: a merchant (made through the API, e-mails through the real
// SMTP server) creates test-mode payment links; a customer opens one in a fresh browser context and pays it
// with the page's test panel. Test blocks come every second here, so confirmations move while we watch. The links
// carry a returnUrl to a stand-in shop on 127.0.0.1 (plain http to this machine: test mode), whose order-received
// page the customer lands on once paid.

let server: RunningServer;
let browser: Browser;
let merchant: ApiMerchant;
let shop: http.Server;
let shopUrl: string;

type Link = { id: string; amount: string };
const newLink = (body: Record<string, unknown>) => merchant.call<Link>('POST', '/payment-links', body);

beforeAll(async () => {
  ensureWebBuilt();
  // Many customer pages from one IP in a minute: lift the public per-IP limit (tested in the server tests).
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1', API_RATE_LIMIT_PER_MINUTE: '10000' });
  browser = await launchBrowser();
  // The merchant's shop: its order-received page, a plain page of its own origin.
  shop = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Order received</title><h1>Thank you, order 1042 is received</h1>');
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/checkout/order-received/1042/?key=wc_order_Ab1`;
  merchant = await signUpMerchant(server, {
    name: 'Chez Marie Bakery',
    email: `marie-${Date.now()}@example.com`,
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (shop ? shop.close(resolve) : resolve(undefined)));
});

async function customerPage(viewport: typeof DESKTOP) {
  const ctx = await newContext(browser, server.url, viewport);
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { ctx, page, pay: new PaymentPage(page), errors };
}

describe.each([
  // The amount due as the page shows it: 2 decimals for USDT, 8 for BTC (merchant spec 5).
  ['desktop', DESKTOP, { fiatAmount: '95.00', currency: 'USDT', network: 'ethereum' }, '95.00', 'USDT'],
  ['phone', PHONE, { fiatAmount: '95.00', currency: 'BTC' }, '0.00100000', 'BTC'],
] as const)('hosted payment page at %s width', (label, viewport, linkBody, due, coin) => {
  it('a customer sees amount, QR and address, copies, pays part then the rest, watches it confirm without reload, and is sent back to the shop', async () => {
    const link = await newLink({
      ...linkBody,
      description: 'Order #1042 — croissants and coffee',
      returnUrl: shopUrl,
    });
    const { ctx, page, pay, errors } = await customerPage(viewport);

    await pay.open(link.id);
    await pay.waitForText('Amount Due');
    await pay.markDocument();
    expect(await pay.amountDue()).toBe(due);
    await pay.waitForText('Chez Marie Bakery');
    await pay.waitForText('Order #1042 — croissants and coffee');
    await pay.waitForText(/≈ \$95\.00/);
    await pay.waitForText('Scan with your crypto wallet');
    await pay.waitForText('Test mode — no real funds');
    await pay.waitForText(/Real-time updates active|Checking for updates\.\.\./);
    expect(await pay.statusBanner()).toBe('Waiting for your payment');
    const qr = await pay.qrRendered();
    expect(qr.loaded).toBe(true);
    expect(qr.width).toBe(viewport.width < 640 ? 200 : 250);
    const address = await pay.address();
    expect(address).toMatch(/^test_/);
    // The link's own expiry (24 hours by default) counts down in the spec's colours: neutral over 900 s. The
    // 15-minute rate lock beside it is a price lock, labelled as such: when it ends with nothing paid the amount
    // is updated, nothing expires (payment-price-lock.test.ts).
    const countdown = page.getByTestId('countdown');
    // Whole seconds are rounded up, so a link opened within its first second still reads 24:00:00.
    expect(await countdown.textContent().then((s) => (s ?? '').trim())).toMatch(/^(23:59:\d\d|24:00:00)$/);
    expect(await countdown.getAttribute('data-tone')).toBe('normal');
    await pay.waitForText('This link expires in');
    const lock = page.getByTestId('price-lock');
    expect(await lock.textContent().then((s) => (s ?? '').trim())).toMatch(/^1[45]:\d\d$/);
    await pay.waitForText('Price locked for');
    // Fits the phone: no sideways scrolling.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, `payment-pending-${label}`);

    // Copy with the 2 s toast.
    await pay.copyAddress();
    await pay.waitForText('Address copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await screenshot(page, `payment-copied-${label}`);
    await pay.text('Address copied!').waitFor({ state: 'detached', timeout: 4000 });
    await pay.copyUri();
    await pay.waitForText('Payment URI copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(address);

    // Part of the amount: the page shows what remains.
    await pay.simulate('partial');
    await pay.waitForText('Remaining Amount');
    const half = coin === 'BTC' ? '0.00050000' : '47.50';
    expect(await pay.amountDue()).toBe(half);
    await pay.waitForText('Partial payment received. Please send the remaining amount.');
    await pay.waitForText(`Received ${half} of ${due} ${coin}`);
    await screenshot(page, `payment-partial-${label}`);
    // Something is still due: no way back to the shop yet.
    expect(await page.getByTestId('return-to-merchant').count()).toBe(0);

    // The rest: received, then confirmations advance until confirmed, with no reload.
    await pay.simulate('full');
    await pay.waitForText('Payment received, waiting for network confirmations');
    await screenshot(page, `payment-confirming-${label}`);
    // Confirmed: the way back to the shop, with the payment's id, and a countdown the customer can stop.
    const back = page.getByRole('link', { name: 'Return to Chez Marie Bakery' });
    await back.waitFor();
    await pay.waitForText('Payment confirmed');
    await screenshot(page, `payment-confirmed-${label}`);
    const paymentId = await merchant
      .call<{ payments: { id: string }[] }>('GET', `/payment-links/${link.id}`)
      .then((l) => l.payments[0]?.id);
    expect(paymentId).toMatch(/^pay_/);
    const target = `${shopUrl}&coinlane_payment=${paymentId}`;
    expect(await back.getAttribute('href')).toBe(target);
    expect(await back.getAttribute('rel')).toBe('noopener');
    expect(await pay.sameDocument()).toBe(true);
    if (label === 'desktop') {
      // Left alone, the page takes the customer back by itself after its countdown.
      await pay.waitForText(/Taking you back to Chez Marie Bakery in \d s\./);
      await page.waitForURL(target);
    } else {
      // "Stay on this page" stops the countdown; the button then does it.
      await page.getByRole('button', { name: 'Stay on this page' }).click();
      expect(await page.getByRole('timer').count()).toBe(0);
      await back.click();
      await page.waitForURL(target);
    }
    // The shop's page, with the payment's id to look up.
    await page.getByRole('heading', { name: 'Thank you, order 1042 is received' }).waitFor();
    const landed = new URL(page.url());
    expect(landed.searchParams.get('key')).toBe('wc_order_Ab1');
    expect(landed.searchParams.get('coinlane_payment')).toBe(paymentId);

    // Opening the completed link again shows the confirmed payment, with the button but no countdown: a customer
    // coming back to read it is not sent away.
    await pay.open(link.id);
    await back.waitFor();
    await pay.waitForText('Payment confirmed');
    expect(await page.getByRole('timer').count()).toBe(0);
    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('hosted payment page, other outcomes', () => {
  it('an overpayment is confirmed and said honestly, in the language picked', async () => {
    const link = await newLink({ fiatAmount: '20', currency: 'LTC', returnUrl: shopUrl });
    const { ctx, pay, page } = await customerPage(PHONE);
    await pay.open(link.id);
    await pay.waitForText('Amount Due');
    await pay.chooseLanguage('fr');
    await pay.waitForText('Montant dû');
    // Amounts in French writing: a decimal comma, the price once with its currency.
    expect(await pay.amountDue()).toMatch(/^\d+,\d{8}$/);
    await pay.waitForText(/≈ 20,00\s\$US/);
    await pay.waitForText('Mode test — aucun fonds réel');
    await page.getByRole('button', { name: 'Simuler un trop-perçu' }).click();
    // Overpaid is confirmed too: the way back to the shop, in French, its countdown stopped here.
    await page.getByRole('link', { name: 'Retour vers Chez Marie Bakery' }).waitFor();
    await pay.waitForText('Vous avez payé plus que demandé ; le marchand a été prévenu.');
    await pay.waitForText(/Retour automatique vers Chez Marie Bakery dans \d s\./);
    await page.getByRole('button', { name: 'Rester sur cette page' }).click();
    await screenshot(page, 'payment-overpaid-fr-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'payment-overpaid-fr-desktop');
    await pay.chooseLanguage('de');
    await page.getByRole('link', { name: 'Zurück zu Chez Marie Bakery' }).waitFor();
    await screenshot(page, 'payment-overpaid-de-desktop');
    await pay.chooseLanguage('en');
    await pay.waitForText('You paid more than requested; the merchant has been notified.');
    // Still here: the stopped countdown does not start again with another language.
    expect(new URL(page.url()).pathname).toBe(`/payment/${link.id}`);
    await ctx.close();
  });

  it('a failed attempt offers Try Again, which starts a new attempt with a new address', async () => {
    const link = await newLink({ fiatAmount: '12', currency: 'BTC' });
    const { ctx, pay, page } = await customerPage(DESKTOP);
    await pay.open(link.id);
    await pay.waitForText('Amount Due');
    const first = await pay.address();
    const view = await merchant.call<{ payments: { id: string }[] }>('GET', `/payment-links/${link.id}`);
    const attempt = view.payments[0];
    if (!attempt) throw new Error('no attempt');
    await merchant.call('POST', `/payments/${attempt.id}/cancel`);
    // Seen over the live connection, or by the 30 s poll without one.
    await pay.waitForText('Payment failed');
    await screenshot(page, 'payment-failed-desktop');
    await pay.tryAgain();
    await pay.waitForText('Amount Due');
    expect(await pay.address()).not.toBe(first);
    await ctx.close();
  });

  it('when the link runs out while open, the countdown turns red and the page shows the link has expired', async () => {
    const link = await newLink({
      fiatAmount: '5',
      currency: 'BTC',
      expiresAt: new Date(Date.now() + 12_000).toISOString(),
    });
    const { ctx, pay, page } = await customerPage(PHONE);
    await pay.open(link.id);
    await pay.waitForText('Amount Due');
    const countdown = page.getByTestId('countdown');
    expect(await countdown.getAttribute('data-tone')).toBe('urgent');
    expect(await countdown.getAttribute('class')).toContain('animate-pulse');
    await pay.waitForText('This payment link has expired');
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await screenshot(page, 'payment-link-expired-phone');
    await ctx.close();
  });

  it("an unknown link shows 'Payment Error' with the spec's message", async () => {
    const { ctx, pay, page } = await customerPage(DESKTOP);
    await pay.open('lnk_does_not_exist');
    await pay.waitForText('Payment Error');
    await pay.waitForText('Payment link not found');
    await page.getByRole('button', { name: 'Try Again' }).waitFor();
    await screenshot(page, 'payment-not-found-desktop');
    await ctx.close();
  });
});
