import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trim } from './pages/merchant-payments-pages.ts';
import { collectErrors, horizontalOverflow, signIn, until } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { type ApiMerchant, signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * The merchant area's layout with large amounts, in every language: a merchant paid $12,345,678.90 (an 8-digit
 * amount) through a payment link, plus small LTC and USDT payments, looks at the dashboard, the transactions and
 * the links' analytics on a 390 px phone in en, es, fr and de. No figure card may overflow (its scroll width
 * within its width, every text inside its box); amounts are written the language's way; the balance card rounds
 * to 4 decimals with the exact amount on hover; 'View All' stays on one line. At desktop width the sidebar's
 * background covers the whole viewport height after scrolling a long page, and the documentation's contents
 * entries are never cut off, at both widths. Screenshots of every screen are kept (test-results/screens).
 */

let server: RunningServer;
let browser: Browser;
let merchant: ApiMerchant;
const PASSWORD = 'Str0ng!pass-layout';
const email = `layout-${Date.now()}@example.com`;
const LANGS = ['en', 'es', 'fr', 'de'] as const;
type Lang = (typeof LANGS)[number];

const publicCall = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: T; error: { message: string } | null };
  if (!json.success) throw new Error(`${method} ${path}: ${res.status} ${json.error?.message}`);
  return json.data;
};

/** A customer opens the link and pays all of it on the test network. */
async function paidLink(body: Record<string, unknown>) {
  const link = await merchant.call<{ id: string }>('POST', '/payment-links', body);
  await publicCall('POST', `/checkout/${link.id}`);
  await publicCall('POST', `/checkout/${link.id}/simulate`, {});
  return link.id;
}

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({ TEST_NETWORK_BLOCK_SECONDS: '1', API_RATE_LIMIT_PER_MINUTE: '10000' });
  browser = await launchBrowser();
  merchant = await signUpMerchant(server, { name: 'Ada Layout', email, password: PASSWORD });
  await paidLink({ fiatAmount: '12345678.90', fiatCurrency: 'USD', currency: 'BTC', description: 'Fleet' });
  await paidLink({ amount: '0.00068412', currency: 'LTC', description: 'Tiny LTC' });
  await paidLink({ amount: '271.74', currency: 'USDT', network: 'ethereum', description: 'USDT order' });
  // Confirmed once the test network has given each its confirmations (12 for USDT, one block a second).
  await until(
    () =>
      merchant
        .call<{ totalVolume: { confirmedCount: number } }>('GET', '/analytics/payments')
        .then((a) => a.totalVolume.confirmedCount),
    (n) => n === 3,
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function setLanguage(page: Page, lang: Lang) {
  await merchant.call('PUT', '/settings', { language: lang });
  await page.evaluate((l) => localStorage.setItem('coinlane.lang', l), lang);
}

/**
 * What sticks out of the cards matching `selector`: a card whose content is wider than it (scrollWidth), or a
 * text or element (decorations marked aria-hidden aside) whose box leaves the card's box.
 */
function overflowingCards(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const problems: string[] = [];
    const cards = Array.from(document.querySelectorAll<HTMLElement>(sel));
    for (const card of cards) {
      const name = card.querySelector('[data-testid]')?.getAttribute('data-testid') ?? sel;
      const box = card.getBoundingClientRect();
      if (card.scrollWidth > card.clientWidth) {
        problems.push(`${name}: scrollWidth ${card.scrollWidth} > clientWidth ${card.clientWidth}`);
      }
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
        acceptNode: (n) =>
          n instanceof Element &&
          (n.getAttribute('aria-hidden') === 'true' || n.classList.contains('sr-only'))
            ? NodeFilter.FILTER_REJECT
            : NodeFilter.FILTER_ACCEPT,
      });
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        let r: DOMRect;
        if (n.nodeType === Node.TEXT_NODE) {
          if (!n.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          r = range.getBoundingClientRect();
        } else {
          const el = n as HTMLElement;
          r = el.getBoundingClientRect();
          if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible') {
            problems.push(`${name}: <${el.tagName.toLowerCase()}> clips its content`);
          }
        }
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
          const what = (n.textContent ?? '').trim().slice(0, 40);
          problems.push(
            `${name}: "${what}" spans ${r.left.toFixed(1)}-${r.right.toFixed(1)}, card ${box.left.toFixed(1)}-${box.right.toFixed(1)}`,
          );
        }
      }
    }
    return { count: cards.length, problems };
  }, selector);
}

async function expectCardsFit(page: Page, selector: string, expected: number) {
  const { count, problems } = await overflowingCards(page, selector);
  expect(count).toBe(expected);
  expect(problems).toEqual([]);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
}

const FIGURES = '[data-figure-card]';
const BALANCE = 'section[aria-labelledby="balance-title"]';
/** $12,345,678.90 + 271.74 USDT + 0.00068412 LTC at the test prices: an 8-digit USD total in every language. */
const EIGHT_DIGITS = /^(\$12,345,9\d\d\.\d\d|12\.345\.9\d\d,\d\d\s(US)?\$|12\s345\s9\d\d,\d\d\s\$US)$/;

describe('figure cards hold an 8-digit amount on a 390 px phone, in every language', () => {
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ctx = await newContext(browser, server.url, PHONE);
    page = await ctx.newPage();
    errors = collectErrors(page);
    await signIn(page, server, { email, password: PASSWORD });
  });
  afterAll(async () => {
    await merchant.call('PUT', '/settings', { language: 'en' });
    await ctx?.close();
  });

  it.each(LANGS)('%s', async (lang) => {
    await setLanguage(page, lang);

    await page.goto('/dashboard');
    await until(
      () => page.evaluate(() => document.documentElement.lang),
      (l) => l === lang,
    );
    const volume = await until(
      () => page.getByTestId('stat-volume').textContent().then(trim),
      (s) => EIGHT_DIGITS.test(s.replace(/\s/g, ' ')),
    );
    expect(await page.getByTestId('stat-month').textContent().then(trim)).toBe(volume);
    await page.getByTestId('balances').waitFor();
    // The balance card: 4 decimals rounded half-up, the exact amount on hover and for screen readers.
    expect(await page.getByTestId('balance-LTC').textContent()).toBe(lang === 'en' ? '0.0007' : '0,0007');
    expect(
      (await page.getByTestId('balance-LTC').locator('..').getAttribute('title'))?.replace(/\s/g, ' '),
    ).toBe(`${lang === 'en' ? '0.00068412' : '0,00068412'} LTC`);
    expect(await page.getByTestId('balance-LTC-exact').textContent()).toBe(
      lang === 'en' ? '0.00068412' : '0,00068412',
    );
    expect(await page.getByTestId('balance-USDT').textContent()).toBe(
      lang === 'en' ? '271.7400' : '271,7400',
    );
    await expectCardsFit(page, FIGURES, 3);
    await expectCardsFit(page, BALANCE, 1);
    // 'View All' (Ver todo, Tout voir, Alle anzeigen) on one line beside the title.
    const viewAll = page.getByTestId('view-all');
    expect(await viewAll.evaluate((a) => a.getClientRects().length)).toBe(1);
    expect(await viewAll.evaluate((a) => a.getBoundingClientRect().height)).toBeLessThan(24);
    // The recent transactions: amounts with their coin's digits, in the language's writing.
    const recent = (await page.getByTestId('recent-transactions-list').textContent()) ?? '';
    expect(recent).toContain(lang === 'en' ? '271.74 USDT' : '271,74 USDT');
    expect(recent).toContain(lang === 'en' ? '0.00068412 LTC' : '0,00068412 LTC');
    await screenshot(page, `layout-dashboard-${lang}-phone`);

    await page.goto('/transactions');
    const txVolume = await until(
      () => page.getByTestId('summary-volume').textContent().then(trim),
      (s) => EIGHT_DIGITS.test(s.replace(/\s/g, ' ')),
    );
    expect(txVolume).toBe(volume);
    expect(await page.getByTestId('summary-confirmed').textContent().then(trim)).toBe('3');
    await page.getByTestId('transaction-row').first().waitFor();
    await expectCardsFit(page, FIGURES, 3);
    // Rows: the coin's display digits and the USD value, the currency written once (never "US$ USD").
    const rows = (await page.getByTestId('transactions').textContent()) ?? '';
    expect(rows).not.toMatch(/US\$\s*USD|\$\s*USD|\$US\s*USD/);
    expect(rows).toContain(lang === 'en' ? '271.74' : '271,74');
    await screenshot(page, `layout-transactions-${lang}-phone`);

    await page.goto('/payment-links');
    await page.getByRole('tab').nth(1).click();
    await until(
      () => page.getByTestId('an-value').textContent().then(trim),
      (s) => EIGHT_DIGITS.test(s.replace(/\s/g, ' ')),
    );
    await expectCardsFit(page, FIGURES, 4);
    await screenshot(page, `layout-links-analytics-${lang}-phone`);
    await page.getByRole('tab').first().click();
    const card = page.getByTestId('link-card').filter({ hasText: 'Fleet' });
    expect(
      await card
        .getByTestId('link-fiat')
        .textContent()
        .then((s) => trim(s).replace(/\s/g, ' ')),
    ).toBe(
      {
        en: 'Priced at $12,345,678.90',
        es: 'Precio: 12.345.678,90 US$',
        fr: 'Prix : 12 345 678,90 $US',
        de: 'Preis: 12.345.678,90 $',
      }[lang],
    );
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `layout-links-${lang}-phone`);
    expect(errors).toEqual([]);
  });
});

describe('at desktop width', () => {
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    ctx = await newContext(browser, server.url, DESKTOP);
    page = await ctx.newPage();
    errors = collectErrors(page);
    await signIn(page, server, { email, password: PASSWORD });
  });
  afterAll(async () => {
    await merchant.call('PUT', '/settings', { language: 'en' });
    await ctx?.close();
  });

  it.each(['en', 'de'] as const)(
    '%s: the figure cards fit and the sidebar covers the viewport on a long page',
    async (lang) => {
      await setLanguage(page, lang);
      await page.goto('/dashboard');
      await until(
        () => page.getByTestId('stat-volume').textContent().then(trim),
        (s) => EIGHT_DIGITS.test(s.replace(/\s/g, ' ')),
      );
      await page.getByTestId('recent-transactions').waitFor();
      await expectCardsFit(page, FIGURES, 3);
      await expectCardsFit(page, BALANCE, 1);
      await screenshot(page, `layout-dashboard-${lang}-desktop`);

      // A long page: the sidebar's background still fills the viewport's height once scrolled to the bottom.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height).toBeGreaterThan(DESKTOP.height * 1.3);
      await page.mouse.wheel(0, height);
      await until(
        () =>
          page.evaluate(
            () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1,
          ),
        (done) => done,
      );
      const sidebar = await page.evaluate(() => {
        const column = document.querySelector<HTMLElement>('[data-testid="sidebar-column"]')!;
        const panel = column.querySelector('aside')!.getBoundingClientRect();
        const r = column.getBoundingClientRect();
        const atBottom = document.elementFromPoint(r.left + 8, window.innerHeight - 4);
        return {
          columnTop: r.top,
          columnBottom: r.bottom,
          columnHeight: r.height,
          page: document.documentElement.scrollHeight,
          viewport: window.innerHeight,
          background: getComputedStyle(column).backgroundColor,
          bottomIsSidebar: !!atBottom && column.contains(atBottom),
          panelTop: panel.top,
          panelBottom: panel.bottom,
        };
      });
      // The column with the sidebar's background runs the page's whole height, so it covers the viewport however far
      // the page is scrolled; the navigation in it stays in view, from the top of the viewport to its bottom.
      expect(sidebar.columnTop).toBeLessThanOrEqual(0);
      expect(sidebar.columnBottom).toBeGreaterThanOrEqual(sidebar.viewport);
      expect(sidebar.columnHeight).toBeGreaterThanOrEqual(sidebar.page - 1);
      expect(sidebar.background).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^transparent$/);
      expect(sidebar.bottomIsSidebar).toBe(true);
      expect(sidebar.panelTop).toBe(0);
      expect(sidebar.panelBottom).toBe(sidebar.viewport);
      await page.getByRole('button', { name: lang === 'en' ? 'Sign Out' : 'Abmelden' }).waitFor();
      expect(
        await page.getByRole('button', { name: lang === 'en' ? 'Sign Out' : 'Abmelden' }).isVisible(),
      ).toBe(true);
      await viewShot(page, `layout-sidebar-scrolled-${lang}-desktop`);

      await page.goto('/transactions');
      await page.getByTestId('transaction-row').first().waitFor();
      await expectCardsFit(page, FIGURES, 3);
      await screenshot(page, `layout-transactions-${lang}-desktop`);

      await page.goto('/payment-links');
      await page.getByTestId('link-card').first().waitFor();
      await screenshot(page, `layout-links-${lang}-desktop`);
      await page.getByRole('tab').nth(1).click();
      await until(
        () => page.getByTestId('an-value').textContent().then(trim),
        (s) => EIGHT_DIGITS.test(s.replace(/\s/g, ' ')),
      );
      await expectCardsFit(page, FIGURES, 4);
      await screenshot(page, `layout-links-analytics-${lang}-desktop`);
      expect(errors).toEqual([]);
    },
  );
});

describe('the documentation contents', () => {
  /** Contents entries that are clipped or stick out of the contents' box. */
  const cutEntries = (page: Page) =>
    page.getByRole('navigation', { name: 'On this page' }).evaluate((nav) => {
      const box = nav.getBoundingClientRect();
      return Array.from(nav.querySelectorAll('a'))
        .filter((a) => {
          const r = a.getBoundingClientRect();
          return a.scrollWidth > a.clientWidth || r.left < box.left - 0.5 || r.right > box.right + 0.5;
        })
        .map((a) => a.textContent);
    });

  it('are whole at desktop width: the list fits below the header and follows the reader to the last section', async () => {
    const ctx = await newContext(browser, server.url, DESKTOP);
    const page = await ctx.newPage();
    await page.goto('/docs');
    const nav = page.getByRole('navigation', { name: 'On this page' });
    await nav.getByRole('link').first().waitFor();
    expect(await cutEntries(page)).toEqual([]);
    const last = nav.getByRole('link').last();
    const lastId = (await last.getAttribute('href'))!.slice(1);
    // The reader goes to the end of the page: the last section's entry is highlighted and shown whole.
    await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), lastId);
    await until(
      () => last.getAttribute('aria-current'),
      (v) => v === 'location',
    );
    const seen = await until(
      () =>
        nav.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const entry = el.querySelector('a[aria-current="location"]')!.getBoundingClientRect();
          return {
            inList: entry.top >= box.top && entry.bottom <= box.bottom,
            onScreen: entry.top >= 0 && entry.bottom <= window.innerHeight,
            listBottom: box.bottom,
          };
        }),
      (v) => v.inList && v.onScreen,
    );
    expect(seen.listBottom).toBeLessThanOrEqual(DESKTOP.height);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await viewShot(page, 'layout-docs-desktop-end');
    await ctx.close();
  });

  it('are whole at phone width', async () => {
    const ctx = await newContext(browser, server.url, PHONE);
    const page = await ctx.newPage();
    await page.goto('/docs');
    await page.getByRole('button', { name: 'On this page' }).click();
    const nav = page.getByRole('navigation', { name: 'On this page' });
    await nav.getByRole('link').first().waitFor();
    expect(await cutEntries(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await viewShot(page, 'layout-docs-phone');
    await nav.getByRole('link').last().scrollIntoViewIfNeeded();
    await viewShot(page, 'layout-docs-phone-end');
    await ctx.close();
  });
});
