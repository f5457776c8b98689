import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { type ApiMerchant, signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

// The embeddable checkout as a shop uses it: a merchant's own page, on another origin and under a strict
// Content-Security-Policy, adds Coinlane's embed.js with a test-mode payment link. The customer clicks "Pay with
// crypto", pays inside the overlay with the hosted page's test panel, and the shop's page hears of it. The shop is
// a small local http server made by this test (not a fake of anything: it is the host page itself).

let server: RunningServer;
let browser: Browser;
let merchant: ApiMerchant;
let shop: http.Server;
let shopUrl: string;

/** The shop's own script: records what the embed tells it (the DOM event and the global callback). */
const SHOP_JS = `
window.shopEvents = [];
window.onCoinlanePayment = function (detail) { window.shopEvents.push({ via: 'callback', detail: detail }); };
document.addEventListener('coinlane:payment.confirmed', function (e) {
  window.shopEvents.push({ via: 'event', target: e.target.localName, detail: e.detail });
});
document.addEventListener('coinlane:checkout.closed', function () { window.shopClosed = (window.shopClosed || 0) + 1; });
`;

function shopPage(coinlane: string, linkId: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chez Marie — checkout</title><script src="/shop.js"></script></head>
<body><h1>Your basket</h1><p>Two croissants and a coffee: 12.00 USD.</p>
<p>${'Lorem ipsum dolor sit amet. '.repeat(400)}</p>
<div id="pay"><script src="${coinlane}/embed.js" data-link="${linkId}" data-callback="onCoinlanePayment"></script></div>
</body></html>`;
}

/** What the shop allows: its own script, Coinlane's script and frame, and nothing else (not even a style). */
const shopCsp = (coinlane: string) =>
  `default-src 'none'; script-src 'self' ${coinlane}; frame-src ${coinlane}; style-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'`;

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1', API_RATE_LIMIT_PER_MINUTE: '10000' });
  browser = await launchBrowser();
  merchant = await signUpMerchant(server, {
    name: 'Chez Marie Bakery',
    email: `embed-${Date.now()}@example.com`,
  });
  // The shop on its own origin: localhost, where Coinlane is 127.0.0.1.
  shop = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/shop.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(SHOP_JS);
      return;
    }
    const link = url.searchParams.get('link') ?? '';
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': shopCsp(server.url),
      })
      .end(shopPage(server.url, link));
  });
  await new Promise<void>((r) => shop.listen(0, 'localhost', r));
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => shop?.close(r));
});

const newLink = () =>
  merchant.call<{ id: string }>('POST', '/payment-links', {
    fiatAmount: '12.00',
    currency: 'USDT',
    network: 'ethereum',
    description: 'Two croissants and a coffee',
    // The embedded checkout never follows it: the shop's page hears payment.confirmed and decides.
    returnUrl: 'https://shop.example.com/thanks',
  });

type ShopEvent = { via: string; target?: string; detail: Record<string, string> };
const shopEvents = (page: Page) =>
  page.evaluate(() => (window as unknown as { shopEvents: ShopEvent[] }).shopEvents);
/** How many times the shop heard `coinlane:checkout.closed` (polled: the dialog's close event is a task of its own). */
const shopClosed = (page: Page) =>
  page.evaluate(() => (window as unknown as { shopClosed?: number }).shopClosed ?? 0);

async function openShop(viewport: typeof DESKTOP, linkId: string) {
  const ctx = await newContext(browser, shopUrl, viewport);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/?link=${linkId}`);
  return { ctx, page, errors };
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('embeddable checkout at %s width', (label, viewport) => {
  it('a customer pays inside the overlay and the shop page hears of it; forged messages are ignored', async () => {
    const link = await newLink();
    const { ctx, page, errors } = await openShop(viewport, link.id);

    const button = page.getByRole('button', { name: 'Pay with crypto' });
    await button.waitFor();
    // Styled under the shop's `style-src 'none'` (constructed stylesheets in a shadow root), next to the script.
    const look = await button.evaluate((el) => {
      const s = getComputedStyle(el);
      const host = (el.getRootNode() as ShadowRoot).host;
      return {
        bg: s.backgroundColor,
        height: el.getBoundingClientRect().height,
        parent: host.parentElement?.id,
      };
    });
    expect(look).toEqual({ bg: 'rgb(79, 70, 229)', height: 44, parent: 'pay' });
    // On a dark host page (the visitor's system setting), a lighter shade that keeps its contrast there.
    await page.emulateMedia({ colorScheme: 'dark' });
    // (Polled: the colour changes with a short transition.)
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(99, 102, 241)');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect
      .poll(() => button.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(79, 70, 229)');
    await button.scrollIntoViewIfNeeded();
    await button.focus();
    await viewShot(page, `embed-${label}-button`);

    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Pay with crypto' });
    await dialog.waitFor();
    // A modal: focus starts on its close button, and the shop's page behind does not scroll.
    expect(
      await page.evaluate(() =>
        document.activeElement?.shadowRoot?.activeElement?.getAttribute('aria-label'),
      ),
    ).toBe('Close');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    const box = await dialog.boundingBox();
    if (viewport.width < 640)
      expect(box).toEqual({ x: 0, y: 0, width: viewport.width, height: viewport.height });
    else expect(box?.width).toBeLessThan(viewport.width);

    const frame = page.frameLocator('iframe[title="Secure payment page"]');
    await frame.getByText('Amount Due').first().waitFor();
    await frame.getByText('Chez Marie Bakery').first().waitFor();
    // The language selector stays in the embedded page.
    await frame.getByLabel('Language').waitFor();

    // A message from the shop's own origin (any script on the page, or another site's window) is not Coinlane's.
    await page.evaluate((linkId) => {
      window.postMessage(
        {
          source: 'coinlane',
          type: 'payment.confirmed',
          linkId,
          paymentId: 'pay_forged',
          status: 'confirmed',
        },
        '*',
      );
    }, link.id);
    await page.waitForTimeout(300);
    expect(await shopEvents(page)).toEqual([]);

    await viewShot(page, `embed-${label}-overlay`);
    await frame.getByRole('button', { name: 'Simulate full payment' }).click();
    await frame.getByText('Thank you for your payment').waitFor();
    await expect.poll(() => shopEvents(page).then((e) => e.length), { timeout: 10_000 }).toBe(2);
    const events = await shopEvents(page);
    const paymentId = events[0]?.detail.paymentId ?? '';
    expect(events).toEqual([
      {
        via: 'event',
        target: 'coinlane-checkout',
        detail: { type: 'payment.confirmed', linkId: link.id, paymentId, status: 'confirmed' },
      },
      {
        via: 'callback',
        detail: { type: 'payment.confirmed', linkId: link.id, paymentId, status: 'confirmed' },
      },
    ]);
    // The id is the real payment of that link (the shop would look it up, and fulfil on the signed webhook).
    const payment = await merchant.call<{ id: string; paymentLinkId: string | null; status: string }>(
      'GET',
      `/payments/${paymentId}`,
    );
    expect(payment).toMatchObject({ id: paymentId, paymentLinkId: link.id, status: 'confirmed' });
    await viewShot(page, `embed-${label}-confirmed`);
    // No way out of the frame: no return button, no countdown (following the link's returnUrl inside the overlay
    // would also break the shop's frame-src, which the browser log watch would report).
    await frame.getByText('You can now close this page').waitFor();
    expect(await frame.getByRole('link', { name: 'Return to Chez Marie Bakery' }).count()).toBe(0);
    expect(await frame.getByRole('timer').count()).toBe(0);

    // Escape inside the frame (the shop's page never sees that key) closes the overlay, and focus comes back.
    await frame.getByRole('heading', { name: 'Thank you for your payment' }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.localName)).toBe('coinlane-checkout');
    await expect.poll(() => shopClosed(page)).toBe(1);

    // Opened again on the paid link, the checkout says so again (the shop's handler must be idempotent), and
    // Escape on the shop's side (focus on the close button) closes it too.
    await button.click();
    await dialog.waitFor();
    await frame.getByText('Thank you for your payment').waitFor();
    await expect.poll(() => shopEvents(page).then((e) => e.length), { timeout: 10_000 }).toBe(4);
    expect(new Set((await shopEvents(page)).map((e) => e.detail.paymentId))).toEqual(new Set([paymentId]));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The close button does as well.
    await button.click();
    await page.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => shopClosed(page)).toBe(3);
    await screenshot(page, `embed-${label}-page`, { fullPage: false });

    expect(errors).toEqual([]);
    await ctx.close();
  });
});

describe('framing', () => {
  it('the hosted payment page itself refuses to be framed by the shop', async () => {
    const link = await newLink();
    const ctx = await browser.newContext({ baseURL: shopUrl });
    const page = await ctx.newPage();
    const refused: string[] = [];
    page.on('console', (m) => {
      if (/frame-ancestors|Refused to frame/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`/?link=${link.id}`);
    // The shop frames the plain hosted page (not the embeddable one): the browser refuses it.
    await page.evaluate(
      ({ src }) => {
        const f = document.createElement('iframe');
        f.src = src;
        document.body.append(f);
      },
      { src: `${server.url}/payment/${link.id}` },
    );
    await expect.poll(() => refused.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await ctx.close();
  });
});
