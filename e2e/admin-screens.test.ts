import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot } from './support/browser.ts';
import { signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * Every screen of the back-office (issue 16), as a super admin sees it, at desktop and phone width, in English and
 * German: each opens with its title and content (no Access Denied, no load failure), fits the screen's width, and is
 * kept as a screenshot (test-results/screens/admin-<screen>-<lang>-<width>.png) for a person to look at.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'screens-admin@example.com', password: 'Adm1n!pass-e2e' };

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: ADMIN });
  browser = await launchBrowser();
  // Something to show: a merchant with a payment link and a support ticket.
  const merchant = await signUpMerchant(server, {
    name: 'Greta Grün',
    email: `screens-${Date.now()}@example.com`,
  });
  await merchant.call('POST', '/payment-links', { fiatAmount: '42.00', currency: 'LTC', description: 'Abo' });
  await merchant.call('POST', '/support/tickets', {
    title: 'Webhook signature does not match',
    category: 'technical',
    message: 'Our receiver says the signature is wrong since this morning.',
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The screens and, for the tabbed ones, each tab (by position: the labels change with the language). */
const SCREENS: { name: string; path: string; tabs?: string[] }[] = [
  { name: 'dashboard', path: '/admin/dashboard' },
  { name: 'users', path: '/admin/users' },
  { name: 'transactions', path: '/admin/transactions' },
  {
    name: 'settings',
    path: '/admin/settings',
    tabs: ['general', 'cryptocurrencies', 'fees', 'security', 'notifications', 'api'],
  },
  { name: 'support', path: '/admin/support', tabs: ['tickets', 'webhooks', 'logs', 'health'] },
  { name: 'audit', path: '/admin/audit' },
];

const FAILURE = /Failed to load|Access Denied|Something went wrong|Zugriff verweigert|nicht geladen werden/;

async function checkScreen(page: Page, shot: string) {
  const title = page.getByRole('heading', { level: 1 });
  await title.waitFor();
  expect((await title.textContent())?.trim()).toBeTruthy();
  // Loading is over: no skeleton or spinner left in the main area.
  await expect
    .poll(() => page.locator('main [aria-busy="true"], main .animate-pulse').count(), { timeout: 60_000 })
    .toBe(0);
  expect(await page.locator('main').textContent()).not.toMatch(FAILURE);
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, shot);
}

describe('every back-office screen', () => {
  for (const [lang, viewport] of [
    ['en', DESKTOP],
    ['de', DESKTOP],
    ['en', PHONE],
    ['de', PHONE],
  ] as const) {
    it(`opens, fits and is shown in ${lang} at ${viewport.width} px`, async () => {
      const ctx = await newContext(browser, server.url, viewport);
      const page = await ctx.newPage();
      await signIn(page, server, ADMIN);
      await page.evaluate((l) => localStorage.setItem('coinlane.lang', l), lang);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        const at = `${lang}-${viewport.width}`;
        if (!screen.tabs) {
          await checkScreen(page, `admin-${screen.name}-${at}`);
          continue;
        }
        const tabs = page.getByRole('tab');
        await tabs.first().waitFor();
        expect(await tabs.count()).toBe(screen.tabs.length);
        for (const [i, tab] of screen.tabs.entries()) {
          await tabs.nth(i).click();
          await expect.poll(() => tabs.nth(i).getAttribute('aria-selected')).toBe('true');
          await checkScreen(page, `admin-${screen.name}-${tab}-${at}`);
        }
      }
      await ctx.close();
    });
  }
});
