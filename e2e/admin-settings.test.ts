import { T } from '@coinlane/core/texts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentLinksPage } from './pages/merchant-payments-pages.ts';
import { horizontalOverflow, signIn } from './pages/merchant-session.ts';
import { DESKTOP, launchBrowser, newContext, PHONE, screenshot, viewShot } from './support/browser.ts';
import { signUpMerchant } from './support/merchant-api.ts';
import { ensureWebBuilt, type RunningServer, startServer } from './support/server.ts';

/**
 * System Settings as an administrator uses it (issue 16, decision 020): adding a cryptocurrency with bad then good
 * input in the Add New Cryptocurrency modal, and maintenance mode taking effect: a merchant sees the banner and a
 * change refused, and both go once it is turned off. Each journey runs whole at 1280 and 390 px (in the maintenance
 * one, the merchant and the administrator swap widths); screenshots at both widths, in English and Spanish.
 */

let server: RunningServer;
let browser: Browser;
const ADMIN = { email: 'settings-admin@example.com', password: 'Adm1n!pass-e2e' };
/** The administrator's signed-in page at each width, shared by the journeys of this file (one sign-in each). */
const admins = new Map<number, { ctx: BrowserContext; page: Page }>();

beforeAll(async () => {
  ensureWebBuilt();
  server = await startServer({}, { admin: ADMIN });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const { ctx } of admins.values()) await ctx.close();
  await browser?.close();
  await server?.stop();
});

async function adminPage(viewport: typeof DESKTOP): Promise<Page> {
  const known = admins.get(viewport.width);
  if (known) return known.page;
  const ctx = await newContext(browser, server.url, viewport);
  const page = await ctx.newPage();
  await signIn(page, server, ADMIN);
  admins.set(viewport.width, { ctx, page });
  return page;
}

const widthName = (viewport: typeof DESKTOP) => (viewport === PHONE ? 'phone' : 'desktop');

describe('Cryptocurrencies tab', () => {
  it.each([
    [
      'a desktop',
      DESKTOP,
      {
        symbol: 'wbtc',
        name: 'Wrapped Bitcoin',
        network: 'polygon',
        min: '0.0001',
        contract: '0x1bfd67037b42cf73acf2047067bd4f2c47d9bfd6',
      },
    ],
    [
      'a phone',
      PHONE,
      {
        symbol: 'uni',
        name: 'Uniswap',
        network: 'arbitrum',
        min: '0.01',
        contract: '0xfa7f8980b0f1e64a2062791cc3b0871572f1f7f0',
      },
    ],
  ] as const)(
    'adds a cryptocurrency on %s: the rules’ messages first, then “Cryptocurrency added successfully!”',
    async (_, viewport, coin) => {
      const width = widthName(viewport);
      const page = await adminPage(viewport);
      await page.goto('/admin/settings?tab=cryptocurrencies');
      const list = page.getByRole('list', { name: 'Supported cryptocurrencies' });
      await list.getByRole('listitem').first().waitFor();
      await screenshot(page, `admin-settings-crypto-${width}-en`);
      await viewShot(page, `admin-settings-crypto-${width}-top-en`);

      await page.getByRole('button', { name: 'Add New Cryptocurrency' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New Cryptocurrency' });
      expect(await dialog.getByLabel('Minimum amount').inputValue()).toBe('0.00000001');
      expect(await dialog.getByLabel('Fee percentage').inputValue()).toBe('2.5');
      // bad input: a one-letter symbol, no name, no network, a zero minimum, a short contract
      await dialog.getByLabel('Symbol').fill(coin.symbol.slice(0, 1));
      await dialog.getByLabel('Minimum amount').fill('0');
      await dialog.getByLabel('Contract address (optional)').fill('0x1234');
      await dialog.getByRole('button', { name: 'Add Cryptocurrency' }).click();
      for (const message of [
        T.cryptoSymbolInvalid,
        T.cryptoNameRequired,
        T.cryptoNetworkRequired,
        T.cryptoMinAmountInvalid,
        T.cryptoContractInvalid,
      ]) {
        await dialog.getByText(message).waitFor();
      }
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await viewShot(page, `admin-settings-crypto-add-errors-${width}-en`);

      // good input: the symbol is forced to upper case
      await dialog.getByLabel('Symbol').fill(coin.symbol);
      expect(await dialog.getByLabel('Symbol').inputValue()).toBe(coin.symbol.toUpperCase());
      await dialog.getByLabel('Name').fill(coin.name);
      await dialog.getByLabel('Network').selectOption(coin.network);
      await dialog.getByLabel('Minimum amount').fill(coin.min);
      await dialog.getByLabel('Contract address (optional)').fill(coin.contract);
      await dialog.getByRole('button', { name: 'Add Cryptocurrency' }).click();
      await dialog.getByText(T.cryptoAdded).waitFor();
      await viewShot(page, `admin-settings-crypto-added-${width}-en`);
      await dialog.waitFor({ state: 'hidden' });
      const added = list.getByRole('listitem').filter({ hasText: coin.name });
      await added.waitFor();
      expect(await added.getByLabel(/Min amount/).inputValue()).toBe(coin.min);
      expect(await added.getByLabel(/Fee %/).inputValue()).toBe('2.5');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-settings-crypto-added-list-${width}-en`);
    },
  );

  it('the tab in Spanish at both widths, for looking at', async () => {
    // One signed-in page: its width and remembered language change, and are put back after.
    const page = await adminPage(DESKTOP);
    await page.evaluate(() => localStorage.setItem('coinlane.lang', 'es'));
    for (const viewport of [DESKTOP, PHONE]) {
      const width = widthName(viewport);
      await page.setViewportSize(viewport);
      await page.goto('/admin/settings?tab=cryptocurrencies');
      await page
        .getByRole('list', { name: 'Criptomonedas admitidas' })
        .getByRole('listitem')
        .first()
        .waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-settings-crypto-${width}-es`);
      await viewShot(page, `admin-settings-crypto-${width}-top-es`);
    }
    await page.getByRole('button', { name: 'Añadir nueva criptomoneda' }).click();
    await page.getByRole('dialog', { name: 'Añadir nueva criptomoneda' }).getByLabel('Símbolo').waitFor();
    await viewShot(page, 'admin-settings-crypto-add-phone-es');
    await page.evaluate(() => localStorage.setItem('coinlane.lang', 'en'));
    await page.setViewportSize(DESKTOP);
  });
});

describe('maintenance mode', () => {
  // Each actor at each width: the merchant on a phone while the administrator is on a desktop, then the other way.
  it.each([
    ['a phone', 'a desktop', PHONE, DESKTOP],
    ['a desktop', 'a phone', DESKTOP, PHONE],
  ])(
    'shows a merchant on %s a banner and refuses its changes while on (turned on from %s); both go once it is off',
    async (_m, _a, merchantViewport, adminViewport) => {
      const width = widthName(merchantViewport);
      const password = 'Str0ng!pass-e2e';
      const email = `maint-${width}-${Date.now()}@example.com`;
      await signUpMerchant(server, { name: 'Mona Maintained', email, password });
      const merchantCtx = await newContext(browser, server.url, merchantViewport);
      const shop = await merchantCtx.newPage();
      await signIn(shop, server, { email, password });
      const banner = shop.getByRole('status').filter({ hasText: 'The platform is under maintenance' });

      // The administrator turns maintenance mode on from the General tab and saves.
      const page = await adminPage(adminViewport);
      await page.goto('/admin/settings?tab=general');
      const toggle = page.getByRole('switch', { name: 'Maintenance mode' });
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await toggle.click();
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByRole('status').getByText('Saved').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `admin-settings-maintenance-on-${widthName(adminViewport)}-en`);

      // The merchant sees the banner and a change refused with the reason.
      await shop.goto('/payment-links');
      await banner.waitFor();
      const links = new PaymentLinksPage(shop);
      await links.toggleForm();
      await links.fill({ amount: '25' });
      await shop.getByTestId('preview-rate').waitFor(); // the form is priced and ready
      const [reply] = await Promise.all([
        shop.waitForResponse(
          (r) => r.url().endsWith('/api/v1/payment-links') && r.request().method() === 'POST',
        ),
        links.submit(),
      ]);
      expect(reply.status(), await reply.text()).toBe(503);
      await shop.getByText(T.maintenanceRefused).waitFor();
      expect(await horizontalOverflow(shop)).toBeLessThanOrEqual(0);
      await shop.evaluate(() => window.scrollTo(0, 0));
      await viewShot(shop, `merchant-maintenance-refused-${width}-en`);
      await shop.goto('/dashboard');
      await banner.waitFor();
      expect(await horizontalOverflow(shop)).toBeLessThanOrEqual(0);
      await viewShot(shop, `merchant-maintenance-banner-${width}-en`);

      // Turned off: the banner goes, and the change goes through.
      await toggle.click();
      expect(await toggle.getAttribute('aria-checked')).toBe('false');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await page.getByRole('status').getByText('Saved').waitFor();
      await shop.goto('/payment-links');
      await shop.getByRole('button', { name: 'Create New Link' }).waitFor();
      expect(await banner.count()).toBe(0);
      await links.toggleForm();
      await links.fill({ amount: '25' });
      await shop.getByTestId('preview-rate').waitFor();
      await links.submit();
      await shop.getByTestId('created-url').waitFor();
      expect(await banner.count()).toBe(0);
      await merchantCtx.close();
    },
  );
});
